"""New games' rows: one game (created, or staged in a larger transaction), or many at once (an
import), each with fresh links sealed for the group it joins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select

from scorekeeper.scoring import Game, dump

from . import db, links
from .links import new_token
from .models import ChangeRow, DealRow, GameRow, GroupRow, now
from .rows import StoredGame, columns, deal_row, new_epoch, rules_column, seals


@dataclass(frozen=True)
class Membership:
    """The group a new game joins, and the links its links are sealed under there (see `links`)."""

    group_id: int
    group_view: str
    """The group's read-only link: the game's pages link back to it, and it opens the game's
    read-only link on the group's pages."""
    edit_key: str
    """What opens the game's edit link on the group's edit page: the group's edit link, or the
    edit link of the game `edit_by` that this one follows."""
    edit_by: int | None = None


def membership(stored: StoredGame) -> Membership | None:
    """The group that a game started from `stored` ("play again", on its edit link) joins: its own."""
    row = stored.row
    if row.group_id is None or not stored.editable:
        return None
    group_view = group_link(stored)
    return None if group_view is None else Membership(row.group_id, group_view, stored.token, row.id)


def group_link(stored: StoredGame) -> str | None:
    """The read-only link of the group the game belongs to, opened with the game's own link."""
    row = stored.row
    if row.group_id is None:
        return None
    expected = db.session().scalar(select(GroupRow.view_hash).where(GroupRow.id == row.group_id))
    return links.unseal(seals(row).get("group"), stored.view_token, "game-group", expected or "")


@dataclass(frozen=True)
class Created:
    """A game just stored, with its two links: the only time they are known in clear."""

    row: GameRow
    edit_token: str
    view_token: str

    @property
    def id(self) -> int:
        return self.row.id


def fresh(game: Game, group: Membership | None) -> tuple[dict[str, Any], list[dict[str, Any]], str, str]:
    """A new game's row (its columns, with fresh links and their seals), its hands, and its links."""
    edit, view = new_token(), new_token()
    sealed: dict[str, Any] = {"view": links.seal(view, edit, "game-view")}
    if group is not None:
        sealed |= {
            "group": links.seal(group.group_view, view, "game-group"),
            "view_in_group": links.seal(view, group.group_view, "member-view"),
            "edit_in_group": links.seal(edit, group.edit_key, "member-edit"),
            "edit_by": group.edit_by,
        }
    doc = dump(game)
    columns = {
        "edit_hash": links.digest(edit),
        "view_hash": links.digest(view),
        "seals": sealed,
        "players": list(game.players),
        "first_declarer": game.first_declarer,
        "rules": rules_column(doc),
        "version": 0,
        "epoch": new_epoch(),
        "group_id": group.group_id if group is not None else None,
    }
    return columns, doc["hands"], edit, view


def stage(game: Game, group: Membership | None = None) -> Created:
    """`game` as a new row with fresh links, added to the session but neither flushed nor committed."""
    columns, hands, edit, view = fresh(game, group)
    row = GameRow(**columns)
    for position, hand in enumerate(hands):
        row.deals.append(deal_row(position, hand))
    db.session().add(row)
    return Created(row, edit, view)


def first_change(row: GameRow, kind: str) -> ChangeRow:
    """The change that records a new game (`row` flushed, so that it has its id)."""
    return ChangeRow(game_id=row.id, version=0, kind=kind, position=None, before=None, after=None)


STEP = 20  # games prepared between two pauses (a few milliseconds of work)


@dataclass(frozen=True)
class Prepared:
    """Games ready to be stored at once (an import): each row's columns, but its group, and hands."""

    rows: list[dict[str, Any]]
    hands: list[list[dict[str, Any]]]


def prepare_many(
    games: Sequence[tuple[Game, datetime | None]], group: Membership, between: Callable[[], None]
) -> Prepared:
    """The rows of `games` (each with the time it was started, if known), sealed for `group`,
    worked out before any write; `between()` is called every STEP games."""
    rows, hands = [], []
    for number, (game, started) in enumerate(games, start=1):
        columns, played, _edit, _view = fresh(game, group)
        when = started or now()
        rows.append({**columns, "created_at": when, "updated_at": when})
        hands.append(played)
        if number % STEP == 0:
            between()
    return Prepared(rows, hands)


def insert_many(
    prepared: Prepared, group_id: int, kind: str, between: Callable[[], None] = lambda: None
) -> None:
    """Store prepared games in group `group_id`, in the session's transaction, not committed.

    Plain multi-row INSERTs with nothing else to work out: a zip of 500 games is some 15,000 rows,
    which the ORM's unit of work takes seconds over. On PostgreSQL they go in batches of STEP
    games, `between()` called after each (nobody else waits on rows that no one can see yet); on
    SQLite in one go, since every other writer waits for the write lock meanwhile, and its worker
    with it (SQLite waits for a lock in C, where gevent cannot switch)."""
    s = db.session()
    step = STEP if s.get_bind().dialect.name == "postgresql" else len(prepared.rows) or 1
    first = {"version": 0, "kind": kind, "position": None, "before": None, "after": None, "at": now()}
    for start in range(0, len(prepared.rows), step):
        rows = [{**row, "group_id": group_id} for row in prepared.rows[start : start + step]]
        ids = s.scalars(insert(GameRow).returning(GameRow.id, sort_by_parameter_order=True), rows).all()
        deals = [
            {"game_id": game_id, "position": position, **columns(hand, None)}
            for game_id, played in zip(ids, prepared.hands[start : start + step], strict=True)
            for position, hand in enumerate(played)
        ]
        if deals:
            s.execute(insert(DealRow), deals)
        s.execute(insert(ChangeRow), [{"game_id": game_id, **first} for game_id in ids])
        between()
