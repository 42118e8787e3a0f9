"""Shared fixtures for tests/web and tests/browser: an app on a migrated database with empty tables.

PostgreSQL when TEST_DATABASE_URL is set (`make postgres` runs scripts/with-postgres.sh), else a
SQLite file for the session. The schema comes from the Alembic migrations once per session;
every test then starts from empty tables.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import Engine, create_engine, text

from scorekeeper import create_app
from scorekeeper.storage import db
from scorekeeper.storage.models import Base

# Children before parents, so no foreign key is in the way; new tables are included by themselves.
TABLES = [table.name for table in reversed(Base.metadata.sorted_tables)]


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist (`make test` runs tiers on both cores), each worker gets a PostgreSQL
    database of its own beside TEST_DATABASE_URL's: the tests empty the tables between them, which
    would pull another worker's rows away mid-test. Set in the environment, so the servers the
    tests start (tests/server) use it too. SQLite needs nothing: each worker's session has its own
    temporary folder."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("TEST_DATABASE_URL")
    if worker and url and url.startswith("postgresql") and not url.endswith(f"_{worker}"):
        os.environ["TEST_DATABASE_URL"] = _database_of_its_own(url, worker)


def _database_of_its_own(url: str, worker: str) -> str:
    """A new, empty database named after `url`'s and the worker, on the same server."""
    name = f"{url.rsplit('/', 1)[1]}_{worker}"
    driver = url.replace("postgresql://", "postgresql+psycopg://", 1)
    admin = create_engine(driver, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return f"{url.rsplit('/', 1)[0]}/{name}"


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database every app in this session uses."""
    url = os.environ.get("TEST_DATABASE_URL")
    return url or f"sqlite:///{tmp_path_factory.mktemp('db') / 'scorekeeper.sqlite'}"


def _build(database_url: str, **config: object) -> Flask:
    return create_app(
        {
            "TESTING": True,
            # Background renders would race the tests that count sheets; a test turns them on.
            "PRERENDER_DELAY": 0,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "DATABASE_URL": database_url,
            **config,
        }
    )


@pytest.fixture(scope="session")
def _schema(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Run the migrations once per session, as `scorekeeper db upgrade` does."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SCOREKEEPER_INSTANCE", str(tmp_path_factory.mktemp("instance")))
        app = _build(database_url)
    db.upgrade(app)
    app.extensions["db_engine"].dispose()


def _empty_tables(engine: Engine) -> None:
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # A connection left in a transaction would make TRUNCATE wait forever; fail instead.
            connection.execute(text("SET LOCAL lock_timeout = '10s'"))
            connection.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
        else:
            for table in TABLES:
                connection.execute(text(f"DELETE FROM {table}"))


@pytest.fixture
def make_app(
    _schema: None, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Flask]]:
    """`make_app(**config)`: an app with the test configuration overridden by `config`, tables empty."""
    # The real instance/ (secret key, SQLite file) stays out of the tests, also for apps a test builds.
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    apps: list[Flask] = []

    def make(**config: object) -> Flask:
        app = _build(database_url, **config)
        _empty_tables(app.extensions["db_engine"])
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.extensions["db_engine"].dispose()


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The app with CSRF off, so tests post forms without tokens."""
    return make_app()


@pytest.fixture
def csrf_app(make_app: Callable[..., Flask]) -> Flask:
    """The app with CSRF on, as players get it."""
    return make_app(WTF_CSRF_ENABLED=True)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()
