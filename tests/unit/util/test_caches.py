"""scorekeeper.caches lists every cache the package keeps in process memory, and nothing else: a
cache added without saying why it is safe across workers, machines, restores and deploys fails."""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from pathlib import Path

import scorekeeper
from scorekeeper.util.cache_list import CACHES
from scorekeeper.util.memo import Memo


def _found() -> dict[str, object]:
    """Every Memo and functools cache (@cache, @lru_cache) that a module of the package defines."""
    found: dict[str, object] = {}
    for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if ".migrations" in info.name:
            continue
        module = importlib.import_module(info.name)
        source = Path(module.__file__ or "").read_text()
        for name, value in vars(module).items():
            made_here = isinstance(value, Memo) and re.search(rf"^{name}\b[^=\n]*= Memo\(", source, re.M)
            decorated = isinstance(value, functools._lru_cache_wrapper) and value.__module__ == info.name
            if made_here or decorated:
                found[f"{info.name}.{name}"] = value
    return found


def test_every_cache_in_memory_is_listed_and_every_listed_cache_exists() -> None:
    listed = {c.name for c in CACHES}
    assert len(listed) == len(CACHES), "a cache is listed twice"
    found = _found()
    assert set(found) == listed, (sorted(set(found) - listed), sorted(listed - set(found)))


def test_every_cache_says_why_it_is_safe_and_is_bounded() -> None:
    found = _found()
    for cache in CACHES:
        assert cache.key and cache.holds and cache.safe and cache.bound, cache.name
        value = found[cache.name]
        if isinstance(value, Memo):
            assert cache.bound == f"Memo({value.size})", cache.name
        else:
            maxsize = value.cache_parameters()["maxsize"]  # type: ignore[attr-defined]
            assert maxsize is None or f"lru_cache({maxsize})" in cache.bound, cache.name
