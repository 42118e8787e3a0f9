"""Reading a group's zip: one `barbu-game/1` file per game and a `group.json` manifest.

The manifest holds what no game file does: the group's name and its merged
spellings. Reading a zip checks everything before anything is stored: its
size, the number of files, every file's uncompressed size (a zip bomb says
little in its directory and much when inflated, so inflating stops at the
limit whatever the directory says), the manifest, and every game. The web
page's import (web/groups/files.py) and `scorekeeper rate` read zips here.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import Game, GameError, Problem, loads
from scorekeeper.scoring.rating import MAX_PROVISIONAL, PROVISIONAL
from scorekeeper.storage import groups
from scorekeeper.storage.seasons import NAME_LIMIT as SEASON_NAME_LIMIT
from scorekeeper.util.cooperate import pause

MANIFEST = "group.json"
GROUP_FORMAT = "barbu-group/1"
# Within the app's limit on any request (256 KB, config.py): game files deflate well, and a zip of a
# hundred played games is under 90 KB. What it may inflate to is bounded separately, below.
MAX_ZIP = 240 * 1024
MAX_FILES = 500
MAX_MEMBER = 100 * 1024  # as a single game file (web/transfer.py)
MAX_TOTAL = 8 * 1024 * 1024


class ZipProblem(Exception):
    """Why a zip cannot be read as a group; the message is for the player, with the problems of a
    game file that is not valid (for the web layer to put in the player's words)."""

    def __init__(self, message: str, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass(frozen=True)
class GroupFile:
    """A group as read from a zip: its name, merged spellings and games, all checked."""

    name: str
    merges: dict[str, str]
    games: list[tuple[Game, datetime | None]]
    """Each game with the time it was started, when the manifest says."""
    seasons: list[tuple[str, date, date]] = field(default_factory=list)
    """The group's seasons (name, first and last days), when the manifest has them."""
    provisional: int = PROVISIONAL
    """How many games a rating stays provisional in the group."""


# What export() writes, and all a zip tool makes of game files. Python's zipfile inflates a bzip2
# or LZMA chunk whole before any limit applies (a 929-byte member asks for gigabytes), so those
# methods are refused unread; deflate is inflated a chunk at a time, each chunk bounded.
METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
CHUNK = 16 * 1024


def _read(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: list[int]) -> bytes:
    """One member, inflated no further than its limit and the whole zip's budget."""
    if info.compress_type not in METHODS:
        name = info.filename[:80]
        raise ZipProblem(_("%(file)s is compressed in a way this app cannot read; zip it again.", file=name))
    limit = min(MAX_MEMBER, budget[0])
    if info.file_size > limit:  # what the directory says; the inflating below checks what is so
        raise ZipProblem(_("%(file)s is too large for a game file.", file=info.filename[:80]))
    chunks, size = [], 0
    with archive.open(info) as member:
        while chunk := member.read(min(CHUNK, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ZipProblem(_("%(file)s is too large for a game file.", file=info.filename[:80]))
    budget[0] -= size
    return b"".join(chunks)


def read(data: bytes) -> GroupFile:
    """The group in zip `data`, checked whole; ZipProblem says what is wrong."""
    if len(data) > MAX_ZIP:
        raise ZipProblem(_("The file is larger than %(kb)s KB.", kb=MAX_ZIP // 1024))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise ZipProblem(_("This is not a zip file.")) from None
    if len(infos) > MAX_FILES:
        raise ZipProblem(_("The zip holds more than %(n)s files.", n=MAX_FILES))
    budget = [MAX_TOTAL]
    manifest: Any = {}
    games: dict[str, Game] = {}
    try:
        for info in infos:
            if info.filename.startswith("__MACOSX/") or info.filename.rsplit("/", 1)[-1].startswith("."):
                continue  # what some zip tools add beside the files
            body = _read(archive, info, budget)
            pause()  # checking 500 games takes a second: the worker's other phones are answered meanwhile
            if info.filename == MANIFEST:
                manifest = json.loads(body.decode("utf-8"))
            elif info.filename.endswith(".json"):
                games[info.filename] = _game(info.filename, body)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        raise ZipProblem(_("The zip file is damaged.")) from None
    if not games:
        raise ZipProblem(_("The zip holds no game file."))
    name, merges = _manifest(manifest)
    started = _dates(manifest)
    found = [(game, started.get(file)) for file, game in sorted(games.items())]
    return GroupFile(name, merges, found, _seasons(manifest), _provisional(manifest))


def _game(name: str, body: bytes) -> Game:
    try:
        return loads(body)
    except GameError as error:
        message = _("%(file)s is not a valid game file:", file=name[:80])
        raise ZipProblem(message, tuple(error.problems[:5])) from None


def _manifest(manifest: Any) -> tuple[str, dict[str, str]]:
    """The group's name and merges from the manifest; a missing or odd one gives a plain group."""
    if not isinstance(manifest, dict):
        raise ZipProblem(_("%(file)s is not a group manifest.", file=MANIFEST))
    name = manifest.get("name")
    name = "".join(ch for ch in name if groups.storable(ch)) if isinstance(name, str) else ""
    name = " ".join(name.split())[: groups.NAME_LIMIT]
    merges = manifest.get("merges") or {}
    if not isinstance(merges, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and groups.mergeable(k) and groups.mergeable(v)
        for k, v in merges.items()
    ):
        raise ZipProblem(_("The merged names in %(file)s are not readable.", file=MANIFEST))
    return name or _("Imported group"), {groups.fold(k): v for k, v in merges.items()}


def _dates(manifest: dict[str, Any]) -> dict[str, datetime]:
    """When each game was started, by file name, as far as the manifest says (dates are optional)."""
    found = {}
    listed = manifest.get("games")
    for entry in listed if isinstance(listed, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("file"), str):
            try:
                when = datetime.fromisoformat(str(entry.get("created_at"))[:40])
            except ValueError:
                continue
            found[entry["file"]] = started_at(when)
    return found


def _provisional(manifest: dict[str, Any]) -> int:
    """The group's rating setting (optional: the default when the manifest has none)."""
    games = manifest.get("provisional_games", PROVISIONAL)
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_PROVISIONAL:
        raise ZipProblem(_("%(file)s is not a group manifest.", file=MANIFEST))
    return games


def _seasons(manifest: dict[str, Any]) -> list[tuple[str, date, date]]:
    """The seasons the manifest lists (optional), each checked as the page's form checks one; one
    that is not readable is refused, so that a group does not come back with a season less."""
    listed = manifest.get("seasons") or []
    read = [_season(entry) for entry in (listed if isinstance(listed, list) else [None])]
    found = [season for season in read if season is not None]
    folded = {groups.fold(name) for name, _first, _last in found}
    if len(found) < len(read) or len(folded) < len(found):
        raise ZipProblem(_("The seasons in %(file)s are not readable.", file=MANIFEST))
    return found


def _season(entry: object) -> tuple[str, date, date] | None:
    """One season of the manifest, or None when it is not one."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        return None
    name = " ".join(entry["name"].split())
    try:
        first = date.fromisoformat(str(entry.get("first_day"))[:40])
        last = date.fromisoformat(str(entry.get("last_day"))[:40])
    except ValueError:
        return None
    good = name and len(name) <= SEASON_NAME_LIMIT and groups.storable(name) and first <= last
    return (name, first, last) if good else None


# No game of this app was started before it existed, nor after it is imported. Outside that, a
# date is clamped: year 1 or 9999 with an offset overflows when turned to UTC, or is stored by
# PostgreSQL and then cannot be read back into Python (year 0), which would break the pages for good.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


def started_at(when: datetime, now: datetime | None = None) -> datetime:
    """A start date from a manifest, in UTC, clamped to the years a game can have been played."""
    latest = now or datetime.now(UTC)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        when = when.astimezone(UTC)
    except OverflowError:
        return EARLIEST if when.year < EARLIEST.year else latest
    return min(max(when, EARLIEST), latest)
