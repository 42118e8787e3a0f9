"""The `scorekeeper` command: a Flask CLI group, so `flask --app scorekeeper` works too."""

from __future__ import annotations

import json
import sys

import click
from flask import Flask
from flask.cli import FlaskGroup, with_appcontext

from .backup import backup_command, export_all_command
from .maintenance import prune_command
from .report import sheet_json
from .scoring import GameError, loads, score
from .text_sheet import render


def read_input(path: str) -> bytes:
    """The bytes of `path`, or of standard input for `-`; exits 1 if it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        click.echo(f"cannot read {path}: {error.strerror}", err=True)
        sys.exit(1)


@click.command("score")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--human", is_flag=True, help="Print the sheet as a table instead of JSON.")
def score_command(file: str, human: bool) -> None:
    """Check and score a barbu-game/1 FILE ('-' for standard input)."""
    try:
        sheet = score(loads(read_input(file)))
    except GameError as error:
        for problem in error.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    if human:
        click.echo(render(sheet))
    else:
        click.echo(json.dumps(sheet_json(sheet), ensure_ascii=False, indent=2))


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def import_command(file: str) -> None:
    """Store a barbu-game/1 FILE as a new game and print its links as one JSON line."""
    from . import store

    try:
        game = loads(read_input(file))
    except GameError as error:
        for problem in error.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    row = store.create(game, kind="import")
    links = {"id": row.id, "edit_url": f"/g/{row.edit_token}", "view_url": f"/v/{row.view_token}"}
    click.echo(json.dumps(links))


COMMANDS = [score_command, import_command, prune_command, backup_command, export_all_command]


def _create_app() -> Flask:
    from .app import create_app

    return create_app()


main = FlaskGroup(
    create_app=_create_app,
    add_default_commands=True,
    help="Barbu Scorekeeper: score Barbu games, and serve the web app.",
)
for command in COMMANDS:
    main.add_command(command)
