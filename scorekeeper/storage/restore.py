"""Restoring a backup while the servers keep running: `scorekeeper restore BACKUP`.

What a restore must not break, and why it does not:
- Versions come back. A restored game has a version number it had before, and its next save
  makes a number that already named another state. But every version carries the random epoch
  drawn with it (see `store`), and every cache, ETag, form and cached PDF names the stamp
  (version and epoch), never the bare number. A restored state is a state that existed, under
  the stamp it had, so what any worker kept for that stamp is right for it; the next save draws a
  new epoch. No worker needs telling, which is why a plain pg_restore done by hand is safe too.
- The servers' polls read a game's stamp at most STAMP_TTL (half a second) late: the phones
  show the restored sheet within one poll.
- The secret key is the running one: the servers hold it in memory, so the restored database is
  given it back (a backup from before the key was kept in the database has none; one from
  another install has another), and the phones' sessions and forms stay valid.
- The backup may be from an older schema: the migrations run after it is restored.

SQLite is restored with its online backup API (the servers' connections see one consistent
switch); PostgreSQL with pg_restore's script run by psql in a single transaction that first
drops the app's tables, so the servers see the old data or the new, never half of each, and
their queries wait for the switch instead of failing.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, delete, insert
from sqlalchemy.exc import OperationalError, ProgrammingError

from . import db, pgtools, secret
from .models import Base, SettingRow

ATTEMPTS = 5  # a server's transaction may deadlock with the restore's locks: the restore tries again


def restore_sqlite(engine: Engine, source: Path) -> None:
    """Copy SQLite backup `source` over the live database, page by page, in one switch."""
    backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    raw = engine.raw_connection()
    try:
        live = raw.driver_connection
        assert isinstance(live, sqlite3.Connection)
        backup.backup(live)
    finally:
        raw.close()
        backup.close()


def restore_postgres(engine: Engine, source: Path) -> None:
    """Replace the app's tables by those of pg_dump file `source`, in one transaction."""
    script = pgtools.run(
        engine,
        [
            pgtools.tool("pg_restore"),
            "--no-owner",
            "--no-privileges",
            "--no-comments",
            "-f",
            "-",
            str(source),
        ],
    )
    if script.returncode != 0:
        raise click.ClickException(f"pg_restore cannot read {source}: {script.stderr.strip()}")
    tables = ", ".join([*(t.name for t in Base.metadata.sorted_tables), "alembic_version"])
    drop = f"SET lock_timeout = '30s'; DROP TABLE IF EXISTS {tables} CASCADE;"
    psql = [pgtools.tool("psql"), "--no-psqlrc", "--quiet", "--single-transaction", "-v", "ON_ERROR_STOP=1"]
    for attempt in range(ATTEMPTS):
        done = pgtools.run(engine, [*psql, "-d", "{url}", "-c", drop, "-f", "-"], stdin=script.stdout)
        if done.returncode == 0:
            return
        if "deadlock detected" not in done.stderr or attempt == ATTEMPTS - 1:
            raise click.ClickException(f"the restore was rolled back: {done.stderr.strip()}")
        time.sleep(0.2 * (attempt + 1))


def keep_key(engine: Engine, key: str | None) -> None:
    """Give the restored database the secret key the running servers hold."""
    if key is None:
        return
    with engine.begin() as connection:
        connection.execute(delete(SettingRow).where(SettingRow.name == secret.NAME))
        connection.execute(insert(SettingRow).values(name=secret.NAME, value=key))


@click.command("restore")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def restore_command(source: Path) -> None:
    """Replace the database by backup SOURCE (made by `scorekeeper backup`), the servers running on."""
    app = current_app
    engine: Engine = app.extensions["db_engine"]
    try:
        running = secret.stored_key(engine)
    except (OperationalError, ProgrammingError):  # a database not made yet: the backup's key is kept
        running = None
    if engine.dialect.name == "sqlite":
        restore_sqlite(engine, source)
    else:
        restore_postgres(engine, source)
    engine.dispose()  # connections opened before the switch may hold the old schema's plans
    db.upgrade(app)
    keep_key(engine, running)
    click.echo(f"restored {source}; the servers show it within a second")
