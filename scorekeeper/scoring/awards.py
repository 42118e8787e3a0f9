"""End-of-evening awards, worked out exactly from the deals of a list of games (an evening's).

Each award goes to the players with the best figure (all of them when equal, sorted by name), and
only when somebody earned it: nobody is "most doubled" at an evening without doubles. Players are
matched by `key(name)` (a group's merges); two seats of one game standing for one player are
counted as one seat each, as the games say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .game import Game

__all__ = ["AWARDS", "Award", "awards"]

AWARDS = (
    "most-doubled",
    "most-doubles",
    "clean-queens",
    "biggest-trumps",
    "redoubles-paid",
    "best-deal",
    "worst-deal",
)
"""The awards, in the order they are given:
most-doubled    doubled (or redoubled) by others the most times;
most-doubles    doubled (or redoubled) others the most times;
clean-queens    the most No queens deals without a queen taken (a raw score of 0);
biggest-trumps  the highest raw score of one Trumps deal;
redoubles-paid  the most points paid in side payments of pairs doubled both ways;
best-deal       the highest score of one deal (side payments included);
worst-deal      the lowest score of one deal (side payments included)."""


@dataclass(frozen=True)
class Award:
    """One award: its id (one of AWARDS), who won it, and the figure they won it with."""

    id: str
    names: tuple[str, ...]
    value: int


def _top(id: str, figures: Counter[str] | dict[str, int], lowest: bool = False) -> Award | None:
    if not figures:
        return None
    best = min(figures.values()) if lowest else max(figures.values())
    return Award(id, tuple(sorted((n for n, v in figures.items() if v == best), key=str.casefold)), best)


def awards(games: Iterable[Game], key: Callable[[str], str] = lambda name: name) -> tuple[Award, ...]:
    """The awards earned in the deals of `games` (finished or not), in the order of AWARDS."""
    doubled: Counter[str] = Counter()
    doubling: Counter[str] = Counter()
    clean: Counter[str] = Counter()
    paid: Counter[str] = Counter()
    trumps: dict[str, int] = {}
    best: dict[str, int] = {}
    worst: dict[str, int] = {}
    for game in games:
        for index, row in enumerate(game.rows):
            # A deal's figures go to whoever sat at the seat in that deal (a substitute's own).
            names = [key(name) for name in game.seated(index)]
            contract = row.deal.contract.id
            for doubler, target in row.deal.doubles:
                doubling[names[doubler]] += 1
                doubled[names[target]] += 1
            for payment in row.payments:
                if payment.factor == 2 and payment.amount:
                    paid[names[payment.payer]] += payment.amount
            for seat, name in enumerate(names):
                if contract == "no-queens" and row.raw[seat] == 0:
                    clean[name] += 1
                if contract == "trumps":
                    trumps[name] = max(trumps.get(name, row.raw[seat]), row.raw[seat])
                best[name] = max(best.get(name, row.score[seat]), row.score[seat])
                worst[name] = min(worst.get(name, row.score[seat]), row.score[seat])
    found = (
        _top("most-doubled", doubled),
        _top("most-doubles", doubling),
        _top("clean-queens", clean),
        _top("biggest-trumps", trumps),
        _top("redoubles-paid", paid),
        _top("best-deal", best),
        _top("worst-deal", worst, lowest=True),
    )
    return tuple(a for a in found if a is not None)
