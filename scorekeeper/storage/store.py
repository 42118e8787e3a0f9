"""Games in the database: create, find by link, and change with a version check. The pieces sit
beside it (`rows`: a stored game and its columns; `new_games`: new rows, one or many; `stamps`: a
game's state read for a poll; `submissions`: one-time ids); this module is what the rest calls.

Every change names the state of the game it was made on: its version and the
epoch drawn with that version (its stamp, "12.3f9a0c"). The version is bumped
with a conditional UPDATE on both, and the change is recorded under a unique
(game, version) key, so two phones, workers or machines changing the same
state never both succeed: the second gets Conflict.

Why an epoch: a backup restored while the servers run (or a plain pg_restore)
gives a game back a version number it had before, and the next save makes a
version number that already named another state. The epoch is drawn at random
with every version, so a stamp names one state for good: caches, ETags and
forms use stamps, never bare version numbers.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from scorekeeper.scoring import Game, dump_hand, load

from . import db, limits, links
from .links import well_formed
from .models import ChangeRow, DealRow, GameRow, SubmissionRow
from .new_games import (
    Created,
    Membership,
    Prepared,
    first_change,
    group_link,
    insert_many,
    membership,
    prepare_many,
    stage,
)
from .rows import Changed, Conflict, StoredGame, columns, document, hand_of, new_epoch, seals, stamp
from .stamps import STAMPS, current_stamp
from .submissions import Once, answered, sealed_location
from .versions import FOLDED, bump, connection, record, saved

__all__ = [
    "FOLDED",
    "STAMPS",
    "Changed",
    "Conflict",
    "Created",
    "Membership",
    "Once",
    "Prepared",
    "StoredGame",
    "answered",
    "create",
    "current_stamp",
    "document",
    "find",
    "first_change",
    "folded",
    "group_link",
    "hand_of",
    "history",
    "insert_many",
    "last_change",
    "membership",
    "new_epoch",
    "prepare_many",
    "save",
    "seals",
    "stage",
    "stamp",
]


def find(token: str) -> StoredGame | None:
    """The game whose edit or view link ends in `token`."""
    if not well_formed(token):
        return None
    key = links.digest(token)
    s = db.session()
    for _ in range(READS):
        row = s.scalar(BY_LINK, {"link": key})
        if row is None:
            return None
        try:
            return StoredGame(row, folded(row), row.edit_hash == key, token)
        except Changed:  # a save came between the row and its deals: read both again
            s.expire(row)
    raise Changed


READS = 5
# Built once: building the query cost about as much as running it.
BY_LINK = (
    select(GameRow)
    .where(or_(GameRow.edit_hash == bindparam("link"), GameRow.view_hash == bindparam("link")))
    .execution_options(populate_existing=True)
)
STAMP_OF_ROW = text("SELECT version, epoch FROM games WHERE id = :id")


def folded(row: GameRow) -> Game:
    """The checked game of a stored row, folded once per state; Changed if the game changed while
    its deals were read, so that nothing is kept under a stamp it is not of."""
    key = (row.edit_hash, stamp(row.version, row.epoch))
    found = FOLDED.get(key)
    if found is None:
        game = load(document(row))
        # PostgreSQL reads each statement at its own moment: the deals may be of a save that came
        # after the row was read. They are the row's if the game still has the row's stamp.
        now = db.session().execute(STAMP_OF_ROW, {"id": row.id}).first()
        if now is None or stamp(int(now[0]), int(now[1])) != key[1]:
            raise Changed
        found = FOLDED.put(key, game)
    return found


def create(
    game: Game, kind: str = "create", once: Once | None = None, group: Membership | None = None
) -> Created:
    """Store `game` as a new game with fresh links, in `group` if given; Conflict if `once` was
    already acted on."""
    s = db.session()
    created = stage(game, group)
    s.flush()
    s.add(first_change(created.row, kind))
    if once is not None and well_formed(once.submission):
        made_on = once.made_on
        location = sealed_location(made_on, once.location(created.edit_token))
        s.add(
            SubmissionRow(
                id=once.submission, game_id=made_on.row.id, version=made_on.version, location=location
            )
        )
    try:
        s.commit()
    except IntegrityError:  # the same submission, sent twice at once, was stored by the other
        s.rollback()
        raise Conflict from None
    return created


def save(
    stored: StoredGame,
    version: int,
    game: Game,
    kind: str,
    position: int,
    submission: tuple[str, str] | None = None,
    detail: dict[str, Any] | None = None,
    limit: str | None = None,
) -> int:
    """Store `game` as the next version of `stored`, made on `version` and the epoch `stored`
    was loaded with; Conflict if stale. The new version gets an epoch of its own.

    `kind` is "add", "edit", "undo" or "redo" and `position` the deal
    concerned; only that deal's row changes. `submission` is the form's
    one-time id and the page to answer a repeat of it with; it is stored in
    the same transaction as the change, so a change and its id are kept
    together or not at all. An id that is not well formed is left out.
    `detail` is what the form showed that the game file does not keep (who
    took which queen), so that a correction shows exactly what was entered.
    `limit` names the rate limit the change counts against, counted in the same transaction (one
    commit, not two; 429 before anything is stored when over). Returns the new version.
    """
    s = db.session()
    row = stored.row
    before = dump_hand(stored.game, position) if position < len(stored.game.deals) else None
    after = dump_hand(game, position) if position < len(game.deals) else None
    # Plain statements rather than the ORM's unit of work: a save is four small writes, and
    # flushing objects through the session cost more than the writes themselves.
    try:
        if limit is not None:
            limits.counted(s, limit)
        epoch = bump(s, row, version, unlocked=stored.organiser)
        # Only the deal concerned is written, by its position: the other rows are not read.
        deal = {"deal_game": row.id, "deal_position": position}
        if after is None:
            connection(s).execute(DELETE_DEAL, deal)
        elif before is not None:
            connection(s).execute(UPDATE_DEAL, {**deal, **columns(after, detail)})
        else:
            connection(s).execute(
                INSERT_DEAL, {"game_id": row.id, "position": position, **columns(after, detail)}
            )
        change = {"kind": kind, "position": position, "before": before, "after": after}
        record(s, stored, version + 1, change, submission)
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        if limit is not None:
            limits.recount(limit)
        raise Conflict from None
    saved(stored, version + 1, epoch, game)
    return version + 1


DEALS = cast(Table, DealRow.__table__)
THE_DEAL = (DEALS.c.game_id == bindparam("deal_game"), DEALS.c.position == bindparam("deal_position"))
DELETE_DEAL = delete(DEALS).where(*THE_DEAL)
UPDATE_DEAL = update(DEALS).where(*THE_DEAL)  # the columns set are the parameters given
INSERT_DEAL = insert(DEALS)


def last_change(row: GameRow) -> ChangeRow | None:
    """The game's latest change."""
    return db.session().scalar(
        select(ChangeRow).where(ChangeRow.game_id == row.id).order_by(ChangeRow.version.desc()).limit(1)
    )


def history(row: GameRow) -> list[ChangeRow]:
    """Every change made to a game, newest first."""
    s = db.session()
    return list(
        s.scalars(select(ChangeRow).where(ChangeRow.game_id == row.id).order_by(ChangeRow.version.desc()))
    )
