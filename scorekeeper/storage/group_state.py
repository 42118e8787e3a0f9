"""A group's state: one short string that changes whenever anything its pages show does, read
with one query and remembered for a moment per worker."""

from __future__ import annotations

import hashlib
import time
from datetime import datetime

from sqlalchemy import text

from scorekeeper.util.memo import Memo

from . import db, links
from .links import well_formed

# What a group page shows changes only when one of its games does (a deal saved bumps the game's
# version, draws it a new epoch and sets updated_at; a new game adds a row) or when a merge touches
# the group (a new epoch too). One indexed query over the group's games says whether any of that
# happened, so a phone watching the club night's page costs one small query a poll, and each worker
# asks at most every STATE_TTL seconds. The epochs are random, so the state after a restore and a
# save is not the state that some cache knew before the restore.
STATE_SQL = text(
    "SELECT g.id, g.epoch, g.updated_at, count(x.id), coalesce(sum(x.version), 0),"
    " coalesce(sum(x.epoch), 0), max(x.updated_at), g.edit_hash"
    " FROM groups g LEFT JOIN games x ON x.group_id = g.id"
    " WHERE g.edit_hash = :h OR g.view_hash = :h GROUP BY g.id, g.epoch, g.updated_at, g.edit_hash"
)

STATE_TTL = 0.5

# By the link's hash, with whether it is the edit link: a poll is authorized before its ETag is
# compared.
STATES: Memo[str, tuple[str, bool, float]] = Memo(4096)


def state(token: str, fresh: bool = False) -> tuple[str, bool] | None:
    """A short string that changes whenever anything the group's pages show changes, and whether
    `token` is the group's edit link; None: no group.

    `fresh` reads it now (the page itself); polls may get one read up to STATE_TTL seconds ago.
    """
    if not well_formed(token):
        return None
    return state_by_hash(links.digest(token), fresh)


def state_by_hash(key: str, fresh: bool = False) -> tuple[str, bool] | None:
    """`state` of the group whose edit or read-only link has the hash `key`."""
    moment = time.monotonic()
    known = STATES.get(key)
    if known is not None and known[2] > moment and not fresh:
        return known[0], known[1]
    found = db.session().execute(STATE_SQL, {"h": key}).first()
    if found is None:
        return None
    group_id, epoch, touched, count, versions, epochs, latest, edit_hash = found
    hour = night_hour()
    seen = f"{group_id}.{epoch}.{count}.{versions}.{epochs}.{_stamp(touched)}.{_stamp(latest)}.{hour}"
    value = hashlib.blake2b(seen.encode(), digest_size=8).hexdigest()
    STATES.put(key, (value, edit_hash == key, moment + STATE_TTL))
    return value, edit_hash == key


def night_hour() -> int:
    """The hour now: part of every state, because the night's tables are those changed in the last
    hours, a window that moves on the hour even when nothing is saved."""
    return int(time.time() // 3600)


def _stamp(value: object) -> str:
    """A timestamp column as a compact string (SQLite hands back text, PostgreSQL a datetime)."""
    if isinstance(value, datetime):
        return f"{value.timestamp():.6f}"
    return "" if value is None else "".join(ch for ch in str(value) if ch.isdigit())
