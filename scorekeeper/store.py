"""Games in the database: create, find by link, and change with a version check.

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

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from . import db
from .memo import Memo
from .models import ChangeRow, DealRow, GameRow, SubmissionRow, now
from .scoring import FORMAT, Game, dump, dump_hand, load


class Conflict(Exception):
    """The game changed since the version the change was made on."""


class Changed(Exception):
    """The game changed while its deals were being read."""


@dataclass(frozen=True)
class StoredGame:
    """A game as loaded for one request: the row, the checked game, and the link used."""

    row: GameRow
    game: Game
    editable: bool

    @property
    def token(self) -> str:
        return self.row.edit_token if self.editable else self.row.view_token

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def stamp(self) -> str:
        """The state shown: what forms carry, and what ETags and caches name."""
        return stamp(self.row.version, self.row.epoch)

    def detail(self, index: int) -> dict[str, Any]:
        """What the form showed for the deal at `index` beyond its result (who took which queen)."""
        deal = self.row.deals[index] if index < len(self.row.deals) else None
        return dict(deal.entry or {}) if deal is not None else {}


# Below 2**40, so that a group's sum of its games' epochs (groups.state) stays a 64-bit integer.
EPOCH_LIMIT = 2**40 - 1


def new_epoch() -> int:
    """A random epoch for a new version: 40 bits, drawn anew with every write."""
    return 1 + secrets.randbits(40) % EPOCH_LIMIT


def stamp(version: int, epoch: int) -> str:
    """A game's version and the epoch drawn with it, as one short string: "12.3f9a0c"."""
    return f"{version}.{epoch:x}"


def new_token() -> str:
    """A random link token of 192 bits."""
    return secrets.token_urlsafe(24)


# Link tokens and one-time submission ids are short URL-safe strings. Anything else (a NUL byte,
# which PostgreSQL refuses outright, or more than the column holds) is no such link or id, and is
# turned away before it reaches the database.
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def well_formed(key: str | None) -> bool:
    """Whether `key` could be a link token or a submission id."""
    return key is not None and _KEY.fullmatch(key) is not None


def hand_of(deal: DealRow) -> dict[str, Any]:
    """The `barbu-game/1` hand of a stored deal."""
    hand: dict[str, Any] = {"contract": deal.contract, "doubles": deal.doubles}
    if deal.trump:
        hand["trump"] = deal.trump
    if deal.rank:
        hand["rank"] = deal.rank
    if deal.result is not None:
        hand["result"] = deal.result
    return hand


def document(row: GameRow) -> dict[str, Any]:
    """The game file of a stored game."""
    return {
        "format": FORMAT,
        "players": list(row.players),
        "first_declarer": row.players[row.first_declarer],
        "rules": row.rules,
        "hands": [hand_of(d) for d in row.deals],
    }


# Folded games by (edit token, stamp): a stamp names one state for good, so a worker folds each
# state once (and a save hands over the game it folded) instead of once per request. The token,
# not the row id, names the game: ids may be used again after a restore, tokens never are.
FOLDED: Memo[tuple[str, str], Game] = Memo(512)


def find(token: str) -> StoredGame | None:
    """The game whose edit or view link ends in `token`."""
    if not well_formed(token):
        return None
    s = db.session()
    query = select(GameRow).where(or_(GameRow.edit_token == token, GameRow.view_token == token))
    for _ in range(READS):
        row = s.scalar(query.execution_options(populate_existing=True))
        if row is None:
            return None
        try:
            return StoredGame(row, folded(row), row.edit_token == token)
        except Changed:  # a save came between the row and its deals: read both again
            s.expire(row)
    raise Changed


READS = 5
STAMP_OF_ROW = text("SELECT version, epoch FROM games WHERE id = :id")


def folded(row: GameRow) -> Game:
    """The checked game of a stored row, folded once per state; Changed if the game changed while
    its deals were read, so that nothing is kept under a stamp it is not of."""
    key = (row.edit_token, stamp(row.version, row.epoch))
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


@dataclass(frozen=True)
class Once:
    """A one-time submission made on game `game_id` that creates another game ("play again").

    `location` gives the page to answer a repeat with, from the new game's edit token.
    """

    game_id: int
    submission: str
    version: int
    location: Callable[[str], str]


def create(
    game: Game, kind: str = "create", once: Once | None = None, group_id: int | None = None
) -> GameRow:
    """Store `game` as a new game with fresh links, in group `group_id` if given; Conflict if `once`
    was already acted on."""
    s = db.session()
    doc = dump(game)
    row = GameRow(
        edit_token=new_token(),
        view_token=new_token(),
        players=list(game.players),
        first_declarer=game.first_declarer,
        rules=doc["rules"],
        version=0,
        epoch=new_epoch(),
        group_id=group_id,
    )
    for position, hand in enumerate(doc["hands"]):
        row.deals.append(_deal_row(position, hand))
    s.add(row)
    s.flush()
    s.add(ChangeRow(game_id=row.id, version=0, kind=kind, position=None, before=None, after=None))
    if once is not None and well_formed(once.submission):
        location = once.location(row.edit_token)
        s.add(
            SubmissionRow(id=once.submission, game_id=once.game_id, version=once.version, location=location)
        )
    try:
        s.commit()
    except IntegrityError:  # the same submission, sent twice at once, was stored by the other
        s.rollback()
        raise Conflict from None
    return row


def _deal_row(position: int, hand: dict[str, Any]) -> DealRow:
    return DealRow(position=position, **_columns(hand, None))


def save(
    stored: StoredGame,
    version: int,
    game: Game,
    kind: str,
    position: int,
    submission: tuple[str, str] | None = None,
    detail: dict[str, Any] | None = None,
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
    Returns the new version.
    """
    s = db.session()
    row = stored.row
    before = dump_hand(stored.game, position) if position < len(stored.game.deals) else None
    after = dump_hand(game, position) if position < len(game.deals) else None
    where = (DealRow.game_id == row.id, DealRow.position == position)
    # Plain statements rather than the ORM's unit of work: a save is four small writes, and
    # flushing objects through the session cost more than the writes themselves.
    epoch = new_epoch()
    try:
        bumped = s.execute(
            update(GameRow)
            .where(GameRow.id == row.id, GameRow.version == version, GameRow.epoch == row.epoch)
            .values(version=version + 1, epoch=epoch, updated_at=now())
        )
        if bumped.rowcount != 1:  # type: ignore[attr-defined]
            raise Conflict
        # Only the deal concerned is written, by its position: the other rows are not read.
        if after is None:
            s.execute(delete(DealRow).where(*where))
        elif before is not None:
            s.execute(update(DealRow).where(*where).values(**_columns(after, detail)))
        else:
            s.execute(insert(DealRow).values(game_id=row.id, position=position, **_columns(after, detail)))
        change = {"kind": kind, "position": position, "before": before, "after": after, "at": now()}
        s.execute(insert(ChangeRow).values(game_id=row.id, version=version + 1, **change))
        if submission is not None and well_formed(submission[0]):
            once = {"id": submission[0], "version": version + 1, "location": submission[1], "at": now()}
            s.execute(insert(SubmissionRow).values(game_id=row.id, **once))
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        raise Conflict from None
    saved = stamp(version + 1, epoch)
    FOLDED.put((row.edit_token, saved), game)
    for token in (row.edit_token, row.view_token):
        STAMPS.put(token, (saved, time.monotonic() + STAMP_TTL))
    return version + 1


def _columns(hand: dict[str, Any], detail: dict[str, Any] | None) -> dict[str, Any]:
    """A deal row's columns for a `barbu-game/1` hand."""
    return {
        "contract": hand["contract"],
        "trump": hand.get("trump"),
        "rank": hand.get("rank"),
        "doubles": hand.get("doubles", []),
        "result": hand.get("result"),
        "entry": detail or None,
    }


def answered(game_id: int, submission: str | None) -> str | None:
    """Where a submission already acted on for this game sent the player, or None if it is new.

    Ids are kept per game: the same id posted to another game is a new submission there.
    """
    if not well_formed(submission):
        return None
    row = db.session().get(SubmissionRow, (game_id, submission))
    return None if row is None else row.location


# A live poll asks every two seconds per open page; fifty phones on one game would read its stamp
# from the database 25 times a second. Each worker remembers it for a moment instead: a change on
# another worker or machine (or a restore) shows at most STAMP_TTL seconds later (the poll interval
# is 2 s). What is remembered is a stamp, so it never stands for another state than the one it named.
STAMP_TTL = 0.5
STAMPS: Memo[str, tuple[str, float]] = Memo(4096)
STAMP_SQL = text("SELECT version, epoch FROM games WHERE edit_token = :t OR view_token = :t")


def current_stamp(token: str) -> str | None:
    """The stamp of the game behind a link, read without loading the game."""
    if not well_formed(token):
        return None
    now_ = time.monotonic()
    known = STAMPS.get(token)
    if known is not None and known[1] > now_:
        return known[0]
    found = db.session().execute(STAMP_SQL, {"t": token}).first()
    if found is None:
        return None
    current = stamp(int(found[0]), int(found[1]))
    STAMPS.put(token, (current, now_ + STAMP_TTL))
    return current


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


def set_settle(row: GameRow, stake: str, currency: str) -> None:
    """Keep the stake per point and currency the game is settled at.

    Not a change to the game: its version, history and game file stay as they are.
    """
    s = db.session()
    s.execute(
        update(GameRow).where(GameRow.id == row.id).values(settle={"stake": stake, "currency": currency})
    )
    s.commit()
