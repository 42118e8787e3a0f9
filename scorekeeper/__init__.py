"""Barbu Scorekeeper: the scoresheet of Barbu, the bridge players' card game.

The package itself imports nothing heavy, so that the rules engine
(`scorekeeper.scoring`) can be used without Flask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, object] | None = None) -> Flask:
    """Build the web app (see `scorekeeper.app`); `flask --app scorekeeper` and gunicorn use this."""
    from .app import create_app as build

    return build(test_config)
