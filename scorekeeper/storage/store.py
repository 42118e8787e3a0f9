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

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from scorekeeper.scoring import FORMAT, Game, dump, dump_hand, load
from scorekeeper.util.memo import Memo

from . import db, links
from .links import new_token, well_formed
from .models import ChangeRow, DealRow, GameRow, GroupRow, SubmissionRow, now


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
    token: str
    """The token of the link the game was found by: the database keeps only its hash."""

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def stamp(self) -> str:
        """The state shown: what forms carry, and what ETags and caches name."""
        return stamp(self.row.version, self.row.epoch)

    @property
    def view_token(self) -> str | None:
        """The read-only link's token: the one used, or (from the edit link) the one sealed under it."""
        if not self.editable:
            return self.token
        return links.unseal(seals(self.row).get("view"), self.token, "game-view", self.row.view_hash)

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


def seals(row: GameRow | GroupRow) -> dict[str, Any]:
    """The links kept sealed with a row (see `links`)."""
    return dict(row.seals or {})


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


# Folded games by (edit link's hash, stamp): a stamp names one state for good, so a worker folds
# each state once (and a save hands over the game it folded) instead of once per request. The
# link's hash, not the row id, names the game: ids may be used again after a restore, links never are.
FOLDED: Memo[tuple[str, str], Game] = Memo(512)


def find(token: str) -> StoredGame | None:
    """The game whose edit or view link ends in `token`."""
    if not well_formed(token):
        return None
    key = links.digest(token)
    s = db.session()
    query = select(GameRow).where(or_(GameRow.edit_hash == key, GameRow.view_hash == key))
    for _ in range(READS):
        row = s.scalar(query.execution_options(populate_existing=True))
        if row is None:
            return None
        try:
            return StoredGame(row, folded(row), row.edit_hash == key, token)
        except Changed:  # a save came between the row and its deals: read both again
            s.expire(row)
    raise Changed


READS = 5
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


@dataclass(frozen=True)
class Once:
    """A one-time submission made on game `made_on` that creates another game ("play again").

    `location` gives the page to answer a repeat with, from the new game's edit token.
    """

    made_on: StoredGame
    submission: str
    location: Callable[[str], str]


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


def _fresh(game: Game, group: Membership | None) -> tuple[dict[str, Any], list[dict[str, Any]], str, str]:
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
        "rules": doc["rules"],
        "version": 0,
        "epoch": new_epoch(),
        "group_id": group.group_id if group is not None else None,
    }
    return columns, doc["hands"], edit, view


def stage(game: Game, group: Membership | None = None) -> Created:
    """`game` as a new row with fresh links, added to the session but neither flushed nor committed."""
    columns, hands, edit, view = _fresh(game, group)
    row = GameRow(**columns)
    for position, hand in enumerate(hands):
        row.deals.append(_deal_row(position, hand))
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
        columns, played, _edit, _view = _fresh(game, group)
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
            {"game_id": game_id, "position": position, **_columns(hand, None)}
            for game_id, played in zip(ids, prepared.hands[start : start + step], strict=True)
            for position, hand in enumerate(played)
        ]
        if deals:
            s.execute(insert(DealRow), deals)
        s.execute(insert(ChangeRow), [{"game_id": game_id, **first} for game_id in ids])
        between()


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
        location = _sealed_location(made_on, once.location(created.edit_token))
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
            location = _sealed_location(stored, submission[1])
            once = {"id": submission[0], "version": version + 1, "location": location, "at": now()}
            s.execute(insert(SubmissionRow).values(game_id=row.id, **once))
        s.commit()
    except (Conflict, IntegrityError):
        s.rollback()
        raise Conflict from None
    saved = stamp(version + 1, epoch)
    FOLDED.put((row.edit_hash, saved), game)
    expires = time.monotonic() + STAMP_TTL
    STAMPS.put(row.edit_hash, (saved, True, expires))
    STAMPS.put(row.view_hash, (saved, False, expires))
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


def _sealed_location(stored: StoredGame, location: str) -> str:
    """Where a submission sent the player, kept sealed under the edit link it was posted to: the
    address holds an edit link (the game's, or a new game's), and the database keeps none."""
    return links.seal(location, stored.token, "submission")


def answered(stored: StoredGame, submission: str | None) -> str | None:
    """Where a submission already acted on for this game sent the player, or None if it is new.

    Ids are kept per game: the same id posted to another game is a new submission there.
    """
    if not well_formed(submission):
        return None
    row = db.session().get(SubmissionRow, (stored.row.id, submission))
    if row is None:
        return None
    location = links.opened(row.location, stored.token, "submission")
    # A repeat is sent back where the first sending went; anything else is no such page.
    return (
        location
        if location is not None and location.startswith("/") and not location.startswith("//")
        else "/"
    )


# A live poll asks every two seconds per open page; fifty phones on one game would read its stamp
# from the database 25 times a second. Each worker remembers it for a moment instead: a change on
# another worker or machine (or a restore) shows at most STAMP_TTL seconds later (the poll interval
# is 2 s). What is remembered is a stamp, so it never stands for another state than the one it named.
# Kept by the link's hash with the kind of link it is, so that a poll is authorized (the link's
# kind must match the address) before its ETag is compared.
STAMP_TTL = 0.5
STAMPS: Memo[str, tuple[str, bool, float]] = Memo(4096)
STAMP_SQL = text("SELECT version, epoch, edit_hash FROM games WHERE edit_hash = :h OR view_hash = :h")


def current_stamp(token: str) -> tuple[str, bool] | None:
    """The stamp of the game behind a link and whether it is the edit link, read without
    loading the game."""
    if not well_formed(token):
        return None
    key = links.digest(token)
    now_ = time.monotonic()
    known = STAMPS.get(key)
    if known is not None and known[2] > now_:
        return known[0], known[1]
    found = db.session().execute(STAMP_SQL, {"h": key}).first()
    if found is None:
        return None
    current, editable = stamp(int(found[0]), int(found[1])), found[2] == key
    STAMPS.put(key, (current, editable, now_ + STAMP_TTL))
    return current, editable


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
