"""Database plumbing: one engine per app, one session per request, Alembic upgrades."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from flask import Flask, current_app, g
from flask.cli import AppGroup
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from . import sqlite_wait

MIGRATIONS = Path(__file__).parent / "migrations"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers go on while a deal is written; SQLite checks foreign keys only when asked.
    # In WAL, synchronous=NORMAL syncs the log at checkpoints rather than at every commit: the
    # database stays whole after a crash or a power cut, and only a power cut may lose the last
    # commits before it. A sync per commit cost up to 2 ms of a save on a busy disk.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite connections get WAL, foreign keys, and under gevent waits for
    the write lock that let the worker's other requests run (see `sqlite_wait`)."""
    sqlite = url.startswith("sqlite")
    waits = sqlite_wait.connect_args() if sqlite else {}
    engine = create_engine(url, pool_pre_ping=not sqlite, connect_args=waits)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def init_app(app: Flask) -> None:
    """Give `app` its engine and a session per request, and the `db` commands."""
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    app.extensions["db_sessions"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(close_session)
    app.cli.add_command(db_group)


def session() -> Session:
    """The request's session, opened on first use."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessions"]()
    s: Session = g.db_session
    return s


def close_session(_error: BaseException | None = None) -> None:
    s = g.pop("db_session", None)
    if s is not None:
        s.close()


def upgrade(app: Flask, revision: str = "head") -> None:
    """Apply the Alembic migrations to the app's database."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with app.extensions["db_engine"].begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


@click.group("db", cls=AppGroup)
def db_group() -> None:
    """Manage the database."""


@db_group.command("upgrade")
def upgrade_command() -> None:
    """Create or migrate the database to the latest schema."""
    upgrade(current_app)
    click.echo(f"database ready: {current_app.extensions['db_engine'].url.render_as_string()}")
