"""Groups in the database: create, find by link, their games, and the spellings of a name merged.

A group is found by its edit or view link, as a game is. Its games are the
games whose `group_id` names it. A player is the same player in every game of
the group when their names fold to the same key (case and spaces ignored),
or when the group merged one spelling into another.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, or_, select, text, update

from scorekeeper.scoring import Game
from scorekeeper.scoring.bidi import has_direction_controls
from scorekeeper.util.memo import Memo

from . import db, links, store
from .links import new_token, well_formed
from .models import GameRow, GroupRow, NameMergeRow, now

NAME_LIMIT = 60


def storable(text: str) -> bool:
    """Whether a text can go into a text column and be written anywhere: PostgreSQL refuses NUL,
    and no name needs any other control character, nor a direction control (see scoring.bidi)."""
    return not any(unicodedata.category(ch) == "Cc" for ch in text) and not has_direction_controls(text)


def fold(name: str) -> str:
    """The key a name is matched by: case and runs of spaces ignored."""
    return " ".join(name.split()).casefold()


SPELLING_LIMIT = 40  # as a player's name, and the columns of merged spellings


def mergeable(spelling: str) -> bool:
    """Whether a spelling can be kept as a merge: its length is checked after folding too, since
    folding may lengthen it (40 "ß" fold to 80 "s"), and the folded spelling is what is kept."""
    longest = max(len(spelling), len(fold(spelling)))
    return len(spelling) > 0 and longest <= SPELLING_LIMIT and storable(spelling)


@dataclass(frozen=True)
class StoredGroup:
    """A group as loaded for one request, whether the link used may change it, and that link."""

    row: GroupRow
    editable: bool
    token: str
    """The token of the link the group was found by: the database keeps only its hash."""

    @property
    def view_token(self) -> str | None:
        """The read-only link's token: the one used, or (from the edit link) the one sealed under it."""
        if not self.editable:
            return self.token
        return links.unseal(store.seals(self.row).get("view"), self.token, "group-view", self.row.view_hash)

    def membership(self) -> store.Membership | None:
        """What a game started on this group's edit link is sealed under (see `links`)."""
        view = self.view_token
        if not self.editable or view is None:
            return None
        return store.Membership(self.row.id, view, self.token)

    def game_links(self, games: list[GroupGame]) -> dict[int, tuple[str, str]]:
        """The link (kind, token) to each game the group's page may list, by game id: edit links
        on the group's edit link, read-only links on its read-only link (or where an edit link
        cannot be opened). Each is opened from the seals kept with the game (see `links`)."""
        view = self.view_token
        edits: dict[int, str] = {}
        found: dict[int, tuple[str, str]] = {}
        for one in sorted(games, key=lambda g: g.row.id):  # a game follows only an older one
            sealed, row = dict(one.row.seals), one.row
            if self.editable:
                by = sealed.get("edit_by")
                key = self.token if by is None else edits.get(by)
                edit = links.unseal(sealed.get("edit_in_group"), key, "member-edit", row.edit_hash)
                if edit is not None:
                    edits[row.id] = edit
                    found[row.id] = ("g", edit)
                    continue
            shown = links.unseal(sealed.get("view_in_group"), view, "member-view", row.view_hash)
            if shown is not None:
                found[row.id] = ("v", shown)
        return found


@dataclass(frozen=True)
class GameInfo:
    """What a group's pages need of a game's row, copied out of it: unlike the row (an ORM object
    of one request's session), it may be kept in a cache past its request."""

    id: int
    edit_hash: str
    view_hash: str
    seals: dict[str, Any]
    stamp: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: GameRow) -> GameInfo:
        return cls(
            row.id,
            row.edit_hash,
            row.view_hash,
            store.seals(row),
            store.stamp(row.version, row.epoch),
            row.created_at,
            row.updated_at,
        )


class StateMoved(Exception):
    """The group changed while its figures were being read: they may be of a later state."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state


@dataclass(frozen=True)
class GroupGame:
    """One game of a group, folded: a copy of its row (links, dates) and the checked game."""

    row: GameInfo
    game: Game


@dataclass(frozen=True)
class CreatedGroup:
    """A group just stored, with its two links: the only time they are known in clear."""

    row: GroupRow
    edit_token: str
    view_token: str

    @property
    def id(self) -> int:
        return self.row.id

    def membership(self) -> store.Membership:
        return store.Membership(self.row.id, self.view_token, self.edit_token)


def stage(name: str, tokens: tuple[str, str] | None = None) -> CreatedGroup:
    """A new group named `name` with fresh links (`tokens`, edit and view, if made already), added
    to the session and flushed (not committed)."""
    edit, view = tokens or (new_token(), new_token())
    row = GroupRow(
        edit_hash=links.digest(edit),
        view_hash=links.digest(view),
        seals={"view": links.seal(view, edit, "group-view")},
        name=name[:NAME_LIMIT],
        epoch=store.new_epoch(),
    )
    s = db.session()
    s.add(row)
    s.flush()
    return CreatedGroup(row, edit, view)


def create(name: str) -> CreatedGroup:
    """Store a new group named `name` with fresh links."""
    created = stage(name)
    db.session().commit()
    return created


def find(token: str) -> StoredGroup | None:
    """The group whose edit or view link ends in `token`."""
    if not well_formed(token):
        return None
    key = links.digest(token)
    row = db.session().scalar(
        select(GroupRow).where(or_(GroupRow.edit_hash == key, GroupRow.view_hash == key))
    )
    return None if row is None else StoredGroup(row, row.edit_hash == key, token)


def of_game(game: GameRow) -> GroupRow | None:
    """The group a game was started in, if it still exists."""
    return None if game.group_id is None else db.session().get(GroupRow, game.group_id)


def by_edit_token(token: str | None) -> StoredGroup | None:
    """The group that `token` may add games to: its edit link only."""
    found = find(token or "")
    return found if found is not None and found.editable else None


def games(group: GroupRow) -> list[GroupGame]:
    """Every game of the group, oldest first, each folded once per version (store.FOLDED).

    The games' rows are read without their deals: a deal is read only for a game whose version
    this worker has not folded yet, so that a club night's page, asked again after one table
    saved a deal, reads one game's deals rather than every table's.
    """
    s = db.session()
    query = select(GameRow).where(GameRow.group_id == group.id).order_by(GameRow.created_at, GameRow.id)
    for _ in range(store.READS):
        rows = s.scalars(query.execution_options(populate_existing=True)).all()
        try:
            return [GroupGame(GameInfo.of(row), store.folded(row)) for row in rows]
        except store.Changed:  # a table saved while its deals were read: read them again
            for row in rows:
                s.expire(row)
    raise store.Changed


def merges(group: GroupRow) -> dict[str, str]:
    """The group's merged spellings: folded alias → the name it counts as."""
    rows = db.session().scalars(select(NameMergeRow).where(NameMergeRow.group_id == group.id))
    return {r.alias: r.name for r in rows}


def merge(group: GroupRow, alias: str, name: str) -> bool:
    """Count spelling `alias` as `name` in this group from now on; False if they are already one.

    Kept flat: spellings merged into `alias` before now count as `name` too, and if `name` was
    itself merged into a third spelling, `alias` goes there, so a name never needs two hops.
    """
    known = merges(group)
    target = known.get(fold(name), name)
    key = fold(alias)
    if fold(target) in (key, fold(known.get(key, ""))):
        return False
    s = db.session()
    pointing = [a for a, n in known.items() if fold(n) == key]
    if pointing:
        s.execute(
            update(NameMergeRow)
            .where(NameMergeRow.group_id == group.id, NameMergeRow.alias.in_(pointing))
            .values(name=target)
        )
    s.execute(delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == key))
    s.add(NameMergeRow(group_id=group.id, alias=key, name=target))
    _touch(group)
    s.commit()
    return True


def unmerge(group: GroupRow, alias: str) -> None:
    """Count spelling `alias` as a player of its own again."""
    if not storable(alias):
        return  # no such merge was ever stored
    s = db.session()
    s.execute(
        delete(NameMergeRow).where(NameMergeRow.group_id == group.id, NameMergeRow.alias == fold(alias))
    )
    _touch(group)
    s.commit()


def _touch(group: GroupRow) -> None:
    db.session().execute(
        update(GroupRow).where(GroupRow.id == group.id).values(updated_at=now(), epoch=store.new_epoch())
    )


# What a group page shows changes only when one of its games does (a deal saved bumps the game's
# version, draws it a new epoch and sets updated_at; a new game adds a row) or when a merge touches
# the group (a new epoch too). One indexed query over the group's games says whether any of that
# happened, so a phone watching the club night's page costs one small query a poll, and each worker
# asks at most every STATE_TTL seconds. The epochs are random, so the state after a restore and a
# save is not the state that some cache knew before the restore.
STATE_SQL = text(
    "SELECT g.id, g.epoch, g.updated_at, count(x.id), coalesce(sum(x.version), 0),"
    " coalesce(sum(x.epoch), 0), max(x.updated_at), g.edit_hash"
    " FROM groups g LEFT JOIN games x ON x.group_id = g.id"
    " WHERE g.edit_hash = :h OR g.view_hash = :h GROUP BY g.id, g.epoch, g.updated_at, g.edit_hash"
)
STATE_TTL = 0.5
# By the link's hash, with whether it is the edit link: a poll is authorized before its ETag is
# compared.
STATES: Memo[str, tuple[str, bool, float]] = Memo(4096)


def state(token: str, fresh: bool = False) -> tuple[str, bool] | None:
    """A short string that changes whenever anything the group's pages show changes, and whether
    `token` is the group's edit link; None: no group.

    `fresh` reads it now (the page itself); polls may get one read up to STATE_TTL seconds ago.
    """
    if not well_formed(token):
        return None
    return state_by_hash(links.digest(token), fresh)


def state_by_hash(key: str, fresh: bool = False) -> tuple[str, bool] | None:
    """`state` of the group whose edit or read-only link has the hash `key`."""
    moment = time.monotonic()
    known = STATES.get(key)
    if known is not None and known[2] > moment and not fresh:
        return known[0], known[1]
    found = db.session().execute(STATE_SQL, {"h": key}).first()
    if found is None:
        return None
    group_id, epoch, touched, count, versions, epochs, latest, edit_hash = found
    # The hour too: the night's tables are those changed in the last hours, a window that moves.
    hour = int(time.time() // 3600)
    seen = f"{group_id}.{epoch}.{count}.{versions}.{epochs}.{_stamp(touched)}.{_stamp(latest)}.{hour}"
    value = hashlib.blake2b(seen.encode(), digest_size=8).hexdigest()
    STATES.put(key, (value, edit_hash == key, moment + STATE_TTL))
    return value, edit_hash == key


def _stamp(value: object) -> str:
    """A timestamp column as a compact string (SQLite hands back text, PostgreSQL a datetime)."""
    if isinstance(value, datetime):
        return f"{value.timestamp():.6f}"
    return "" if value is None else "".join(ch for ch in str(value) if ch.isdigit())
