"""A group as a zip file: writing one (a game file per game and the `group.json` manifest), and
storing one read by present/group_zip.py as a new group."""

from __future__ import annotations

import io
import json
import zipfile

from scorekeeper.present.group_zip import (
    GROUP_FORMAT,
    MANIFEST,
    MAX_FILES,
    MAX_ZIP,
    GroupFile,
    ZipProblem,
    read,
)
from scorekeeper.scoring import dumps
from scorekeeper.storage import db, groups, new_games
from scorekeeper.storage.links import new_token
from scorekeeper.storage.models import NameMergeRow, SeasonRow
from scorekeeper.storage.seasons import provisional_games, seasons
from scorekeeper.util.cooperate import pause

__all__ = [
    "MAX_FILES",
    "MAX_ZIP",
    "GroupFile",
    "ZipProblem",
    "export",
    "read",
    "store_group",
]


def export(group: groups.StoredGroup) -> bytes:
    """The zip of the group: a game file per game, oldest first, and the manifest."""
    out = io.BytesIO()
    played = groups.games(group.row)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        listed = []
        for number, one in enumerate(played, start=1):
            name = f"game-{number:03}.json"
            listed.append({"file": name, "created_at": one.row.created_at.isoformat()})
            archive.writestr(name, dumps(one.game))
        manifest = {
            "format": GROUP_FORMAT,
            "name": group.row.name,
            "merges": groups.merges(group.row),
            "seasons": [
                {"name": x.name, "first_day": x.first_day.isoformat(), "last_day": x.last_day.isoformat()}
                for x in seasons(group.row)
            ],
            "provisional_games": provisional_games(group.row),
            "games": listed,
        }
        archive.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2))
    return out.getvalue()


def store_group(found: GroupFile) -> groups.CreatedGroup:
    """Store a checked group as a new group with fresh links, its games and merges in it.

    All in one transaction: a crash or a database error midway leaves nothing behind, rather than a
    half-written group whose link nobody was given.
    """
    # Everything is worked out first, yielding to the worker's other requests; then it is written
    # in one go, so that the write (on SQLite, every other writer waits for it) is short. An old
    # game keeps its date, for the leaderboard's dates, and is not one of tonight's.
    tokens = (new_token(), new_token())
    prepared = new_games.prepare_many(
        found.games, new_games.Membership(0, tokens[1], tokens[0]), between=pause
    )
    s = db.session()
    try:
        created = groups.stage(found.name, tokens)
        created.row.provisional_games = found.provisional
        for alias, name in found.merges.items():
            s.add(NameMergeRow(group_id=created.id, alias=alias, name=name))
        for name, first, last in found.seasons:
            s.add(SeasonRow(group_id=created.id, name=name, first_day=first, last_day=last))
        new_games.insert_many(prepared, created.id, "import", between=pause)
        s.commit()
    except BaseException:
        s.rollback()
        raise
    return created
