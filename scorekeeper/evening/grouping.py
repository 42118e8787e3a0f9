"""Splitting the players of one round into tables so that few who have met meet again.

A round of a few players is searched whole (every split, the cheapest found first; a split whose
first tables already cost more is left unfinished). A larger one by a local search: deal the
players into the tables at random, then swap two players of different tables while a swap lowers
the cost, from a few random starts; the cheapest wins. The cost of a
table is the sum of its pairs' costs, which the planner sets so that any repeat meeting costs more
than every lesser concern together (see planner.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import factorial, prod

Costs = Sequence[Sequence[int]]
"""cost[i][j]: what seating players i and j (by position in the round's list) together costs."""

STARTS = 8
WHOLE = 6000
"""Rounds with at most this many splits are searched whole: 11 or 12 players (5775 splits)."""


def groups_cost(groups: Sequence[Sequence[int]], cost: Costs) -> int:
    return sum(cost[a][b] for g in groups for i, a in enumerate(g) for b in g[i + 1 :])


def _climb(groups: list[list[int]], cost: Costs) -> None:
    """Swap players between tables while a swap lowers the cost (first improvement, in place)."""
    where = {p: t for t, g in enumerate(groups) for p in g}
    players = sorted(where)
    improved = True
    while improved:
        improved = False
        for i, x in enumerate(players):
            for y in players[i + 1 :]:
                a, b = where[x], where[y]
                if a == b:
                    continue
                cx, cy = cost[x], cost[y]
                change = sum(cy[p] - cx[p] for p in groups[a] if p != x)
                change += sum(cx[q] - cy[q] for q in groups[b] if q != y)
                if change < 0:
                    groups[a][groups[a].index(x)] = y
                    groups[b][groups[b].index(y)] = x
                    where[x], where[y] = b, a
                    improved = True


def deal(count: int, sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Players 0..count-1 dealt at random into tables of `sizes` (which add up to `count`)."""
    order = list(range(count))
    rng.shuffle(order)
    groups, start = [], 0
    for size in sizes:
        groups.append(order[start : start + size])
        start += size
    return groups


def splits(sizes: Sequence[int]) -> int:
    """How many ways there are to split sum(sizes) players into tables of these sizes."""
    return (
        factorial(sum(sizes))
        // prod(factorial(s) for s in sizes)
        // prod(factorial(m) for m in Counter(sizes).values())
    )


def _whole(sizes: Sequence[int], cost: Costs) -> list[list[int]]:
    """The cheapest split of all, first found of the cheapest: each split is made once, by putting
    the lowest player not yet seated at a table of each size left."""
    best: list[list[int]] = []
    best_cost = [-1]

    def extend(left: list[int], free: Counter[int], tables: list[list[int]], spent: int) -> None:
        if best_cost[0] >= 0 and spent >= best_cost[0]:
            return
        if not left:
            best[:], best_cost[0] = [t[:] for t in tables], spent
            return
        first, rest = left[0], left[1:]
        for size in sorted(s for s in free if free[s]):
            free[size] -= 1
            for others in combinations(rest, size - 1):
                table = [first, *others]
                added = sum(cost[a][b] for i, a in enumerate(table) for b in table[i + 1 :])
                remaining = [p for p in rest if p not in others]
                extend(remaining, free, [*tables, table], spent + added)
            free[size] += 1

    extend(list(range(sum(sizes))), Counter(sizes), [], 0)
    by_size = {size: [t for t in best if len(t) == size] for size in set(sizes)}
    return [by_size[size].pop(0) for size in sizes]


def best_groups(sizes: Sequence[int], cost: Costs, rng: random.Random) -> list[list[int]]:
    """The cheapest split found of players 0..sum(sizes)-1 into tables of `sizes`."""
    count = sum(sizes)
    best: list[list[int]] | None = None
    best_cost = 0
    free = not any(any(row) for row in cost)
    if not free and splits(sizes) <= WHOLE:
        return _whole(sizes, cost)
    for _ in range(1 if free else STARTS):  # when nothing costs, the first random deal is as good as any
        groups = deal(count, sizes, rng)
        _climb(groups, cost)
        total = groups_cost(groups, cost)
        if best is None or total < best_cost:
            best, best_cost = groups, total
    assert best is not None
    return best
