"""Who is the organiser: a phone that opened a group (or its evening) by the group's edit link.

The session keeps those links, as it keeps the games opened (`lookup.keep_first`); a save checks
the one of the game's group, with one query, and only on a phone that holds any.
"""

from __future__ import annotations

from dataclasses import replace

from flask import session

from scorekeeper.storage import organiser
from scorekeeper.storage.store import StoredGame

from .lookup import keep_first

KEY = "organiser"
KEPT = 6


def remember(token: str) -> None:
    """This phone opened a group by its edit link `token`."""
    keep_first(KEY, token, KEPT)


def as_organiser(stored: StoredGame) -> StoredGame:
    """`stored`, its changes marked as the organiser's if this phone holds its group's edit link."""
    tokens = session.get(KEY) or []
    if stored.row.group_id is None or not tokens or not isinstance(tokens, list):
        return stored
    return replace(stored, organiser=True) if organiser.holds(stored.row.group_id, tokens) else stored
