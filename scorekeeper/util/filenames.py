"""Names for downloaded files: the players and the day the game began, never the row number."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from urllib.parse import quote

_UNSAFE = re.compile(r"[^\w]+")
_NOT_ASCII = re.compile(r"[^A-Za-z0-9_-]+")


def stem(players: Sequence[str], started: datetime) -> str:
    """`barbu-Ann-Beth-Cat-Diana-2026-12-01`: letters and digits of each name, in any script."""
    names = [_UNSAFE.sub("_", name).strip("_")[:20] for name in players]
    return "-".join(["barbu", *(n for n in names if n), started.strftime("%Y-%m-%d")])


def ascii_stem(text: str) -> str:
    """`text` in plain ASCII, for the browsers that read only the old `filename` parameter."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"-{2,}", "-", _NOT_ASCII.sub("", plain)).strip("-") or "barbu"


def disposition(players: Sequence[str], started: datetime, suffix: str, kind: str = "attachment") -> str:
    """A Content-Disposition header naming the file after the players and the date (RFC 6266)."""
    name = stem(players, started) + suffix
    fallback = ascii_stem(stem(players, started)) + suffix
    if name == fallback:
        return f'{kind}; filename="{name}"'
    return f"{kind}; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"
