"""How a contract turns a result into raw scores: a few rules, each a small table.

A contract names one of these rules; its point values come from the game's
points, always as a tuple of whole numbers (one number, a list, or heart and
ace). `Scoring` is a closed union, matched exhaustively.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

from .cards import Deck
from .parts import Result, Seats

Values = tuple[int, ...]


@dataclass(frozen=True)
class PerUnit:
    """Each counted card or trick is worth the value: No tricks, No queens, Trumps."""

    part: str


@dataclass(frozen=True)
class HeartsAndAce:
    """Each heart is worth `heart`, the ace `ace` instead: No hearts in Barbu."""

    hearts: str
    ace: str


@dataclass(frozen=True)
class PerTaker:
    """Each named trick or card is worth its own value: No last two, Barbu."""

    parts: tuple[str, ...]


@dataclass(frozen=True)
class ByPlace:
    """One value per place, first out first: Dominoes."""

    part: str


@dataclass(frozen=True)
class Shared:
    """The value shared equally by the tied players: Ravage City."""

    part: str


@dataclass(frozen=True)
class Together:
    """Several contracts scored at once on one result, with no values of their own: Salad. Their
    values may be `halved` (each is even: the rules check it) and turned by `sign`."""

    contracts: tuple[str, ...]
    halved: bool = False
    sign: int = 1

    def share(self, values: Values) -> Values:
        """The values a contract brings to the whole."""
        return tuple(self.sign * (v // 2 if self.halved else v) for v in values)


Scoring = PerUnit | HeartsAndAce | PerTaker | ByPlace | Shared | Together
# The points and the scoring rule of another contract of the same game, by id (for Together).
Lookup = Callable[[str], tuple[Scoring, Values]]


def raw(scoring: Scoring, values: Values, result: Result, players: int, lookup: Lookup) -> Seats:
    """The raw score of each player."""
    scores = [0] * players
    match scoring:
        case PerUnit(part=part):
            return tuple(values[0] * n for n in result.counts(part))
        case HeartsAndAce(hearts=hearts, ace=ace):
            heart, ace_value = values
            scores = [heart * n for n in result.counts(hearts)]
            scores[result.seat(ace)] += ace_value - heart
        case PerTaker(parts=parts):
            for part, value in zip(parts, values, strict=True):
                scores[result.seat(part)] += value
        case ByPlace(part=part):
            for place, seat in enumerate(result.counts(part)):
                scores[seat] = values[place]
        case Shared(part=part):
            tied = result.counts(part)
            for seat in tied:
                scores[seat] = values[0] // len(tied)
        case Together(contracts=ids):
            for other in ids:
                rule, own = lookup(other)
                piece = raw(rule, scoring.share(own), result, players, lookup)
                scores = [a + b for a, b in zip(scores, piece, strict=True)]
        case _:
            assert_never(scoring)
    return tuple(scores)


def total(
    scoring: Scoring, values: Values, deck: Deck, counts_of: Callable[[str], str], lookup: Lookup
) -> int:
    """What the raw scores of every deal of the contract add up to; `counts_of` maps a counts
    part to what it counts ("tricks", "hearts", "queens")."""
    match scoring:
        case PerUnit(part=part):
            return values[0] * deck.count(counts_of(part))
        case HeartsAndAce():
            heart, ace = values
            return heart * (deck.hearts - 1) + ace
        case PerTaker() | ByPlace():
            return sum(values)
        case Shared():
            return values[0]
        case Together(contracts=ids):
            shares = ((rule, scoring.share(own)) for rule, own in map(lookup, ids))
            return sum(total(rule, own, deck, counts_of, lookup) for rule, own in shares)
        case _:
            assert_never(scoring)


def size(scoring: Scoring, players: int) -> int:
    """How many numbers the contract's points have: 0 for Together."""
    match scoring:
        case PerUnit() | Shared():
            return 1
        case HeartsAndAce():
            return 2
        case PerTaker(parts=parts):
            return len(parts)
        case ByPlace():
            return players
        case Together():
            return 0
        case _:
            assert_never(scoring)
