"""Who has met whom: the pairs that shared a table, and the repeat meetings of a plan."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import combinations

Pair = tuple[int, int]
Meetings = Mapping[Pair, int]
"""How many times each pair (lower number first) has shared a table; a missing pair never has."""


def pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def meetings_of(tables: Iterable[Iterable[int]]) -> Counter[Pair]:
    """The meetings at these tables: every pair at one table, once per table."""
    met: Counter[Pair] = Counter()
    for seats in tables:
        met.update(pair(a, b) for a, b in combinations(seats, 2))
    return met


def repeats(tables: Iterable[Iterable[int]], earlier: Meetings | None = None) -> int:
    """The repeat meetings at these tables: each pair's meetings after its first.

    A pair that meets in three rounds counts 2. A pair that already met on an earlier evening (in
    `earlier`) counts every meeting here: none of them is its first.
    """
    before = earlier or {}
    return sum(count - (0 if before.get(p, 0) else 1) for p, count in meetings_of(tables).items())
