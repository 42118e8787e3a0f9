"""Paper checks kept in the database, each under a link of its own; only what was typed is stored."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.paper import PaperSheet
from scorekeeper.paper.document import dump, load

from . import db, links
from .links import new_token, well_formed
from .models import PaperCheckRow, now


@dataclass(frozen=True)
class KeptCheck:
    row: PaperCheckRow
    sheet: PaperSheet
    token: str
    """The token of its link: the database keeps only its hash."""


def keep(sheet: PaperSheet) -> str:
    """Store `sheet` under a new link; its token."""
    s = db.session()
    token = new_token()
    s.add(PaperCheckRow(token_hash=links.digest(token), sheet=dump(sheet)))
    s.commit()
    return token


def find(token: str) -> KeptCheck | None:
    """The check kept under `token`, None when there is none (or it can no longer be read)."""
    if not well_formed(token):
        return None
    row = db.session().scalar(select(PaperCheckRow).where(PaperCheckRow.token_hash == links.digest(token)))
    if row is None:
        return None
    try:
        return KeptCheck(row, load(row.sheet), token)
    except ValueError:
        return None


def update(kept: KeptCheck, sheet: PaperSheet) -> None:
    """Store the corrected `sheet` under the same link."""
    kept.row.sheet = dump(sheet)
    kept.row.updated_at = now()
    db.session().commit()
