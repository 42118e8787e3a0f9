"""Rate a group of 1,000 finished games (issue 21) and print the time against scoring them.

Baseline in the same process: checking and scoring the same game files (`loads`, the fold), the
least a page of the group does with them. Then, on the folded games: the rating (`rate` over their
tables, as `scorekeeper rate` and the group page do) and the rivalry ledger. Games of every kind,
among a club of 40 players, oldest first.
Run: `.venv/bin/python bench/rating.py [GAMES]`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.scoring import Game, dumps, load, loads
from scorekeeper.scoring.rating import rate, table_of
from scorekeeper.scoring.rivals import ledger
from tests.oracle.generate import random_game

CLUB = [f"Player {n}" for n in range(40)]


def club_game(rng: Random) -> str:
    """A finished game of any kind, its players drawn from the club."""
    while not (game := load(random_game(rng, hands=None))).complete:
        pass
    # Deals name seats, not players: the same game with the club's names.
    names = tuple(rng.sample(CLUB, len(game.players)))
    return dumps(Game(names, game.first_declarer, game.rules, game.deals))


def timed(label: str, work, reference: float | None = None):
    start = time.process_time()
    result = work()
    seconds = time.process_time() - start
    ratio = f"{seconds / reference:8.2f}x scoring" if reference else ""
    print(f"{label:<44}{seconds:8.3f} s {ratio}")
    return seconds, result


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = Random(2126)
    texts = [club_game(rng) for _ in range(count)]
    print(f"{count} finished games of every kind among {len(CLUB)} players")
    scoring, games = timed("check and score the files (baseline)", lambda: [loads(t) for t in texts])
    timed(
        "rating: tables and rate", lambda: rate(t for g in games if (t := table_of(g)) is not None), scoring
    )
    timed("rivalry ledger", lambda: ledger(games), scoring)


if __name__ == "__main__":
    main()
