"""Rendered PDFs kept in the database, so every worker and machine shares them.

A key names the game's version, so a change to the game makes a new key; older
entries of the game are dropped when a new one is stored.
"""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from .. import db
from ..models import PdfCacheRow


def get(game_id: int, key: str) -> bytes | None:
    """The cached PDF for `key`, if any."""
    data: bytes | None = db.session().scalar(
        select(PdfCacheRow.pdf).where(PdfCacheRow.game_id == game_id, PdfCacheRow.key == key)
    )
    return data


def put(game_id: int, key: str, pdf: bytes) -> None:
    """Keep `pdf` under `key`, dropping the game's entries for older versions."""
    s = db.session()
    version = key.split(":", 1)[0]
    s.execute(
        delete(PdfCacheRow).where(PdfCacheRow.game_id == game_id, ~PdfCacheRow.key.startswith(f"{version}:"))
    )
    s.add(PdfCacheRow(game_id=game_id, key=key, pdf=pdf))
    try:
        s.commit()
    except IntegrityError:  # another worker stored the same sheet first
        s.rollback()
