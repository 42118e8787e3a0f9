"""A game's stamp read for a live poll without loading the game, remembered for a moment."""

from __future__ import annotations

import time

from sqlalchemy import text

from scorekeeper.util.memo import Memo

from . import db, links
from .links import well_formed
from .models import GameRow
from .rows import stamp

# A live poll asks every two seconds per open page; fifty phones on one game would read its stamp
# from the database 25 times a second. Each worker remembers it for a moment instead: a change on
# another worker or machine (or a restore) shows at most STAMP_TTL seconds later (the poll interval
# is 2 s). What is remembered is a stamp, so it never stands for another state than the one it named.
# Kept by the link's hash with the kind of link it is, so that a poll is authorized (the link's
# kind must match the address) before its ETag is compared.
STAMP_TTL = 0.5

STAMPS: Memo[str, tuple[str, bool, float]] = Memo(4096)

STAMP_SQL = text("SELECT version, epoch, edit_hash FROM games WHERE edit_hash = :h OR view_hash = :h")


def current_stamp(token: str, fresh: bool = False) -> tuple[str, bool] | None:
    """The stamp of the game behind a link and whether it is the edit link, read without
    loading the game; `fresh`: from the database, whatever this worker remembers."""
    if not well_formed(token):
        return None
    key = links.digest(token)
    now_ = time.monotonic()
    known = None if fresh else STAMPS.get(key)
    if known is not None and known[2] > now_:
        return known[0], known[1]
    found = db.session().execute(STAMP_SQL, {"h": key}).first()
    if found is None:
        return None
    current, editable = stamp(int(found[0]), int(found[1])), found[2] == key
    STAMPS.put(key, (current, editable, now_ + STAMP_TTL))
    return current, editable


def remember_saved(row: GameRow, saved: str) -> None:
    """After a save on this worker, its new stamp, for both links, without asking the database."""
    expires = time.monotonic() + STAMP_TTL
    STAMPS.put(row.edit_hash, (saved, True, expires))
    STAMPS.put(row.view_hash, (saved, False, expires))
