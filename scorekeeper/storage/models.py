"""What players entered, as stored: games, their deals, and every change made.

Nothing computed (scores, totals) is stored; the engine derives it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


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


class PdfCacheRow(Base):
    """A rendered sheet of one version of a game; derived, so it may be dropped at any time."""

    __tablename__ = "pdf_cache"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(80))
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class SheetCacheRow(Base):
    """A rendered blank sheet, under a hash of everything that changes its bytes; derived, pruned."""

    __tablename__ = "sheet_cache"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class RateLimitRow(Base):
    """How often one client did one limited thing (create, import, print) in the current window."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    started: Mapped[int] = mapped_column(Integer)
    hits: Mapped[int] = mapped_column(Integer)
    reset_at: Mapped[int] = mapped_column(Integer, index=True)


class ChoreRow(Base):
    """When a periodic chore (pruning) last ran, so that one worker of many runs it."""

    __tablename__ = "chores"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    last_run: Mapped[int] = mapped_column(Integer)


class PaperCheckRow(Base):
    """A paper sheet typed in for checking, kept only when the player asked, under its own link."""

    __tablename__ = "paper_checks"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The `barbu-paper/1` document: what was typed, nothing computed."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GroupRow(Base):
    """Players who meet regularly: a name and two links, as a game has; its games point to it."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True)
    view_hash: Mapped[str] = mapped_column(String(64), unique=True)
    seals: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)
    """Its read-only link sealed under its edit link ("view"), for the edit page to show."""
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    """Bumped by every merge or undone merge, so that cached statistics of the group are not reused."""
    epoch: Mapped[int] = mapped_column(BigInteger, default=0)
    """Drawn anew with every merge or undone merge, as a game's epoch is with every version."""
    provisional_games: Mapped[int] = mapped_column(Integer, default=10, server_default="10")
    """How many games of a kind a player's rating stays provisional (docs/rating.md), at most 30."""


class NameMergeRow(Base):
    """One spelling of a player's name counted as another in a group: `alias` (folded) → `name`."""

    __tablename__ = "name_merges"

    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True)
    alias: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class NameChangeRow(Base):
    """A merge of a group's spellings made or undone (`kind` "merge" or "unmerge"): `alias` as
    shown counted as `name` from `at` on, or no longer; with the form's one-time id."""

    __tablename__ = "name_changes"
    __table_args__ = (UniqueConstraint("group_id", "submission"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    alias: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(40))
    submission: Mapped[str | None] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeasonRow(Base):
    """A named period of a group (a month, a season the club names), its first and last days."""

    __tablename__ = "seasons"
    __table_args__ = (UniqueConstraint("group_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SettingRow(Base):
    """A value every server of the database shares (the secret key), written once by the first."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class EveningRow(Base):
    """A club evening of a group: its rounds' tables, each a game of the group, and who sat out.

    `plan` is {"rounds": [{"tables": [game id, ...], "sitting_out": [name, ...]}], "games": {size:
    game kind}, "sizes": [allowed sizes], "planned": rounds}: the rounds seated so far (one at a
    time, for whoever is there); the seating itself is in the games (their players, clockwise from
    the first declarer).
    """

    __tablename__ = "evenings"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    plan: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
