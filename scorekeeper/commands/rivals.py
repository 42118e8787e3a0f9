"""`scorekeeper rivals FILE...`: what each pair of players took off each other through doubles."""

from __future__ import annotations

import json
from dataclasses import asdict

import click

from scorekeeper.present.group_stats import Names
from scorekeeper.scoring import GAMES
from scorekeeper.scoring.rivals import ledger

from .reading import games_in


@click.command("rivals")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
def rivals_command(files: tuple[str, ...]) -> None:
    """The rivalry ledger of FILES: barbu-game/1 game files or group zips ('-' for standard input),
    every game played so far, finished or not.

    Prints one JSON object per line, one line per game kind with doubles, in the order the app
    lists the games: {"game": kind, "pairs": [{"a", "b", "a_won", "doubles_a_on_b",
    "doubles_b_on_a", "a_doubles_paid", "b_doubles_paid"}]}, pairs by names, a before b. a_won is
    what a took off b through side payments (negative when b took it); a_doubles_paid what a's
    doubles and redoubles on b brought a.
    """
    merges: dict[str, str] = {}
    games = [game for path in files for game in games_in(path, merges)]
    names = Names.of_games(games, merges)
    for kind in GAMES.values():
        pairs = ledger((g for g in games if g.rules.game is kind), names.shown)
        if pairs:
            out = {"game": kind.id, "pairs": [asdict(p) for p in pairs]}
            click.echo(json.dumps(out, ensure_ascii=False))
