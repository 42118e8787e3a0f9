"""`scorekeeper rate FILE...`: the players' strengths per game kind over game files and group zips."""

from __future__ import annotations

import json

import click

from scorekeeper.present.group_stats import Names
from scorekeeper.present.ratings import as_json, rated
from scorekeeper.scoring.rating import MAX_PROVISIONAL, PROVISIONAL

from .reading import games_in


@click.command("rate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--provisional",
    type=click.IntRange(0, MAX_PROVISIONAL),
    default=PROVISIONAL,
    show_default=True,
    help="Games of a kind a player needs to be rated for good.",
)
def rate_command(files: tuple[str, ...], provisional: int) -> None:
    """Rate the players of FILES: barbu-game/1 game files or group zips ('-' for standard input),
    oldest first in the order given (a zip's games by its dates). Only finished games count.

    Prints one JSON object per line, one line per game kind in the order the app lists the games:
    {"game": kind, "players": [{"name", "strength", "games", "provisional"}]}, players strongest
    first. A strength is in points per deal against average opponents (docs/rating.md).
    """
    merges: dict[str, str] = {}
    games = [game for path in files for game in games_in(path, merges)]
    ratings = rated(games, Names.of_games(games, merges), provisional)
    if not ratings:
        click.echo("no finished game to rate", err=True)
    for kind in ratings:
        click.echo(json.dumps(as_json(kind), ensure_ascii=False))
