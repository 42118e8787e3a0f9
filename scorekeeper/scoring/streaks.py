"""A player's places game after game, and their streaks: wins (first place) and last places in a row.

A place is shared when totals are equal (two players on the best total are both first); a player
is last when nobody at the table did worse. At a table where everybody has the same total,
everybody is first and nobody is last, so an even game never breaks a winning streak into a
losing one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Streaks", "places", "streaks"]


def places(totals: Sequence[int], lower_wins: bool = False) -> tuple[int, ...]:
    """Each seat's place (1 the best), equal totals sharing the better place."""
    sign = 1 if lower_wins else -1
    return tuple(1 + sum(1 for u in totals if sign * u < sign * t) for t in totals)


@dataclass(frozen=True)
class Streaks:
    """The longest runs of wins and of last places, and the run going on at the latest game:
    `current` is "win", "last" or "" (the latest game was neither), `current_length` its games."""

    longest_wins: int = 0
    longest_lasts: int = 0
    current: str = ""
    current_length: int = 0


def streaks(results: Iterable[tuple[int, int]]) -> Streaks:
    """The streaks of a player's results, oldest first, each (their place, the table's worst place)."""
    wins = lasts = longest_wins = longest_lasts = 0
    for place, worst in results:
        won, last = place == 1, place == worst and worst > 1
        wins = wins + 1 if won else 0
        lasts = lasts + 1 if last else 0
        longest_wins, longest_lasts = max(longest_wins, wins), max(longest_lasts, lasts)
    if wins:
        return Streaks(longest_wins, longest_lasts, "win", wins)
    if lasts:
        return Streaks(longest_wins, longest_lasts, "last", lasts)
    return Streaks(longest_wins, longest_lasts)
