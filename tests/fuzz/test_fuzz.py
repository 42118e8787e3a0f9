"""Seeded fuzzing of every form the pages offer, the import, odd paths and odd headers: never a 5xx,
a refused request stores nothing, and a request holding no edit link changes nothing stored. On
SQLite in `make fuzz`, on PostgreSQL in `make postgres`.

FUZZ_SEED and FUZZ_REQUESTS change the run; the report (terminal summary) lists every 5xx class with
a request that triggers it."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from random import Random

import pytest
from flask import Flask

from tests.builders import full_game, worked_example
from tests.web.helpers import create_game, import_game, new_game_form

from .conftest import REPORTS
from .driver import Fuzzer, Report

SEED = int(os.environ.get("FUZZ_SEED", "20261201"))
# About a minute and a half on either database: PostgreSQL answers each request more slowly.
REQUESTS = {"sqlite": 3000, "postgresql": 1500}
PLENTY = [10**6, 600]
PRINTS = [15, 3600]


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FAMILY = ("barbu-3", "barbette", "barbu-5", "french-3", "french-5")


# High limits for creating, importing and changing, so that the forms behind them are reached; a low
# one for rendering sheets, which keeps the tier within its time (a render takes most of a second).
LIMITS = {"LIMIT_CREATE": PLENTY, "LIMIT_IMPORT": PLENTY, "LIMIT_CHANGE": PLENTY, "LIMIT_PDF": PRINTS}


def fuzz(app: Flask, csrf_app: Flask, requests: int, seed: int = SEED) -> Report:
    """Games, a group and a kept check made in `app`'s database, then `requests` hostile requests."""
    client = app.test_client()
    games = [
        create_game(client),
        import_game(app, worked_example()),
        import_game(app, full_game(ravage_city=True)),
        *(import_game(app, json.loads((EXAMPLES / f"{name}.json").read_text())) for name in FAMILY),
    ]
    kept = client.post("/check/sheet?game=barbu", data={"action": "keep", "s0_0": "-26"})
    group = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    token = group.rsplit("/", 1)[1]
    client.post("/new", data={**new_game_form(["Ann", "Beth", "Cat", "Diana"]), "group": token})
    client.post("/new", data={**new_game_form(["anne", "BETH", "Cat", "Dina"]), "group": token})
    groups = [
        group,
        f"{group}/live",
        "/groups/new",
        "/groups/import",
        f"{group}?from=2026-01-01&to=2030-01-01",
    ]
    fuzzer = Fuzzer(app, csrf_app, Random(seed), [kept.headers["Location"], *groups])
    return fuzzer.run([(g.edit, g.view) for g in games], requests)


@pytest.mark.postgres
def test_fuzz(make_app: Callable[..., Flask]) -> None:
    app = make_app(**LIMITS)
    csrf_app = make_app(WTF_CSRF_ENABLED=True, **LIMITS)
    database = app.extensions["db_engine"].dialect.name
    requests = int(os.environ.get("FUZZ_REQUESTS") or REQUESTS[database])
    report = fuzz(app, csrf_app, requests)
    REPORTS.append((database, report))

    assert report.sent == requests
    assert report.stored_on_refusal == []
    assert report.strangers > 0 and report.stranger_writes == []
    ours = report.classes()
    assert not ours, "\n".join(f"{sig}: e.g. {errors[0].request}" for sig, errors in ours.items())
