"""The `scorekeeper` command: a Flask CLI group, so `flask --app scorekeeper` works too.

The commands live in `commands.py`, which the app factory imports; this module imports the factory
only when the group needs an app, so neither module imports the other at load time.
"""

from __future__ import annotations

from flask import Flask
from flask.cli import FlaskGroup

from scorekeeper.commands.games import COMMANDS


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
