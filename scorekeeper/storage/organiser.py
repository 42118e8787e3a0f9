"""The organiser's word on a club evening (the group's edit link): a finished table locked, the
changes made to a table after it finished, adjustments beside the tables' scores, and the
standings approved as they stood.

A lock is a column of the game, asked for in the version's own UPDATE (`versions.bump`): a save
costs no query more. Only when a save is refused is the lock read, to say why.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from . import db, links
from .evening_stops import STOP, plan_to_write
from .links import well_formed
from .models import AdjustmentRow, ChangeRow, EveningApprovalRow, EveningRow, GameRow, GroupRow, now

REASON_LIMIT = 200
POINTS_LIMIT = 10_000
FINISHING = {"add": 1, "redo": 1, "undo": 0}
"""A change to deal `position` leaves the game with position + this many deals."""


def _told(evening: EveningRow) -> None:
    """Draw the evening's plan a new mark: the big screen's and the cards' ETags hash the plan, so
    a change of the organiser's word (kept in tables of its own) reaches every screen at its next
    poll, on every server, with no query more a poll."""
    evening.plan = {**plan_to_write(evening), "word": secrets.token_hex(4)}


class Locked(Exception):
    """The table is locked: only the organiser of its club evening changes it."""


def locked(row: GameRow) -> bool:
    """Whether the game is locked now (read afresh: asked only after a refused save)."""
    return db.session().scalar(select(GameRow.locked_at).where(GameRow.id == row.id)) is not None


def holds(group_id: int | None, tokens: Iterable[str]) -> bool:
    """Whether one of `tokens` is the edit link of group `group_id`."""
    hashes = {links.digest(t) for t in tokens if isinstance(t, str) and well_formed(t)}
    if group_id is None or not hashes:
        return False
    return db.session().scalar(select(GroupRow.edit_hash).where(GroupRow.id == group_id)) in hashes


def lock(evening: EveningRow, game_id: int, locking: bool) -> None:
    """Lock (or unlock) one of the evening's tables; not a change to the game itself."""
    s = db.session()
    s.execute(
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.group_id == evening.group_id)
        .values(locked_at=now() if locking else None)
    )
    _told(evening)
    s.commit()


def locks(game_ids: Sequence[int]) -> dict[int, datetime]:
    """When each of the games that are locked was locked, by id."""
    if not game_ids:
        return {}
    query = select(GameRow.id, GameRow.locked_at).where(
        GameRow.id.in_(game_ids), GameRow.locked_at.is_not(None)
    )
    return {game_id: at for game_id, at in db.session().execute(query) if at is not None}


def adjust(
    evening: EveningRow, game_id: int, player: str, points: int, reason: str, submission: str | None
) -> None:
    """Keep an adjustment of `player`'s score at the table `game_id`; a repeat of the form's
    one-time id `submission` (a double tap) keeps nothing more."""
    s = db.session()
    once = submission if submission and well_formed(submission) else None
    s.add(
        AdjustmentRow(
            evening_id=evening.id,
            game_id=game_id,
            player=player,
            points=points,
            reason=reason,
            submission=once,
        )
    )
    _told(evening)
    try:
        s.commit()
    except IntegrityError:
        s.rollback()


def unadjust(evening: EveningRow, adjustment_id: int) -> None:
    s = db.session()
    s.execute(
        delete(AdjustmentRow).where(AdjustmentRow.id == adjustment_id, AdjustmentRow.evening_id == evening.id)
    )
    _told(evening)
    s.commit()


def adjustments(evening: EveningRow) -> list[AdjustmentRow]:
    """The evening's adjustments, oldest first."""
    query = select(AdjustmentRow).where(AdjustmentRow.evening_id == evening.id).order_by(AdjustmentRow.id)
    return list(db.session().scalars(query))


def fingerprint(stamps: Iterable[tuple[int, str]], adjusted: Sequence[AdjustmentRow]) -> str:
    """What the standings are made of: every table's stamp (by game id) and every adjustment."""
    made_of = {
        "tables": sorted(stamps),
        "adjustments": [(a.id, a.game_id, a.player, a.points) for a in adjusted],
    }
    return hashlib.sha256(json.dumps(made_of, sort_keys=True).encode()).hexdigest()


def approve(evening: EveningRow, shown: str) -> None:
    s = db.session()
    s.add(EveningApprovalRow(evening_id=evening.id, fingerprint=shown))
    _told(evening)
    s.commit()


def approval(evening: EveningRow) -> EveningApprovalRow | None:
    """The organiser's latest approval of the evening's standings."""
    query = (
        select(EveningApprovalRow)
        .where(EveningApprovalRow.evening_id == evening.id)
        .order_by(EveningApprovalRow.id.desc())
        .limit(1)
    )
    return db.session().scalar(query)


def _finishes(change: ChangeRow, total: int) -> bool:
    """Whether the change left the game finished: at its `total` deals, or ended at its fair stop."""
    if change.kind == STOP:
        return True
    return (
        change.kind in FINISHING
        and change.position is not None
        and change.position + FINISHING[change.kind] == total
    )


def after_finish(totals: Mapping[int, int]) -> dict[int, list[ChangeRow]]:
    """Every change made to each game (by id, with its number of deals) after it first finished
    (reached its number of deals, or was ended at its fair stop), oldest first; a game that has
    not finished has none."""
    if not totals:
        return {}
    query = select(ChangeRow).where(ChangeRow.game_id.in_(list(totals))).order_by(ChangeRow.version)
    history: dict[int, list[ChangeRow]] = {game_id: [] for game_id in totals}
    for change in db.session().scalars(query):
        history[change.game_id].append(change)
    late = {}
    for game_id, changes in history.items():
        finished = next((i for i, c in enumerate(changes) if _finishes(c, totals[game_id])), None)
        late[game_id] = changes[finished + 1 :] if finished is not None else []
    return late
