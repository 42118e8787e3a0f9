"""How many tables of 3, 4 and 5 a head count makes.

The rule: seat as many players as the allowed sizes can; then have as few tables that are not of
four as possible; then as few tables as possible. With every size allowed nobody sits out (every
count from 3 is a sum of 3s, 4s and 5s): 9 -> 4+5, 10 -> 5+5, 11 -> 4+4+3, 6 -> 3+3.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

ALL_SIZES: frozenset[int] = frozenset({3, 4, 5})


class PlanError(ValueError):
    """Why an evening cannot be planned: the message says it in plain English."""


def parse_sizes(text: str) -> frozenset[int]:
    """The table sizes in a list such as "3,4,5"; PlanError when one is not 3, 4 or 5."""
    sizes = set()
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) not in ALL_SIZES:
            raise PlanError(f"a table has 3, 4 or 5 players, not {part!r}")
        sizes.add(int(part))
    return frozenset(sizes)


def _check(sizes: frozenset[int]) -> None:
    if not sizes or not sizes <= ALL_SIZES:
        raise PlanError("the table sizes must be some of 3, 4 and 5")


# The order tables are listed in: tables of four first (the game the club plays most), then five, then three.
ORDER = {4: 0, 5: 1, 3: 2}


@lru_cache(maxsize=256)
def _split(players: int, sizes: frozenset[int]) -> tuple[int, ...]:
    for seated in range(players, 0, -1):
        best: tuple[int, int, tuple[int, ...]] | None = None
        for threes in range(seated // 3 + 1 if 3 in sizes else 1):
            for fives in range((seated - 3 * threes) // 5 + 1 if 5 in sizes else 1):
                rest = seated - 3 * threes - 5 * fives
                if rest % 4 or (rest and 4 not in sizes):
                    continue
                fours = rest // 4
                tables = (4,) * fours + (5,) * fives + (3,) * threes
                key = (threes + fives, len(tables), tables)
                best = key if best is None or key < best else best
        if best is not None:
            return best[2]
    return ()


def table_sizes(players: int, sizes: Iterable[int] = ALL_SIZES) -> tuple[int, ...]:
    """The tables `players` make with the allowed `sizes`, fours first; those left over sit out.

    PlanError when not even one table can be made.
    """
    allowed = frozenset(sizes)
    _check(allowed)
    tables = _split(players, allowed) if players >= 0 else ()
    if not tables:
        raise PlanError(f"{players} players cannot fill a table of {min(allowed)}")
    return tables
