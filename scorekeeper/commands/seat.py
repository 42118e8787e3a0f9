"""`scorekeeper seat`: an evening's seating from the planner, as JSON, to check a plan outside the app.

Seats are player numbers 0..N-1, or names with --names, clockwise from each table's first declarer;
`repeats` counts each pair's meetings after its first, earlier evenings' (--history) included.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import NoReturn

import click

from scorekeeper.evening import Evening, Meetings, PlanError, meetings_of, parse_sizes, plan
from scorekeeper.storage.group_names import fold

from .reading import games_in, read_input

# The game each table size plays: the standard game of the family for that many players.
GAME_FOR_SIZE = {3: "barbu-3", 4: "barbu", 5: "barbu-5"}


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(1)


def read_names(path: str) -> list[str]:
    """The names in FILE, one a line, blank lines skipped; exits 1 on a repeated name."""
    try:
        text = read_input(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"{path} is not UTF-8 text")
    names = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    seen: dict[str, str] = {}
    for name in names:
        if fold(name) in seen:
            fail(f"{name!r} is in {path} twice")
        seen[fold(name)] = name
    return names


def read_history(path: str, names: Sequence[str]) -> Meetings:
    """The meetings among `names` in the games of group zip FILE: every pair at a game met once.
    Read as `scorekeeper rate` reads it (present/group_zip: the app's limits, bombs refused unread)."""
    merges: dict[str, str] = {}
    games = games_in(path, merges, zip_only=True)
    merged = {fold(k): v for k, v in merges.items()}
    number = {fold(n): i for i, n in enumerate(names)}
    tables = ([fold(merged.get(fold(p), p)) for p in game.players] for game in games)
    return meetings_of([number[k] for k in table if k in number] for table in tables)


def as_json(evening: Evening, names: Sequence[str] | None) -> dict[str, object]:
    def who(p: int) -> int | str:
        return names[p] if names else p

    rounds = [
        {
            "tables": [
                {"game": GAME_FOR_SIZE[len(t.seats)], "seats": [who(p) for p in t.seats]} for t in r.tables
            ],
            "sitting_out": [who(p) for p in r.sitting_out],
        }
        for r in evening.rounds
    ]
    return {"rounds": rounds, "repeats": evening.repeats}


@click.command("seat")
@click.option(
    "--players", type=click.IntRange(min=1), help="How many players (with --names: as many as it names)."
)
@click.option("--rounds", required=True, type=click.IntRange(1, 50), help="How many rounds.")
@click.option("--sizes", default="3,4,5", show_default=True, help="The table sizes allowed, of 3, 4 and 5.")
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed gives the same plan.")
@click.option(
    "--names", "names_file", type=click.Path(dir_okay=False, allow_dash=True), help="Names, one a line."
)
@click.option(
    "--history",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="A group's zip: its games' meetings count as met already (needs --names).",
)
def seat_command(
    players: int | None, rounds: int, sizes: str, seed: int, names_file: str | None, history: str | None
) -> None:
    """Seat an evening of ROUNDS rounds and print it as JSON: each round's tables and who sits out."""
    names = read_names(names_file) if names_file else None
    if names is not None and players is not None and players != len(names):
        fail(f"--players says {players} but {names_file} names {len(names)}")
    count = len(names) if names is not None else players
    if count is None:
        fail("say how many players with --players, or name them with --names")
    if history and names is None:
        fail("--history matches players by name: give --names too")
    try:
        allowed = parse_sizes(sizes)
        earlier = read_history(history, names) if history and names else None
        evening = plan([range(count)] * rounds, allowed, seed, earlier)
    except PlanError as error:
        fail(str(error))
    click.echo(json.dumps(as_json(evening, names), ensure_ascii=False))
