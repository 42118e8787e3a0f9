"""Persistence: games round-trip through the database exactly; a change on a stale version is refused
and changes nothing; of two changes on one version exactly one wins; the schema's constraints.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete, inspect, select, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.scoring import Deal, Result, dump, load
from scorekeeper.scoring.contracts import BARBU
from scorekeeper.storage import db, store
from scorekeeper.storage.db import make_engine
from scorekeeper.storage.links import digest
from scorekeeper.storage.models import Base, ChangeRow, DealRow, GameRow
from tests.builders import full_game, game, hand, worked_example

from .helpers import count_rows, export, hands, import_game, renamed

pytestmark = pytest.mark.postgres


def _settled_game() -> dict[str, Any]:
    barbu = hand("barbu")
    del barbu["result"]
    return game(
        [barbu, hand("trumps", trump="clubs"), hand("dominoes", rank="10")], undoubled_negative="settle"
    )


CUSTOM = {
    "no-tricks": -3,
    "no-queens": -6,
    "no-last-two": [-10, -20],
    "no-hearts": {"heart": -2, "ace": -8},
    "barbu": -24,
    "trumps": 5,
    "dominoes": [50, 25, 5, -5],
    "ravage-city": -24,
}
DOCS = [
    pytest.param(worked_example(), id="worked example"),
    pytest.param(full_game(), id="complete game"),
    pytest.param(full_game(ravage_city=True, scheme=CUSTOM), id="custom points, 32 deals"),
    pytest.param(_settled_game(), id="settled, trump suit, dominoes rank"),
    pytest.param(game([hand("no-tricks")], rotation="every-deal", dealer_declares=True), id="every deal"),
    pytest.param(renamed(worked_example(), ["مریم", "Ёжик", "<b>&", "Đurđa"]), id="names"),
]


def _snapshot(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, to show that nothing changed."""
    with app.extensions["db_engine"].connect() as connection:
        return {
            table.name: [
                tuple(r) for r in connection.execute(select(table).order_by(*table.primary_key.columns))
            ]
            for table in Base.metadata.sorted_tables
        }


def _load(app: Flask, token: str) -> store.StoredGame:
    """The game as one request loads it, in a session of its own."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        return stored


def _save(app: Flask, stored: store.StoredGame, version: int, new_game: Any, kind: str, position: int) -> int:
    with app.app_context():
        return store.save(stored, version, new_game, kind, position)


def _barbu(king: int) -> Deal:
    return Deal(BARBU, frozenset(), Result.of(king=king))


@pytest.mark.parametrize("doc", DOCS)
def test_a_game_round_trips_exactly(app: Flask, doc: dict[str, Any]) -> None:
    links = import_game(app, doc)
    stored = _load(app, links.edit_token)
    assert dump(stored.game) == dump(load(doc))
    assert dump(load(store.document(stored.row))) == dump(load(doc))
    with app.test_client() as client:
        assert export(client, links.edit) == dump(load(doc))
        assert export(client, links.view) == dump(load(doc))


def test_a_stale_save_raises_conflict_and_changes_nothing(app: Flask) -> None:
    links = import_game(app, worked_example())
    stale = _load(app, links.edit_token)
    fresh = _load(app, links.edit_token)
    assert _save(app, fresh, 0, fresh.game.add(_barbu(1)), "add", 2) == 1
    before = _snapshot(app)

    for version, change in [(0, stale.game.undo()), (0, stale.game.add(_barbu(2))), (5, stale.game.undo())]:
        with pytest.raises(store.Conflict):
            _save(app, stale, version, change, "undo", 1)
    assert _snapshot(app) == before
    assert _load(app, links.edit_token).version == 1


def test_two_saves_on_the_same_version_exactly_one_wins(app: Flask) -> None:
    links = import_game(app, worked_example())
    phone_a, phone_b = _load(app, links.edit_token), _load(app, links.edit_token)
    assert _save(app, phone_a, 0, phone_a.game.add(_barbu(1)), "add", 2) == 1
    with pytest.raises(store.Conflict):
        _save(app, phone_b, 0, phone_b.game.add(_barbu(3)), "add", 2)
    after = _load(app, links.edit_token)
    assert [d.contract for d in after.game.deals][-1] == BARBU
    assert after.game.deals[2].result == Result.of(king=1)
    assert count_rows(app, DealRow) == 3


@pytest.mark.parametrize("attempt", range(5))
def test_two_saves_racing_on_the_same_version_one_wins(app: Flask, attempt: int) -> None:
    links = import_game(app, worked_example())
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(king: int) -> None:
        stored = _load(app, links.edit_token)
        start.wait()
        try:
            _save(app, stored, 0, stored.game.add(_barbu(king)), "add", 2)
            outcomes.append("saved")
        except store.Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=phone, args=(king,)) for king in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["conflict", "saved"]
    assert count_rows(app, DealRow) == 3
    assert _load(app, links.edit_token).version == 1


def test_every_change_bumps_the_version_and_is_recorded(app: Flask) -> None:
    links = import_game(app, game())
    changes = [
        ("add", 0, lambda g: g.add(_barbu(1))),
        ("edit", 0, lambda g: g.replace(0, _barbu(2))),
        ("undo", 0, lambda g: g.undo()),
        ("add", 0, lambda g: g.add(_barbu(3))),
    ]
    for version, (kind, position, change) in enumerate(changes):
        stored = _load(app, links.edit_token)
        assert _save(app, stored, version, change(stored.game), kind, position) == version + 1
    with app.app_context():
        rows = db.session().scalars(select(ChangeRow).order_by(ChangeRow.version)).all()
        assert [(r.version, r.kind) for r in rows] == [
            (0, "import"),
            (1, "add"),
            (2, "edit"),
            (3, "undo"),
            (4, "add"),
        ]
        assert rows[2].before is not None and rows[2].before["result"] == {"king": "Beth"}
        assert rows[2].after is not None and rows[2].after["result"] == {"king": "Cat"}
    assert _load(app, links.edit_token).game.deals == (_barbu(3),)


def test_undo_deletes_the_deal_row(app: Flask) -> None:
    links = import_game(app, worked_example())
    stored = _load(app, links.edit_token)
    _save(app, stored, 0, stored.game.undo(), "undo", 1)
    with app.app_context():
        positions = db.session().scalars(select(DealRow.position)).all()
    assert positions == [0]


def test_deleting_a_game_deletes_its_deals_and_history(app: Flask) -> None:
    kept = import_game(app, worked_example())
    gone = import_game(app, full_game())
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(delete(GameRow).where(GameRow.edit_hash == digest(gone.edit_token)))
    assert (count_rows(app, GameRow), count_rows(app, DealRow), count_rows(app, ChangeRow)) == (1, 2, 1)
    assert len(_load(app, kept.edit_token).game.deals) == 2


@pytest.mark.parametrize(
    ("table", "columns"),
    [("deals", ["game_id", "position"]), ("changes", ["game_id", "version"]), ("games", ["edit_hash"])],
)
def test_the_unique_constraints_exist(app: Flask, table: str, columns: list[str]) -> None:
    inspector = inspect(app.extensions["db_engine"])
    uniques = [sorted(u["column_names"]) for u in inspector.get_unique_constraints(table)]
    uniques += [sorted(i["column_names"]) for i in inspector.get_indexes(table) if i["unique"]]
    assert sorted(columns) in uniques


@pytest.mark.parametrize("model", [DealRow, ChangeRow])
def test_the_database_refuses_a_second_row_at_the_same_place(app: Flask, model: Any) -> None:
    import_game(app, worked_example())
    with app.app_context():
        s = db.session()
        existing = s.scalars(select(model).order_by(model.id)).first()
        columns = {c.name: getattr(existing, c.key) for c in model.__table__.columns if c.name != "id"}
        s.add(model(**columns))
        with pytest.raises(IntegrityError):
            s.commit()
        s.rollback()


def test_no_computed_score_is_stored(app: Flask) -> None:
    inspector = inspect(app.extensions["db_engine"])
    for table in ("games", "deals", "changes"):
        names = {c["name"] for c in inspector.get_columns(table)}
        assert not {n for n in names if any(w in n for w in ("score", "total", "running"))}, table


def test_sqlite_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    # Checked on an engine of its own, so that the PostgreSQL run checks it too rather than skip.
    engine = make_engine(f"sqlite:///{tmp_path / 'pragmas.sqlite'}")
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL: safe in WAL
    engine.dispose()


def test_the_upgrade_command_is_idempotent(app: Flask) -> None:
    for _ in range(2):
        result = app.test_cli_runner().invoke(args=["db", "upgrade"])
        assert result.exit_code == 0, result.output
        assert "database ready" in result.output
    assert hands(app.test_client(), import_game(app, worked_example())) != []


def test_under_gevent_sqlite_waits_for_its_lock_without_blocking(tmp_path: Path) -> None:
    """The waits of `sqlite_wait`: a writer that finds the database locked tries again, yielding,
    until the lock is free (a real server gives its connections these, see db.make_engine)."""
    import sqlite3
    import time

    from scorekeeper.storage import sqlite_wait

    path = tmp_path / "locked.sqlite"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("CREATE TABLE t (x INTEGER)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO t VALUES (1)")
    release = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    waiter = sqlite3.connect(path, factory=sqlite_wait.Connection, timeout=0, check_same_thread=False)
    started = time.monotonic()
    release.start()
    waiter.cursor().execute("INSERT INTO t VALUES (2)")  # as SQLAlchemy runs statements
    waiter.commit()
    release.join()
    assert 0.2 < time.monotonic() - started < sqlite_wait.WAIT
    assert waiter.execute("SELECT count(*) FROM t").fetchone() == (2,)
    waiter.close()
    holder.close()
