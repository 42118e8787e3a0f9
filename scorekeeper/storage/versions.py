"""The steps every change to a game takes in its transaction: bump the version made on (or refuse
with Conflict), record the change, keep the form's one-time id; and, once committed, have this
worker know the new state. `store.save` (a deal) and `stake.save` (the stake) are made of them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.orm import Session

from scorekeeper.scoring import Game
from scorekeeper.util.memo import Memo

from .links import well_formed
from .models import ChangeRow, GameRow, SubmissionRow, now
from .rows import Conflict, StoredGame, new_epoch, stamp
from .stamps import remember_saved
from .submissions import sealed_location

# Folded games by (edit link's hash, stamp): a stamp names one state for good, so a worker folds
# each state once (and a save hands over the game it folded) instead of once per request. The
# link's hash, not the row id, names the game: ids may be used again after a restore, links never are.
FOLDED: Memo[tuple[str, str], Game] = Memo(512)


def bump(s: Session, row: GameRow, version: int, unlocked: bool = False, **values: Any) -> int:
    """Move the game from `version` (and the epoch it was loaded with) to the next, setting
    `values` too; Conflict if another save came first, or if the table is locked and the change is
    not `unlocked` (the organiser's). The new epoch."""
    epoch = new_epoch()
    made_on = [GameRow.id == row.id, GameRow.version == version, GameRow.epoch == row.epoch]
    if not unlocked:  # the lock is read in the save's own statement: no query more per save
        made_on.append(GameRow.locked_at.is_(None))
    bumped = s.execute(
        update(GameRow).where(*made_on).values(version=version + 1, epoch=epoch, updated_at=now(), **values)
    )
    if bumped.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict
    return epoch


def record(
    s: Session, stored: StoredGame, version: int, change: dict[str, Any], submission: tuple[str, str] | None
) -> None:
    """Keep the change made as `version` and, if well formed, the form's one-time id with the page
    a repeat of it is sent to."""
    row = stored.row
    by = "organiser" if stored.organiser else None
    s.execute(insert(ChangeRow).values(game_id=row.id, version=version, at=now(), made_by=by, **change))
    if submission is not None and well_formed(submission[0]):
        location = sealed_location(stored, submission[1])
        once = {"id": submission[0], "version": version, "location": location, "at": now()}
        s.execute(insert(SubmissionRow).values(game_id=row.id, **once))


def saved(stored: StoredGame, version: int, epoch: int, game: Game) -> None:
    """After the commit: this worker knows the new state's game and stamp without asking again."""
    new = stamp(version, epoch)
    FOLDED.put((stored.row.edit_hash, new), game)
    remember_saved(stored.row, new)
