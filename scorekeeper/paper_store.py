"""Paper checks kept in the database, each under a link of its own; only what was typed is stored."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from . import db
from .models import PaperCheckRow, now
from .paper import PaperSheet
from .paper.document import dump, load
from .store import new_token, well_formed


@dataclass(frozen=True)
class KeptCheck:
    row: PaperCheckRow
    sheet: PaperSheet


def keep(sheet: PaperSheet) -> str:
    """Store `sheet` under a new link; its token."""
    s = db.session()
    row = PaperCheckRow(token=new_token(), sheet=dump(sheet))
    s.add(row)
    s.commit()
    return row.token


def find(token: str) -> KeptCheck | None:
    """The check kept under `token`, None when there is none (or it can no longer be read)."""
    if not well_formed(token):
        return None
    row = db.session().scalar(select(PaperCheckRow).where(PaperCheckRow.token == token))
    if row is None:
        return None
    try:
        return KeptCheck(row, load(row.sheet))
    except ValueError:
        return None


def update(kept: KeptCheck, sheet: PaperSheet) -> None:
    """Store the corrected `sheet` under the same link."""
    kept.row.sheet = dump(sheet)
    kept.row.updated_at = now()
    db.session().commit()
