"""A group's club evenings: every round's tables stored as games of the group, in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.evening import Evening
from scorekeeper.scoring import GAMES, Game, Rules

from . import db
from .groups import StoredGroup
from .models import EveningRow
from .new_games import first_change, stage


@dataclass(frozen=True)
class Planned:
    """What the organiser chose: who is present, the game for each table size, the rounds' plan."""

    names: Sequence[str]
    games: dict[int, str]
    """Game kind id by table size, such as {3: "barbu-3", 4: "barbu", 5: "french"}."""
    evening: Evening
    seed: int


def create(group: StoredGroup, planned: Planned) -> EveningRow:
    """Store the evening and a game per table of every round, in `group` (its edit link)."""
    membership = group.membership()
    assert membership is not None, "an evening is planned on the group's edit link"
    s = db.session()
    rounds = []
    try:
        for one in planned.evening.rounds:
            tables = []
            for table in one.tables:
                kind = GAMES[planned.games[len(table.seats)]]
                players = tuple(planned.names[p] for p in table.seats)
                created = stage(Game(players, 0, Rules.of(kind, len(players))), membership)
                s.flush()
                s.add(first_change(created.row, "evening"))
                tables.append(created.id)
            rounds.append({"tables": tables, "sitting_out": [planned.names[p] for p in one.sitting_out]})
        row = EveningRow(
            group_id=group.row.id,
            seed=planned.seed,
            plan={"rounds": rounds, "games": {str(k): v for k, v in planned.games.items()}},
        )
        s.add(row)
        s.commit()
    except BaseException:
        s.rollback()
        raise
    return row


def find(group: StoredGroup, evening_id: int) -> EveningRow | None:
    row = db.session().get(EveningRow, evening_id)
    return row if row is not None and row.group_id == group.row.id else None


def of_group(group: StoredGroup) -> list[EveningRow]:
    """The group's evenings, newest first."""
    query = select(EveningRow).where(EveningRow.group_id == group.row.id).order_by(EveningRow.id.desc())
    return list(db.session().scalars(query))
