"""The steps every change to a game takes in its transaction: bump the version made on (or refuse
with Conflict), record the change, keep the form's one-time id; and, once committed, have this
worker know the new state. `store.save` (a deal) and `stake.save` (the stake) are made of them."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, insert, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

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

# The writes of a save as Core statements on the tables, built once: through the ORM (its bulk
# paths, which also look for the rows in the session) and built anew each time, a save's four
# writes cost about as much CPU as the rest of the request. The session's transaction holds them.
GAMES = cast(Table, GameRow.__table__)
CHANGES = cast(Table, ChangeRow.__table__)
SUBMISSIONS = cast(Table, SubmissionRow.__table__)
BUMP_ANY = (
    update(GAMES)
    .where(
        GAMES.c.id == bindparam("row_id"),
        GAMES.c.version == bindparam("made_on"),
        GAMES.c.epoch == bindparam("made_on_epoch"),
    )
    .values(version=bindparam("new_version"), epoch=bindparam("new_epoch"), updated_at=bindparam("at"))
)
"""The organiser's: a locked table too."""
BUMP = BUMP_ANY.where(GAMES.c.locked_at.is_(None))
RECORD = insert(CHANGES)
KEEP_ID = insert(SUBMISSIONS)


def connection(s: Session) -> Connection:
    """The connection of `s`'s transaction, which the save's statements run on."""
    return s.connection()


def bump(s: Session, row: GameRow, version: int, unlocked: bool = False, **values: Any) -> int:
    """Move the game from `version` (and the epoch it was loaded with) to the next, setting
    `values` too; Conflict if another save came first, or if the table is locked and the change is
    not `unlocked` (the organiser's). The new epoch. The row in the session has the new version
    and epoch (as the ORM's own UPDATE would have left it)."""
    epoch, at = new_epoch(), now()
    # The lock is read in the save's own statement: no query more per save.
    statement = BUMP_ANY if unlocked else BUMP
    statement = statement.values(**values) if values else statement
    params = {"row_id": row.id, "made_on": version, "made_on_epoch": row.epoch}
    new = {"new_version": version + 1, "new_epoch": epoch, "at": at}
    bumped = connection(s).execute(statement, {**params, **new})
    if bumped.rowcount != 1:
        raise Conflict
    for name, value in {"version": version + 1, "epoch": epoch, "updated_at": at}.items():
        set_committed_value(row, name, value)
    if values:
        s.expire(row, list(values))  # read again if asked for, as the ORM's UPDATE leaves them
    return epoch


def record(
    s: Session, stored: StoredGame, version: int, change: dict[str, Any], submission: tuple[str, str] | None
) -> None:
    """Keep the change made as `version` and, if well formed, the form's one-time id with the page
    a repeat of it is sent to."""
    row = stored.row
    by = "organiser" if stored.organiser else None
    written = connection(s)
    written.execute(RECORD, {"game_id": row.id, "version": version, "at": now(), "made_by": by, **change})
    if submission is not None and well_formed(submission[0]):
        location = sealed_location(stored, submission[1])
        once = {"id": submission[0], "version": version, "location": location, "at": now()}
        written.execute(KEEP_ID, {"game_id": row.id, **once})


def saved(stored: StoredGame, version: int, epoch: int, game: Game) -> None:
    """After the commit: this worker knows the new state's game and stamp without asking again."""
    new = stamp(version, epoch)
    FOLDED.put((stored.row.edit_hash, new), game)
    remember_saved(stored.row, new)
