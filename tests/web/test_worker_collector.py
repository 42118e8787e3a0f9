"""A gunicorn worker leaves what it built to start out of the cycle collector's full passes: each
pass walked those ~150,000 objects, which are never garbage, while every connection of the worker
waited (60 to 120 ms, the slowest polls of a room of phones). What requests make later is
collected as before."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest
from flask import Flask

from scorekeeper.server import worker as serving


def test_a_worker_starts_with_what_it_built_left_out_of_the_collector(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch, database_url: str
) -> None:
    make_app()  # the tests' database, its tables there and empty
    monkeypatch.setenv("DATABASE_URL", database_url)
    gc.unfreeze()
    try:
        served = serving.application()
        assert gc.get_freeze_count() > 10_000
        assert not any(o is served for o in gc.get_objects())  # built to start: frozen
        # What comes later is the collector's: a cycle made after the start is freed.
        cycle: list[object] = []
        cycle.append(cycle)
        assert any(o is cycle for o in gc.get_objects())
    finally:
        gc.unfreeze()
