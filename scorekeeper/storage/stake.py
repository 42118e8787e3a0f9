"""The stake per point and the currency a game is settled at: a change to the game like a deal,
made on a version, refused with Conflict if stale, kept in its history (kind "stake", before and
after as {"stake": "0.10", "currency": "EUR"}, or None for no stake) so that it can be undone.

The game file does not hold the stake: the new version folds to the same game."""

from __future__ import annotations

from sqlalchemy import null
from sqlalchemy.exc import IntegrityError

from . import db, limits
from .models import ChangeRow
from .rows import Conflict, StoredGame
from .versions import bump, record, saved

Stake = dict[str, str]


def save(
    stored: StoredGame,
    version: int,
    stake: Stake | None,
    submission: tuple[str, str] | None,
    limit: str | None = None,
) -> int:
    """Settle the game at `stake` (None: at none) as the next version, made on `version`; Conflict
    if stale. `limit`: the rate limit counted in the same transaction, as `store.save` does.
    Returns the new version."""
    s = db.session()
    before = dict(stored.row.settle) if stored.row.settle else None
    try:
        if limit is not None:
            limits.counted(s, limit)
        settle = stake if stake is not None else null()
        epoch = bump(s, stored.row, version, unlocked=stored.organiser, settle=settle)
        change = {"kind": "stake", "position": None, "before": before, "after": stake}
        record(s, stored, version + 1, change, submission)
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        if limit is not None:
            limits.recount(limit)
        raise Conflict from None
    saved(stored, version + 1, epoch, stored.game)
    return version + 1


def undoable(stored: StoredGame, last: ChangeRow | None) -> ChangeRow | None:
    """The game's last change if it set the stake and the game is still at it: undoing it puts
    the stake before it back."""
    if last is None or last.kind != "stake" or last.version != stored.version:
        return None
    return last
