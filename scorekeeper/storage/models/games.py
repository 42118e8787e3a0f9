"""Games, their deals, every change made, and what a paper check kept."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, now


class GameRow(Base):
    """A game: who sits where, the rules agreed, and its links (as hashes, see `links`)."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True)
    view_hash: Mapped[str] = mapped_column(String(64), unique=True)
    seals: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)
    """The links its pages show, each sealed under a link those pages are opened with (`links`):
    "view" (under the edit link), and in a group "group", "view_in_group", "edit_in_group" and
    "edit_by" (the game whose edit link seals "edit_in_group"; none: the group's)."""
    players: Mapped[list[str]] = mapped_column(JSON)
    first_declarer: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    epoch: Mapped[int] = mapped_column(BigInteger, default=0)
    """A random number drawn anew with every version (see `store.new_epoch`): a restored backup
    gives a game back a version number it had, never a new state under an old (version, epoch)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    settle: Mapped[dict[str, str] | None] = mapped_column(JSON)
    """The stake per point and currency agreed for settling up ({"stake": "0.10", "currency": "EUR"});
    kept with the game but not part of its game file."""
    sheet_asked: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """The filled sheet last asked for ({"paper": "a4", "orientation": "portrait", "lang": "fr",
    "digits": false}): what the pre-render after the next burst of saves renders. Not a change to
    the game: setting it leaves the version, the epoch and the history as they are."""
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("groups.id", ondelete="SET NULL"), index=True, default=None
    )
    """The group the game was started in, if any; the game outlives its group."""
    locked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When the organiser of its club evening locked the finished table: from then only the
    organiser changes it (the version's UPDATE asks for no lock, see `versions.bump`)."""
    deals: Mapped[list[DealRow]] = relationship(
        back_populates="game", order_by="DealRow.position", cascade="all, delete-orphan"
    )


class DealRow(Base):
    """One deal as entered; `result` is None for a deal settled without play."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    contract: Mapped[str] = mapped_column(String(20))
    trump: Mapped[str | None] = mapped_column(String(10))
    rank: Mapped[str | None] = mapped_column(String(2))
    doubles: Mapped[list[list[str]]] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    entry: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """What the form showed beyond the result (who took which queen); not part of the game file."""
    game: Mapped[GameRow] = relationship(back_populates="deals")


class ChangeRow(Base):
    """One change to a game, kept so the history can be shown; `version` is the game's after it.

    The unique (game, version) pair also makes two changes made on the same
    version impossible, whichever worker or machine makes them.
    """

    __tablename__ = "changes"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    position: Mapped[int | None] = mapped_column(Integer)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    made_by: Mapped[str | None] = mapped_column(String(10), default=None)
    """"organiser" when the group's organiser made it (the group's edit link opened on that
    phone); None: the game's own edit link."""


class SubmissionRow(Base):
    """A form submission already acted on for a game: a repeat is answered with the same `location`.

    Kept per game, so an id posted to another game never answers for this one; old ones are pruned.
    """

    __tablename__ = "submissions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    location: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class PaperCheckRow(Base):
    """A paper sheet typed in for checking, kept only when the player asked, under its own link."""

    __tablename__ = "paper_checks"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The `barbu-paper/1` document: what was typed, nothing computed."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
