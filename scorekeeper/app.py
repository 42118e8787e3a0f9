"""The app factory: configuration, database, languages, security, blueprints, commands."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

from . import config
from .commands.games import COMMANDS
from .present import i18n, vocabulary
from .present.i18n import signed
from .storage import db, limits, pruning
from .web.common import assets, errors, language, security, share
from .web.deals import views as deals
from .web.evening import views as evening
from .web.games import replace as game_replace
from .web.games import views as games
from .web.groups import merges as group_merges
from .web.groups import players as group_players
from .web.groups import seasons as group_seasons
from .web.groups import transfer as group_transfer
from .web.groups import views as groups
from .web.home import views as home
from .web.new_game import views as new_game
from .web.paper_check import views as paper_check
from .web.printing import views as sheets
from .web.summary import views as summary
from .web.transfer import views as transfer

__all__ = ["create_app", "signed"]


# templates/, static/ and instance/ sit beside the package, at the top of the checkout.
ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, object] | None = None) -> Flask:
    """Build the web app; `test_config` overrides the configuration in tests."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE") or str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )

    config.configure(app, test_config)
    db.init_app(app)
    i18n.init_app(app)
    vocabulary.init_app(app)
    security.init_app(app)
    assets.init_app(app)
    limits.init_app(app)
    pruning.init_app(app)
    register_blueprints(app)
    app.jinja_env.globals["share_link"] = share.link
    for command in COMMANDS:
        app.cli.add_command(command)
    return app


def register_blueprints(app: Flask) -> None:
    """One blueprint per feature."""
    for blueprint in (
        home.bp,
        new_game.bp,
        games.bp,
        game_replace.bp,
        deals.bp,
        share.bp,
        transfer.bp,
        sheets.bp,
        paper_check.bp,
        groups.bp,
        group_transfer.bp,
        group_seasons.bp,
        group_players.bp,
        group_merges.bp,
        evening.bp,
        summary.bp,
        language.bp,
        errors.bp,
    ):
        app.register_blueprint(blueprint)
