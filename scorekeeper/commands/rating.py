"""`scorekeeper rate FILE...`: the players' strengths per game kind over game files and group zips."""

from __future__ import annotations

import json
import sys

import click

from scorekeeper.present.group_stats import Names
from scorekeeper.present.group_zip import ZipProblem, read
from scorekeeper.present.ratings import as_json, rated
from scorekeeper.scoring import Game
from scorekeeper.scoring.rating import MAX_PROVISIONAL, PROVISIONAL, in_date_order

from .reading import game_or_exit, read_input


def _games(path: str, merges: dict[str, str]) -> list[Game]:
    """The games in `path`, oldest first: a zip's by the dates of its manifest (then file names),
    a game file's one game; a zip's merged names are added to `merges`."""
    data = read_input(path)
    if not data.startswith(b"PK"):
        return [game_or_exit(data)]
    try:
        found = read(data)
    except ZipProblem as error:
        click.echo(f"{path}: {error}", err=True)
        for problem in error.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    merges.update(found.merges)
    return in_date_order(found.games)


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
    games = [game for path in files for game in _games(path, merges)]
    ratings = rated(games, Names.of_games(games, merges), provisional)
    if not ratings:
        click.echo("no finished game to rate", err=True)
    for kind in ratings:
        click.echo(json.dumps(as_json(kind), ensure_ascii=False))
