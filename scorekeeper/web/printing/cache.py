"""Rendered PDFs kept in the database, so every worker and machine shares them.

A filled sheet's key starts with the game's stamp (its version and epoch: one state for good, also
across a restore), so a change to the game makes a new key; older entries of the game are dropped
when a new one is stored. Blank sheets are kept under a hash of their parameters. Both keys carry
the code revision (`revision.REVISION`): servers running different code never share a sheet, and
a deploy renders anew. Both are pruned after a while (see `maintenance`).
"""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.storage import db
from scorekeeper.storage.models import PdfCacheRow, SheetCacheRow
from scorekeeper.util.revision import REVISION


def get(game_id: int, key: str) -> bytes | None:
    """The cached PDF for `key`, if any."""
    data: bytes | None = db.session().scalar(
        select(PdfCacheRow.pdf).where(PdfCacheRow.game_id == game_id, PdfCacheRow.key == key)
    )
    return data


def put(game_id: int, key: str, pdf: bytes) -> None:
    """Keep `pdf` under `key`, dropping the game's entries for other states."""
    s = db.session()
    stamp = key.split(":", 1)[0]
    s.execute(
        delete(PdfCacheRow).where(PdfCacheRow.game_id == game_id, ~PdfCacheRow.key.startswith(f"{stamp}:"))
    )
    s.add(PdfCacheRow(game_id=game_id, key=key, pdf=pdf))
    try:
        s.commit()
    except IntegrityError:  # another worker stored the same sheet first
        s.rollback()


def asked(game_id: int, limit: int = 4) -> list[tuple[str, str, str, bool]]:
    """The sheets of the game asked for so far, newest first, as (paper, orientation, language,
    Persian digits): its cached entries say it, whatever state they were rendered for."""
    keys = db.session().scalars(
        select(PdfCacheRow.key).where(PdfCacheRow.game_id == game_id).order_by(PdfCacheRow.at.desc())
    )
    found: list[tuple[str, str, str, bool]] = []
    for key in keys:
        parts = key.split(":")
        if len(parts) < 5:
            continue
        sheet = (parts[1], parts[2], parts[3], parts[4] == "fa-digits")
        if sheet not in found:
            found.append(sheet)
    return found[:limit]


def blank_key(*parts: object) -> str:
    """The cache key of a blank sheet: a hash of everything that changes its bytes."""
    text = json.dumps([REVISION, *parts], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def get_blank(key: str) -> bytes | None:
    """The cached blank sheet for `key`, if any."""
    data: bytes | None = db.session().scalar(select(SheetCacheRow.pdf).where(SheetCacheRow.key == key))
    return data


def put_blank(key: str, pdf: bytes) -> None:
    """Keep a blank sheet under `key` (pruned after PDF_CACHE_DAYS)."""
    s = db.session()
    s.add(SheetCacheRow(key=key, pdf=pdf))
    try:
        s.commit()
    except IntegrityError:  # another worker stored the same sheet first
        s.rollback()
