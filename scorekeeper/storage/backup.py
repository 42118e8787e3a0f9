"""Keeping the data safe: an online backup (restored by `restore`), and every game written out as a
game file."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, select

from scorekeeper.scoring import dump, load
from scorekeeper.util.filenames import stem

from . import db, pgtools
from .models import GameRow
from .store import document


def backup_sqlite(engine: Engine, destination: Path) -> None:
    """Copy the SQLite database to `destination` with SQLite's online backup API.

    The server may go on reading and writing meanwhile: the copy is of one consistent moment.
    """
    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        target = sqlite3.connect(destination)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        raw.close()


def backup_postgres(engine: Engine, destination: Path) -> None:
    """Dump the PostgreSQL database to `destination` with pg_dump (its custom format, which
    `scorekeeper restore` and pg_restore read); one consistent moment, the servers running on."""
    line = [pgtools.tool("pg_dump"), "--format=custom", "--no-owner", f"--file={destination}", "{url}"]
    done = pgtools.run(engine, line)
    if done.returncode != 0:
        raise click.ClickException(f"pg_dump failed: {done.stderr.strip()}")


@click.command("backup")
@click.argument("destination", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@with_appcontext
def backup_command(destination: Path) -> None:
    """Copy the database to DESTINATION while the server keeps running (SQLite's online backup, or
    pg_dump's custom format for PostgreSQL); `scorekeeper restore` reads it back."""
    engine: Engine = current_app.extensions["db_engine"]
    if destination.exists():
        click.echo(f"{destination} exists; choose a new file.", err=True)
        sys.exit(1)
    if engine.dialect.name == "sqlite":
        backup_sqlite(engine, destination)
    else:
        backup_postgres(engine, destination)
    click.echo(f"backed up to {destination}")


def export_all(directory: Path) -> list[Path]:
    """Write every stored game to `directory` as a barbu-game/1 file; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    s = db.session()
    for row in s.scalars(select(GameRow).order_by(GameRow.id)):
        base = stem(row.players, row.created_at)
        path = directory / f"{base}.json"
        n = 2
        while path.exists() or path in written:
            path = directory / f"{base}-{n}.json"
            n += 1
        doc = dump(load(document(row)))  # exactly what the game's own download gives
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written


@click.command("export-all")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@with_appcontext
def export_all_command(directory: Path) -> None:
    """Write every game to DIRECTORY as a barbu-game/1 file (scorekeeper import reads them back)."""
    written = export_all(directory)
    click.echo(f"{len(written)} game(s) written to {directory}")
