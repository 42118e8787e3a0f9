"""A best-N ladder: each player's N best games of a period added up, at least N games to qualify.

A club that plays every week ranks a season this way, so that a player is not ranked by how often
they came but by how well they played on their best evenings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["MAX_BEST", "Rung", "best_of"]

MAX_BEST = 100


@dataclass(frozen=True)
class Rung:
    """A qualified player's line: their place (equal totals share it), the total of their best
    games, and how many games they played in the period."""

    place: int
    name: str
    total: int
    games: int


def best_of(results: Iterable[tuple[str, int]], n: int, lower_wins: bool = False) -> tuple[Rung, ...]:
    """The ladder of the best `n` games of each player from (name, game total) results of one game
    kind; the lowest totals are the best where `lower_wins`. Best first, equal totals by name."""
    if not 1 <= n <= MAX_BEST:
        raise ValueError(f"n must be between 1 and {MAX_BEST}")
    played: dict[str, list[int]] = {}
    for name, total in results:
        played.setdefault(name, []).append(total)
    sign = 1 if lower_wins else -1  # sorting by sign * total puts the best first
    totals = {
        name: sum(sorted(scores, key=lambda t: sign * t)[:n])
        for name, scores in played.items()
        if len(scores) >= n
    }
    order = sorted(totals, key=lambda name: (sign * totals[name], name))
    return tuple(
        Rung(
            1 + sum(1 for t in totals.values() if sign * t < sign * totals[name]),
            name,
            totals[name],
            len(played[name]),
        )
        for name in order
    )
