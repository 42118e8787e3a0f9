"""Barbu Scorekeeper: the scoresheet of Barbu, the bridge players' card game."""

from __future__ import annotations

from flask import Flask


def create_app(test_config: dict[str, object] | None = None) -> Flask:
    """Build the web app; `test_config` overrides the configuration in tests."""
    app = Flask(__name__, instance_relative_config=True)
    if test_config:
        app.config.update(test_config)
    from .cli import COMMANDS

    for command in COMMANDS:
        app.cli.add_command(command)
    return app
