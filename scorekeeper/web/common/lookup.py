"""Finding a game by its link, and remembering the games opened on this device."""

from __future__ import annotations

from flask import abort, session

from scorekeeper.storage import groups
from scorekeeper.storage.store import StoredGame, find

from .security import mark_private

RECENT_LIMIT = 12


def game_or_404(token: str, kind: str) -> StoredGame:
    """The game behind an edit (`kind` "g") or view ("v") link; 404 if there is none."""
    stored = find(token)
    if stored is None or stored.editable != (kind == "g"):
        abort(404)
    if stored.editable:
        mark_private()
    return stored


def group_or_404(token: str, kind: str) -> groups.StoredGroup:
    """The group behind an edit ("gr") or read-only ("gv") link; 404 if there is none."""
    found = groups.find(token)
    if found is None or found.editable != (kind == "gr"):
        abort(404)
    if found.editable:
        mark_private()
    return found


def recent_games(limit: int = RECENT_LIMIT) -> list[tuple[str, str, StoredGame]]:
    """The games this browser opened lately, newest first, as (entry, kind, game)."""
    found = []
    for entry in session.get("recent", [])[:limit]:
        kind, _, token = entry.partition("/")
        stored = find(token)
        if stored is not None:
            found.append((entry, kind, stored))
    return found


def showing(entries: list[tuple[str, str, StoredGame]]) -> list[tuple[str, str, StoredGame]]:
    """`entries` of the device's list, as a page shows them: private if any is an edit link."""
    if any(kind == "g" for _entry, kind, _stored in entries):
        mark_private()
    return entries


def remember(kind: str, token: str) -> None:
    """Put a link first in this browser's list of recent games."""
    keep_first("recent", f"{kind}/{token}", RECENT_LIMIT)


def keep_first(key: str, entry: str, limit: int) -> None:
    """Put `entry` first in the session's list `key`. The session cookie changes (and is sent
    again, with its edit links) only when the list does."""
    listed = list(session.get(key, []))
    if listed[:1] == [entry] and session.permanent:
        return
    session[key] = [entry, *(e for e in listed if e != entry)][:limit]
    session.permanent = True


def forget(entry: str) -> None:
    """Drop a link from this browser's list of recent games."""
    session["recent"] = [e for e in session.get("recent", []) if e != entry]
