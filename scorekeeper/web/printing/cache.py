"""Rendered PDFs kept in the database, so every worker and machine shares them.

A filled sheet's key starts with the game's stamp (its version and epoch: one state for good, also
across a restore), so a change to the game makes a new key; older entries of the game are dropped
when a new one is stored. Blank sheets are kept under a hash of their parameters, and so are the
grids filled sheets are drawn over (`framed.grid_key`: a hash of the grid's HTML). Both keys carry
the code revision (`revision.REVISION`): servers running different code never share a sheet, and
a deploy renders anew. Both are pruned after a while (see `maintenance`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper.storage import db
from scorekeeper.storage.models import GameRow, PdfCacheRow, SheetCacheRow
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


@dataclass(frozen=True)
class Asked:
    """A filled sheet as it was asked for: what the pre-render renders after the next save."""

    paper: str
    orientation: str
    lang: str
    persian: bool

    def as_row(self) -> dict[str, Any]:
        return {
            "paper": self.paper,
            "orientation": self.orientation,
            "lang": self.lang,
            "digits": self.persian,
        }


def remember_asked(row: GameRow, asked: Asked) -> None:
    """Keep `asked` as the game's last asked sheet, where every server sees it; written only
    when it differs, so that a sheet asked again costs no write. Not a change to the game."""
    wanted = asked.as_row()
    if row.sheet_asked == wanted:
        return
    s = db.session()
    s.execute(update(GameRow).where(GameRow.id == row.id).values(sheet_asked=wanted))
    s.commit()


def last_asked(row: GameRow) -> Asked | None:
    """The sheet last asked for the game, or None if nobody asked for one yet (or it is unreadable)."""
    kept = row.sheet_asked or {}
    paper, orientation, lang, persian = (kept.get(k) for k in ("paper", "orientation", "lang", "digits"))
    if not (isinstance(paper, str) and isinstance(orientation, str) and isinstance(lang, str)):
        return None
    return Asked(paper, orientation, lang, persian is True)


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
