"""The organiser's word on a club evening: adjustments beside the tables' scores, and approvals of
the standings (a table's lock is a column of its game, read in the save's own UPDATE)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, now


class AdjustmentRow(Base):
    """Points added to (or, negative, taken from) a player's score at one of the evening's tables:
    a penalty, or a score for a deal not played. The table's own score is kept as it is."""

    __tablename__ = "adjustments"
    __table_args__ = (UniqueConstraint("evening_id", "submission"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    player: Mapped[str] = mapped_column(String(40))
    points: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(200))
    submission: Mapped[str | None] = mapped_column(String(64))
    """The form's one-time id: a double tap adds one adjustment, not two."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class EveningApprovalRow(Base):
    """The organiser approved the standings as they stood: `fingerprint` names the tables' stamps
    and the adjustments then, so that any later change makes the standings provisional again."""

    __tablename__ = "evening_approvals"

    id: Mapped[int] = mapped_column(primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id", ondelete="CASCADE"), index=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
