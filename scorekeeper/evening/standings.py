"""The evening's standings across tables of 3, 4 and 5 and games of different lengths.

A table's places turn into points on one scale whatever its size: first 10, last 0, the places
between evenly spaced (a table of four gives 10, 6 2/3, 3 1/3, 0), so every table hands out 5 a
player on average. Tied players share the points of the places they tie for. A player's evening is
the sum over their tables; ties in it are broken by points per deal played (the table's score
divided by its deals, summed over tables), then by name.

A player replaced mid-game shares their seat: each who sat there gets the seat's place points in
proportion to the deals they played, and their own scores for points per deal; each counts the
table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

TOP = 10


@dataclass(frozen=True)
class TableResult:
    """One finished (or stopped) table: each player's total, and how many deals were played."""

    totals: dict[str, int]
    deals: int
    lower_wins: bool = False
    sitters: dict[str, tuple[tuple[str, int, int], ...]] = field(default_factory=dict)
    """For a seat (by the name in `totals`) taken over mid-game: (person, deals played, total) of
    everyone who sat there; a seat left out was one player's throughout."""

    def shares(self, seat: str) -> tuple[tuple[str, int, int], ...]:
        return self.sitters.get(seat) or ((seat, self.deals, self.totals[seat]),)


@dataclass(frozen=True)
class Standing:
    name: str
    points: Fraction
    per_deal: Fraction
    tables: int


def place_points(totals: dict[str, int], lower_wins: bool = False) -> dict[str, Fraction]:
    """Each player's place points at one table, ties sharing their places' points."""
    size = len(totals)
    if size < 2:
        return {name: Fraction(TOP) for name in totals}
    scale = [Fraction(TOP * (size - 1 - i), size - 1) for i in range(size)]
    order = sorted(totals, key=lambda n: totals[n] if lower_wins else -totals[n])
    points: dict[str, Fraction] = {}
    start = 0
    while start < size:
        end = start
        while end + 1 < size and totals[order[end + 1]] == totals[order[start]]:
            end += 1
        shared = sum(scale[start : end + 1], Fraction(0)) / (end - start + 1)
        points.update((order[i], shared) for i in range(start, end + 1))
        start = end + 1
    return points


def standings(tables: Sequence[TableResult]) -> list[Standing]:
    """The evening's standings, best first."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    per_deal: dict[str, Fraction] = defaultdict(Fraction)
    count: dict[str, int] = defaultdict(int)
    for table in tables:
        for seat, value in place_points(table.totals, table.lower_wins).items():
            for name, played, total in table.shares(seat):
                points[name] += (
                    value * Fraction(played, max(table.deals, 1)) if seat in table.sitters else value
                )
                score = Fraction(total, max(table.deals, 1))
                per_deal[name] += -score if table.lower_wins else score
                count[name] += 1
    order = sorted(points, key=lambda n: (-points[n], -per_deal[n], n))
    return [Standing(n, points[n], per_deal[n], count[n]) for n in order]
