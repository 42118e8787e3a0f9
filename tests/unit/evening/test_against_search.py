"""The planner's repeats against an independent random-restart local search of a fixed budget.

The search below shares no code with the planner: it takes each round's table sizes and the players
sitting out from the plan (the rule for those is checked in test_tables and test_planner), deals
every round at random, then tries random swaps of two players of one round, keeping a swap that
does not add repeats, for a fixed number of tries, from a few random starts. The planner must do at
least as well, for 3 to 40 players and 1 to 8 rounds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorekeeper.evening import plan

STARTS = 3
TRIES = 400


def count_repeats(rounds: list[list[list[int]]]) -> int:
    met: Counter[frozenset[int]] = Counter()
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[frozenset((a, b))] += 1
    return sum(n - 1 for n in met.values())


def search(shapes: list[tuple[list[int], list[int]]], seed: int) -> int:
    """The fewest repeats found, for rounds given as (table sizes, players seated)."""
    lots = random.Random(seed)
    best = None
    for _ in range(STARTS):
        rounds = []
        for sizes, seated in shapes:
            order = seated[:]
            lots.shuffle(order)
            tables, at = [], 0
            for size in sizes:
                tables.append(order[at : at + size])
                at += size
            rounds.append(tables)
        current = count_repeats(rounds)
        for _ in range(TRIES):
            tables = lots.choice(rounds)
            if len(tables) < 2:
                continue
            a, b = lots.sample(range(len(tables)), 2)
            i, j = lots.randrange(len(tables[a])), lots.randrange(len(tables[b]))
            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
            after = count_repeats(rounds)
            if after <= current:
                current = after
            else:
                tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        best = current if best is None else min(best, current)
    assert best is not None
    return best


CASES = [
    (3, 1, {3, 4, 5}),
    (3, 8, {3, 4, 5}),
    (6, 4, {3, 4, 5}),
    (7, 5, {3, 4, 5}),
    (8, 3, {3, 4, 5}),
    (9, 6, {3, 4, 5}),
    (10, 8, {3, 4, 5}),
    (11, 3, {3, 4, 5}),
    (12, 4, {3, 4, 5}),
    (13, 7, {3, 4, 5}),
    (14, 2, {3, 4, 5}),
    (16, 5, {3, 4, 5}),
    (17, 8, {3, 4, 5}),
    (20, 6, {3, 4, 5}),
    (23, 3, {3, 4, 5}),
    (27, 8, {3, 4, 5}),
    (31, 4, {3, 4, 5}),
    (36, 7, {3, 4, 5}),
    (40, 1, {3, 4, 5}),
    (40, 8, {3, 4, 5}),
    (10, 5, {4}),
    (13, 6, {4}),
    (11, 4, {3, 5}),
    (22, 8, {5}),
    (19, 6, {4, 5}),
    (38, 8, {3}),
]


# Where sweeps outside the test tier found the search beating a smaller budget of the planner by one
REGRESSIONS = [(14, 6, {4}, 3), (13, 5, {4}, 11)]


@pytest.mark.parametrize(
    ("players", "rounds", "sizes", "seeds"),
    [(*case, (1, 2)) for case in CASES] + [(n, r, s, (seed,)) for n, r, s, seed in REGRESSIONS],
)
def test_the_planner_repeats_no_more_than_a_local_search(players, rounds, sizes, seeds):
    for seed in seeds:
        evening = plan([range(players)] * rounds, sizes, seed)
        shapes = [
            ([len(t.seats) for t in r.tables], sorted(p for t in r.tables for p in t.seats))
            for r in evening.rounds
        ]
        assert count_repeats([[list(t.seats) for t in r.tables] for r in evening.rounds]) == evening.repeats
        assert evening.repeats <= search(shapes, seed)
