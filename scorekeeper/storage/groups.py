"""Groups in the database: create, find by link, their games; the spellings of a name merged
(`group_names`) and the group's state for polls (`group_state`) sit beside it.

A group is found by its edit or view link, as a game is. Its games are the
games whose `group_id` names it. A player is the same player in every game of
the group when their names fold to the same key (case and spaces ignored),
or when the group merged one spelling into another.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select

from scorekeeper.scoring import Game

from . import db, links, store
from .group_names import (
    SPELLING_LIMIT,
    answered,
    fold,
    merge,
    mergeable,
    merges,
    name_changes,
    names_version,
    storable,
    unmerge,
)
from .group_state import STATES, state, state_by_hash
from .links import new_token, well_formed
from .models import GameRow, GroupRow

__all__ = [
    "SPELLING_LIMIT",
    "STATES",
    "CreatedGroup",
    "GameInfo",
    "GroupGame",
    "StateMoved",
    "StoredGroup",
    "answered",
    "by_edit_token",
    "create",
    "find",
    "fold",
    "games",
    "merge",
    "mergeable",
    "merges",
    "name_changes",
    "names_version",
    "of_game",
    "stage",
    "state",
    "state_by_hash",
    "storable",
    "unmerge",
]

NAME_LIMIT = 60


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
