"""The declarative base every row shares, and the clock rows are stamped with."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import DeclarativeBase


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass
