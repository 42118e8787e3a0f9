"""`scorekeeper backup` copies a live SQLite database; `scorekeeper export-all` writes every game as a
game file, and importing them all into an empty database gives every total back."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from random import Random

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.present.report import score_document
from scorekeeper.scoring import load
from scorekeeper.storage import db, store
from scorekeeper.storage.models import GameRow
from tests.builders import full_game, worked_example
from tests.oracle.generate import random_game

from .helpers import import_game, renamed


def _games() -> list[dict]:
    rng = Random(9)
    return [
        worked_example(),
        full_game(),
        full_game(ravage_city=True),
        renamed(worked_example(), ["مریم", "Ёжик", "<b>&", "Đurđa"]),
        worked_example(),  # the same players twice: two files all the same
        *(random_game(rng, hands=rng.randrange(29)) for _ in range(5)),
    ]


def _totals(app: Flask) -> list[dict[str, int]]:
    with app.app_context():
        rows = db.session().scalars(select(GameRow).order_by(GameRow.id))
        return sorted((score_document(store.document(r))["totals"] for r in rows), key=json.dumps)


@pytest.mark.postgres
def test_export_all_then_import_all_reproduces_every_total(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = make_app()
    for doc in _games():
        import_game(app, doc)
    before = _totals(app)
    result = app.test_cli_runner().invoke(args=["export-all", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "out").glob("*.json"))
    assert len(files) == len(before) and "10 game(s) written" in result.output
    assert all("barbu-" in f.name and not f.name.startswith("barbu-game-") for f in files)

    empty = make_app()  # the tables are emptied
    with empty.app_context():
        assert db.session().scalar(select(func.count()).select_from(GameRow)) == 0
    runner = empty.test_cli_runner()
    for path in files:
        assert runner.invoke(args=["import", str(path)]).exit_code == 0
    assert _totals(empty) == before


def test_backup_copies_a_database_in_use(make_app: Callable[..., Flask], tmp_path: Path) -> None:
    app = make_app()
    if app.extensions["db_engine"].dialect.name != "sqlite":
        pytest.fail("this test runs on SQLite")
    for doc in _games()[:3]:
        import_game(app, doc)
    with app.extensions["db_engine"].connect():  # another connection open, as a running server has
        result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.sqlite")])
    assert result.exit_code == 0, result.output
    copy = sqlite3.connect(tmp_path / "copy.sqlite")
    assert copy.execute("SELECT count(*) FROM games").fetchone() == (3,)
    copy.close()
    again = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.sqlite")])
    assert again.exit_code == 1 and "exists" in again.output


@pytest.mark.postgres
def test_backup_on_either_database_makes_a_file_restore_reads(app: Flask, tmp_path: Path) -> None:
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "b.dump")])
    assert result.exit_code == 0, result.output
    header = (tmp_path / "b.dump").read_bytes()[:16]
    sqlite = app.extensions["db_engine"].dialect.name == "sqlite"
    assert header.startswith(b"SQLite format 3" if sqlite else b"PGDMP")  # pg_dump's custom format


def test_a_loaded_game_is_the_same_game(app: Flask) -> None:
    links = import_game(app, worked_example())
    with app.app_context():
        stored = store.find(links.edit_token)
        assert stored is not None
        assert load(store.document(stored.row)) == stored.game
