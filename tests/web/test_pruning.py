"""Pruning: old submission ids, cached sheets and ended rate-limit windows go; one worker per interval."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import update

from scorekeeper.storage import db
from scorekeeper.storage import pruning as maintenance
from scorekeeper.storage.models import PdfCacheRow, RateLimitRow, SheetCacheRow, SubmissionRow, now
from tests.builders import worked_example

from .helpers import WORKED_DEAL_1, count_rows, create_game, current_version, import_game, new_game_form


def _age(app: Flask, model: type, days: float) -> None:
    """Make every row of `model` `days` old."""
    with app.app_context():
        s = db.session()
        s.execute(update(model).values(at=now() - timedelta(days=days)))
        s.commit()


def _fill(app: Flask) -> None:
    client = app.test_client()
    links = create_game(client)
    shown = current_version(client, links)
    client.post(links.entry, data={**WORKED_DEAL_1, "version": shown, "submission": "s1"})
    client.get(f"{links.view}/sheet.pdf")
    client.get("/sheets/blank.pdf")
    client.post("/new", data=new_game_form())


@pytest.fixture
def filled(make_app: Callable[..., Flask]) -> Flask:
    app = make_app(PRUNE_INTERVAL=3600)
    _fill(app)
    # Sheet rows: the blank sheet and the printed game's grid (kept beside it).
    # Rate-limit counters: new games, printed sheets, changes (the deal).
    assert [count_rows(app, m) for m in (SubmissionRow, PdfCacheRow, SheetCacheRow, RateLimitRow)] == [
        1,
        1,
        2,
        3,
    ]
    return app


@pytest.mark.postgres
def test_recent_rows_are_kept(filled: Flask) -> None:
    assert (
        str(maintenance.prune_app(filled))
        == "pruned 0 submission id(s), 0 cached sheet(s), 0 rate-limit counter(s), 0 kept paper check(s)"
    )


@pytest.mark.postgres
def test_old_rows_are_pruned(filled: Flask) -> None:
    for model in (SubmissionRow, PdfCacheRow, SheetCacheRow):
        _age(filled, model, 40)
    engine = filled.extensions["db_engine"]
    pruned = maintenance.prune(engine, 30, 14, at=time.time() + 3600)
    assert (pruned.submissions, pruned.sheets, pruned.limits) == (1, 3, 3)
    assert [count_rows(filled, m) for m in (SubmissionRow, PdfCacheRow, SheetCacheRow, RateLimitRow)] == [
        0
    ] * 4


def test_the_prune_command(filled: Flask) -> None:
    _age(filled, SubmissionRow, 31)
    result = filled.test_cli_runner().invoke(args=["prune"])
    assert result.exit_code == 0, result.output
    assert "pruned 1 submission id(s)" in result.output


@pytest.mark.postgres
def test_one_claim_per_interval(app: Flask) -> None:
    engine = app.extensions["db_engine"]
    start = time.time()
    assert maintenance.claim(engine, 600, at=start)
    assert not maintenance.claim(engine, 600, at=start + 10)
    assert not maintenance.claim(engine, 600, at=start + 599)
    assert maintenance.claim(engine, 600, at=start + 601)


def test_a_request_prunes_when_it_is_due(make_app: Callable[..., Flask]) -> None:
    app = make_app(PRUNE_INTERVAL=0)
    _fill(app)
    _age(app, SubmissionRow, 40)
    with app.test_client().get("/") as response:
        assert response.status_code == 200
    assert count_rows(app, SubmissionRow) == 0


def test_requests_within_the_interval_do_not_prune(make_app: Callable[..., Flask]) -> None:
    app = make_app(PRUNE_INTERVAL=3600)
    links = import_game(app, worked_example())
    with app.test_client().get(links.view):
        pass
    _fill(app)
    _age(app, SubmissionRow, 40)
    with app.test_client().get("/"):
        pass
    assert count_rows(app, SubmissionRow) == 1


def test_runner_fixture_is_usable(runner: FlaskCliRunner) -> None:
    assert runner.invoke(args=["prune"]).exit_code == 0
