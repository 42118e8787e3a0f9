"""Databases as an earlier revision left them, to show what a migration makes of their rows."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask

from scorekeeper import create_app
from scorekeeper.paper import PaperSheet
from scorekeeper.paper.document import dump
from scorekeeper.scoring import BARBU, Rules
from scorekeeper.storage import db


@contextmanager
def empty_database(database_url: str) -> Iterator[str]:
    """A database of its own beside `database_url`'s, with no schema: a SQLite file, or a new
    database on the same PostgreSQL server, dropped afterwards."""
    if database_url.startswith("sqlite"):
        path = Path(database_url.removeprefix("sqlite:///")).with_name(f"migrate-{uuid.uuid4().hex}.sqlite")
        yield f"sqlite:///{path}"
        return
    name = f"migrate_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(
        database_url.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield database_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def app_at_0010(url: str) -> Flask:
    """An app on `url`, migrated to revision 0010 (links in clear, names unchecked for direction)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": url, "WTF_CSRF_ENABLED": False})
    db.upgrade(app, "0010")
    return app


def old_table(name: str, *columns: str, **typed: Any) -> sa.TableClause:
    """A table as revision 0010 had it, as far as a test's rows need (with its two dates)."""
    when = sa.DateTime(timezone=True)
    return sa.table(
        name,
        *(sa.column(c) for c in columns),
        *(sa.column(c, t) for c, t in typed.items()),
        sa.column("created_at", when),
        sa.column("updated_at", when),
    )


def old_games() -> sa.TableClause:
    """The games table as revision 0010 had it: its links in clear."""
    columns = ("id", "edit_token", "view_token", "first_declarer", "version", "group_id")
    return old_table("games", *columns, players=sa.JSON, rules=sa.JSON)


def paper_sheet(names: tuple[str, ...]) -> dict[str, Any]:
    """A blank paper check's document, as the app stores it."""
    return dump(PaperSheet.blank(Rules.of(BARBU, 4), names, 0))
