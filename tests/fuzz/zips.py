"""Group zips for the fuzzer: good ones, ones poked at, and bombs of every method zipfile knows."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from functools import cache
from random import Random
from typing import Any

from tests.builders import full_game, worked_example

ODD_DATES = ["0001-01-01T00:30:00+01:00", "9999-12-31T23:00:00-05:00", "2026-02-30", "x", None, 5]
ODD_NAMES = ["ß" * 40, "Ann\u202e", "\u2066x\u2069", "", "A" * 61, "a\x00b"]


@cache
def _bomb(method: int) -> bytes:
    """A zip of one game file of 20 MB of zeros (a few hundred bytes in bzip2)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive, archive.open("game.json", "w") as member:
        for _ in range(20):
            member.write(b"\0" * (1 << 20))
    return out.getvalue()


def _zip(files: dict[str, Any], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, body in files.items():
            archive.writestr(name, body if isinstance(body, bytes | str) else json.dumps(body))
    return out.getvalue()


def group_zip(rng: Random) -> bytes:
    """A group's zip: a good one, one with an odd manifest, a bomb, or no zip at all."""
    move = rng.random()
    games = [copy.deepcopy(rng.choice([worked_example(), full_game()])) for _ in range(rng.randint(1, 3))]
    files: dict[str, Any] = {f"game-{n:03}.json": game for n, game in enumerate(games, 1)}
    if move < 0.15:
        return _bomb(rng.choice([zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA, zipfile.ZIP_DEFLATED]))
    if move < 0.6:
        listed = [{"file": name, "created_at": rng.choice(ODD_DATES)} for name in files]
        files["group.json"] = {
            "format": "barbu-group/1",
            "name": rng.choice(ODD_NAMES),
            "merges": {rng.choice(ODD_NAMES): rng.choice(["Ann", *ODD_NAMES])},
            "games": listed,
        }
    elif move < 0.75:
        return rng.choice([b"", b"PK\x03\x04", b"not a zip", _zip(files)[:-30]])
    method = rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
    return _zip(files, method)
