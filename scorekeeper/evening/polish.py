"""Improving a whole evening's seating at once, after it was seated round by round.

Seating each round as well as it can be leaves the later rounds with what the earlier ones left
over: swapping two players of one round can lower the evening's repeats. A walk tries random swaps
(drawn from the seed) and keeps each that adds no repeat; the planner walks from its round-by-round
seating and from random ones, keeps the cheapest, and climbs from there while a swap lowers its
whole cost: repeat meetings first, meetings in consecutive rounds next. Who sits out, and a round
seated by rating, stay as they are.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .meetings import Meetings, Pair, pair


class Seating:
    """Every round's tables (lists of players, changed in place) and what they cost."""

    def __init__(
        self, rounds: list[list[list[int]]], earlier: Meetings, repeat: int, next_round: int
    ) -> None:
        self.rounds = rounds
        self.earlier = earlier
        self.repeat, self.next_round = repeat, next_round
        self.at = [{p: t for t, g in enumerate(tables) for p in g} for tables in rounds]
        self.met: Counter[Pair] = Counter()
        for tables in rounds:
            for g in tables:
                self.met.update(pair(a, b) for i, a in enumerate(g) for b in g[i + 1 :])

    def cost(self) -> int:
        """The whole seating's cost: repeat meetings, then meetings in consecutive rounds."""
        repeats = sum(n - (0 if self.earlier.get(p, 0) else 1) for p, n in self.met.items() if n > 0)
        near = sum(
            self.at[r - 1].get(a, -1) == self.at[r - 1].get(b, -2)
            for r in range(1, len(self.rounds))
            for g in self.rounds[r]
            for i, a in enumerate(g)
            for b in g[i + 1 :]
        )
        return self.repeat * repeats + self.next_round * near

    def _together(self, r: int, a: int, b: int) -> int:
        """1 for each round next to round r in which a and b share a table."""
        near = 0
        for q in (r - 1, r + 1):
            if 0 <= q < len(self.rounds):
                ta, tb = self.at[q].get(a), self.at[q].get(b)
                near += ta is not None and ta == tb
        return near

    def _pair_change(self, r: int, a: int, b: int, step: int) -> int:
        p = pair(a, b)
        before = self.met[p] + self.earlier.get(p, 0)
        # a meeting is a repeat unless it is the pair's first ever
        repeat = before >= 1 if step > 0 else before >= 2
        return step * (self.repeat * repeat + self.next_round * self._together(r, a, b))

    def change(self, r: int, x: int, y: int) -> int:
        """What swapping x and y (at different tables of round r) changes the cost by."""
        here, there = self.rounds[r][self.at[r][x]], self.rounds[r][self.at[r][y]]
        total = 0
        for a in here:
            if a != x:
                total += self._pair_change(r, x, a, -1) + self._pair_change(r, y, a, 1)
        for b in there:
            if b != y:
                total += self._pair_change(r, y, b, -1) + self._pair_change(r, x, b, 1)
        return total

    def swap(self, r: int, x: int, y: int) -> None:
        tx, ty = self.at[r][x], self.at[r][y]
        here, there = self.rounds[r][tx], self.rounds[r][ty]
        self.met.subtract([pair(x, a) for a in here if a != x] + [pair(y, b) for b in there if b != y])
        self.met.update([pair(y, a) for a in here if a != x] + [pair(x, b) for b in there if b != y])
        here[here.index(x)], there[there.index(y)] = y, x
        self.at[r][x], self.at[r][y] = ty, tx


def walk(seating: Seating, free: Sequence[int], rng: random.Random, tries: int) -> None:
    """Try `tries` random swaps within the rounds numbered in `free`, keeping each that adds no repeat.

    The walk counts repeat meetings only: with meetings in consecutive rounds counted too, fewer
    swaps cost no more, and the walk stops where one over repeats alone goes on downhill.
    """
    movable = [r for r in free if len(seating.rounds[r]) > 1]
    weight, seating.next_round = seating.next_round, 0
    seated = {r: sorted(seating.at[r]) for r in movable}  # a swap keeps who is seated in a round
    for _ in range(tries if movable else 0):
        r = rng.choice(movable)
        x, y = rng.sample(seated[r], 2)
        if seating.at[r][x] != seating.at[r][y] and seating.change(r, x, y) <= 0:
            seating.swap(r, x, y)
    seating.next_round = weight


def climb(seating: Seating, free: Sequence[int]) -> None:
    """Swap two players of a round while a swap lowers the whole cost (first improvement)."""
    improved = True
    while improved:
        improved = False
        for r in free:
            players = sorted(seating.at[r])
            for i, x in enumerate(players):
                for y in players[i + 1 :]:
                    if seating.at[r][x] != seating.at[r][y] and seating.change(r, x, y) < 0:
                        seating.swap(r, x, y)
                        improved = True
