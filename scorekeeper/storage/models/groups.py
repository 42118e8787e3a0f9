"""Groups of players: names merged and changed, seasons, club evenings."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, now


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
