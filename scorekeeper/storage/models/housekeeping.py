"""What the servers keep for themselves: rendered sheets, rate limits, chores, shared settings.

All of it derived or operational; none of it is what a player entered."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, now


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
    """A rendered blank sheet, or the grid a game's filled sheets are drawn over (a table's
    lines and names, `web/printing/grids`), under a hash of everything that changes its bytes;
    derived, pruned."""

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


class SettingRow(Base):
    """A value every server of the database shares (the secret key), written once by the first."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
