"""A fair stop: where a table's game can end early so that no player has declared more often
than another, and the pace the table plays at.

A stop drops nothing: the game ends at the last point, among the deals played, where every seat has
declared the same number of times. Deals played after it do not count for the evening. The
contracts not declared are not played: the table's no-play rule settles only an undoubled negative
contract that was chosen, so it cannot settle an undeclared one (nor a positive one at all).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def fair_point(declarers: Sequence[int], seats: int, played: int) -> int:
    """The most deals, at most `played`, after which each of the `seats` has declared equally
    often (`declarers`: the declaring seat of each deal of the game, in order); 0 if none yet."""
    counts = [0] * seats
    best = 0
    for index, seat in enumerate(declarers[:played], start=1):
        counts[seat] += 1
        if min(counts) == max(counts):
            best = index
    return best


@dataclass(frozen=True)
class Pace:
    """How fast a table of a time-limited round plays, in minutes (rounded up)."""

    per_deal: int
    finish_in: int
    """Minutes from now until the game's last deal, at this pace."""
    time_left: int
    """Minutes from now until the round's time runs out (0: it has run out)."""

    @property
    def late(self) -> bool:
        return self.finish_in > self.time_left


def _minutes(seconds: float) -> int:
    return max(0, -(-int(seconds) // 60))


def pace(started: int, ends: int, saved: Sequence[float], total: int, now: float) -> Pace | None:
    """The pace from the round's start (`started`, `ends`: seconds since the epoch) and the times
    the deals played were saved; None before the first deal or once every deal is played."""
    if not saved or len(saved) >= total:
        return None
    per_deal = max(0.0, max(saved) - started) / len(saved)
    projected = max(saved) + per_deal * (total - len(saved))
    return Pace(_minutes(per_deal), _minutes(projected - now), _minutes(ends - now))
