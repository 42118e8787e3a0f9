"""A table's fair stop and pace: kept in the evening's plan (no table of its own), and the times
its deals were saved, read from the game's changes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select

from . import db
from .models import ChangeRow, EveningRow, GameRow, now
from .rows import Conflict, stamp
from .stamps import remember_saved
from .versions import RECORD, bump, connection

STOP = "stop"
"""The kind of the game's change that ends its table at its fair stop (its `after`: the deals kept)."""


def round_of(row: EveningRow, game_id: int) -> dict[str, Any] | None:
    """The round of the evening whose tables hold the game, as its plan stores it."""
    return next((r for r in row.plan.get("rounds", []) if game_id in r.get("tables", [])), None)


def stopped_at(one: dict[str, Any], game_id: int) -> int | None:
    """The deals a stopped table's game ended with; None when it was not stopped."""
    found = one.get("stopped", {}).get(str(game_id))
    return None if found is None else int(found)


def stop(row: EveningRow, game_id: int, deals: int) -> int:
    """End the table's game for the evening after `deals` deals (its fair point), in one
    transaction with a new version of the game: its page changes (no deal to enter, nothing to
    undo), and every cache, ETag and answer kept of a game page names it by the game's stamp.
    The game's history keeps the stop as the version's change ("stop", the deals kept), so the
    evening can tell the corrections made after it. The new version; Conflict if a save came
    first (the point may have moved)."""
    s = db.session()
    game = s.get(GameRow, game_id)
    if game is None:
        raise Conflict
    change = {"kind": STOP, "position": None, "before": None, "after": {"deals": deals}}
    try:
        epoch = bump(s, game, game.version, unlocked=True)
        made = {"game_id": game_id, "version": game.version, "at": now(), "made_by": "organiser"}
        connection(s).execute(RECORD, {**made, **change})
    except BaseException:
        s.rollback()
        raise
    keep_for_table(row, game_id, "stopped", deals)
    remember_saved(game, stamp(game.version, epoch))
    return game.version


def time_round(game: GameRow) -> tuple[EveningRow, dict[str, Any]] | None:
    """The evening and round a game is a table of, when that round has a time limit."""
    if game.group_id is None:
        return None
    query = select(EveningRow).where(EveningRow.group_id == game.group_id).order_by(EveningRow.id.desc())
    for row in db.session().scalars(query):
        one = round_of(row, game.id)
        if one is not None:
            return (row, one) if one.get("length") == "time" and one.get("minutes") else None
    return None


def stopped_after(game: GameRow) -> int | None:
    """The deals a game ended with when the organiser ended its table at its fair stop; None when
    it is no evening's table, or was not stopped."""
    if game.group_id is None:
        return None
    query = select(EveningRow).where(EveningRow.group_id == game.group_id).order_by(EveningRow.id.desc())
    for row in db.session().scalars(query):
        one = round_of(row, game.id)
        if one is not None:
            return stopped_at(one, game.id)
    return None


def _seconds(at: datetime) -> float:
    # SQLite gives the stored time back without its zone: it was stored in UTC.
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()


def saved_times(game_id: int, played: int) -> list[float]:
    """When each of the first `played` deals was last added, in seconds since the epoch."""
    query = (
        select(ChangeRow.position, func.max(ChangeRow.at))
        .where(ChangeRow.game_id == game_id, ChangeRow.kind == "add", ChangeRow.position < played)
        .group_by(ChangeRow.position)
    )
    return [_seconds(at) for _position, at in db.session().execute(query)]


def plan_to_write(row: EveningRow) -> dict[str, Any]:
    """The evening's plan read again, its row locked until the transaction ends (on PostgreSQL;
    SQLite has one writer at a time): a plan is written whole, so a change made on one read
    before another server's write would undo that write (two tables stopped at once, say)."""
    s = db.session()
    with s.no_autoflush:  # what the caller added is written by its commit, which handles its errors
        s.refresh(row, attribute_names=["plan"], with_for_update=True)
    return row.plan


def keep_for_table(row: EveningRow, game_id: int, key: str, value: object) -> None:
    """Store `value` under `key` of the round that holds the table `game_id`, by table, and commit."""
    rounds = []
    for one in plan_to_write(row).get("rounds", []):
        if game_id in one.get("tables", []):
            one = {**one, key: {**one.get(key, {}), str(game_id): value}}
        rounds.append(one)
    s = db.session()
    try:
        row.plan = {**row.plan, "rounds": rounds}  # a new dict: stored anew
        s.commit()
    except BaseException:
        s.rollback()
        raise
