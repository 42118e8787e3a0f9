"""A player replaced at their seat: a change to the game like a deal, made on a version, refused
with Conflict if stale, kept in its history (kind "substitute", `position` the first deal the new
player sits in, 0-based; `after` {"seat", "from_deal", "name", "replaced"}), and so is its undo (kind
"unreplace", the same record as `before`, `after` None).

The replacements live in the rules column beside the rules (see `rows.rules_column`), so the game's
deals are not touched."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from scorekeeper.scoring import Game, dump

from . import db, limits
from .rows import Conflict, StoredGame, rules_column
from .versions import bump, record, saved


def save(
    stored: StoredGame, version: int, game: Game, submission: tuple[str, str] | None, limit: str | None = None
) -> int:
    """Store `game`, which is `stored`'s game with one more replacement or without its latest one, as
    the next version made on `version`; Conflict if stale. Returns the new version."""
    s = db.session()
    undone = len(game.substitutes) < len(stored.game.substitutes)
    sub = (stored.game if undone else game).substitutes[-1]
    # Who sat there before: the game without this replacement names them.
    replaced = (game if undone else stored.game).seated(sub.from_deal - 1)[sub.seat]
    said = {"seat": sub.seat, "from_deal": sub.from_deal, "name": sub.name, "replaced": replaced}
    before, after = (said, None) if undone else (None, said)
    try:
        if limit is not None:
            limits.counted(s, limit)
        epoch = bump(s, stored.row, version, rules=rules_column(dump(game)))
        kind = "unreplace" if undone else "substitute"
        change = {"kind": kind, "position": sub.from_deal - 1, "before": before, "after": after}
        record(s, stored, version + 1, change, submission)
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        if limit is not None:
            limits.recount(limit)
        raise Conflict from None
    saved(stored, version + 1, epoch, game)
    return version + 1
