"""A group's club evenings: each round's tables stored as games of the group, in one transaction.

An evening is seated a round at a time, so that players who arrive late or leave early are seated
for the rounds still to come: `create` stores round 1, `add_round` each next one.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.evening import Round
from scorekeeper.scoring import GAMES, Game, Rotation, Rules

from . import db
from .evening_stops import plan_to_write
from .group_names import fold
from .groups import StoredGroup
from .models import EveningRow, GameRow
from .new_games import first_change, stage
from .rows import SUBSTITUTES


@dataclass(frozen=True)
class Planned:
    """What the organiser chose: the game for each table size, the sizes, the rounds, the seed."""

    games: dict[int, str]
    """Game kind id by table size, such as {3: "barbu-3", 4: "barbu", 5: "french"}."""
    sizes: Sequence[int]
    rounds: int
    seed: int


def _stage_round(
    group: StoredGroup, games: dict[str, str], names: Sequence[str], one: Round, length: dict[str, object]
) -> dict[str, object]:
    """A game of the group for every table of round `one` (players by number in `names`), the
    round as long as `length` says ({"length": "full" | "barbette" | "time", "minutes": n})."""
    if length.get("length") == "barbette":  # a game of four: the other tables play their own
        games = {**games, "4": "barbette"}
    membership = group.membership()
    assert membership is not None, "an evening is planned on the group's edit link"
    s = db.session()
    tables = []
    for table in one.tables:
        kind = GAMES[games[str(len(table.seats))]]
        players = tuple(names[p] for p in table.seats)
        # Against the clock the declarer moves every deal, where the game allows it: then every
        # player has declared equally often once each round of the table (a fair stop, see
        # `evening.stop`), not only at the game's end.
        timed = length.get("length") == "time" and any(o.key == "rotation" for o in kind.options)
        rules = (
            Rules.of(kind, len(players), rotation=Rotation.EVERY_DEAL)
            if timed
            else Rules.of(kind, len(players))
        )
        created = stage(Game(players, 0, rules), membership)
        s.flush()
        s.add(first_change(created.row, "evening"))
        tables.append(created.id)
    # When the round was seated: its time limit runs from then (the big screen's timer).
    started = int(time.time())
    return {
        "tables": tables,
        "sitting_out": [names[p] for p in one.sitting_out],
        **length,
        "started": started,
    }


def create(
    group: StoredGroup, planned: Planned, names: Sequence[str], first: Round, length: dict[str, object]
) -> EveningRow:
    """Store the evening and its first round's games, in `group` (its edit link)."""
    s = db.session()
    games = {str(k): v for k, v in planned.games.items()}
    try:
        played = _stage_round(group, games, names, first, length)
        plan = {"rounds": [played], "games": games, "sizes": sorted(planned.sizes), "planned": planned.rounds}
        row = EveningRow(group_id=group.row.id, seed=planned.seed, plan=plan)
        s.add(row)
        s.commit()
    except BaseException:
        s.rollback()
        raise
    return row


def add_round(
    group: StoredGroup, row: EveningRow, names: Sequence[str], one: Round, length: dict[str, object]
) -> None:
    """Store the evening's next round: its games, and the round in the evening's plan."""
    s = db.session()
    try:
        plan = plan_to_write(row)
        played = _stage_round(group, dict(plan.get("games", {})), names, one, length)
        row.plan = {**plan, "rounds": [*plan.get("rounds", []), played]}  # a new dict: stored anew
        s.commit()
    except BaseException:
        s.rollback()
        raise


def find(group: StoredGroup, evening_id: int) -> EveningRow | None:
    row = db.session().get(EveningRow, evening_id)
    return row if row is not None and row.group_id == group.row.id else None


def of_group(group: StoredGroup) -> list[EveningRow]:
    """The group's evenings, newest first."""
    query = select(EveningRow).where(EveningRow.group_id == group.row.id).order_by(EveningRow.id.desc())
    return list(db.session().scalars(query))


def stamps_of(row: EveningRow, name: str) -> str:
    """The version and epoch of every table of the evening at which `name` sits, in one query: a
    guide card shows only its player's tables, so its ETag need not move with every other table's
    deal (40 cards polling a room of 10 tables would otherwise hear 200 almost every time)."""
    ids = [g for one in row.plan.get("rounds", []) for g in one.get("tables", []) if isinstance(g, int)]
    if not ids:
        return ""
    columns = (GameRow.id, GameRow.players, GameRow.rules, GameRow.version, GameRow.epoch)
    wanted = fold(name)
    mine = sorted(
        f"{game}.{version}.{epoch}"
        for game, players, rules, version, epoch in db.session().execute(
            select(*columns).where(GameRow.id.in_(ids))
        )
        if any(fold(p) == wanted for p in (*players, *_substitutes(rules)))
    )
    return "-".join(mine)


def _substitutes(rules: object) -> list[str]:
    """The names of a stored game's substitutes (kept with its rules, see `rows.SUBSTITUTES`)."""
    found = rules.get(SUBSTITUTES, []) if isinstance(rules, dict) else []
    return [str(s.get("name", "")) for s in found if isinstance(s, dict)]
