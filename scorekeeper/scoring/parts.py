"""The parts a result is made of, and the recorded result itself.

A contract lists its parts: a count per player (tricks, hearts, queens), the
player who took a card or a trick, the order in which players went out, or a
group of tied players. The game file, the deal form, its filler, the history
and the checks all work part by part, so a contract made of known parts needs
no code of its own. `Part` is a closed union: a new kind of part makes the
type checker list every `match` that must learn it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, assert_never

from .cards import Deck
from .counts import count_kind
from .errors import Problem


@dataclass(frozen=True)
class Counts:
    """A count for each player, adding up to the deck's number of `of`."""

    kind: ClassVar[str] = "counts"

    key: str
    of: str
    legend: str
    by_card: str = ""
    """When set, entered card by card (who took each queen) in fields named after it ("queen_spades"),
    not as numbers; the kind of count (`counts.CountKind.card`) gives the words."""


@dataclass(frozen=True)
class Taker:
    """The player who took a card or a trick; `holds` names counts the taker has at least one of."""

    kind: ClassVar[str] = "taker"

    key: str
    question: str
    holds: str | None = None
    holds_message: str = ""


@dataclass(frozen=True)
class Order:
    """Every player once, in the order they went out, first out first."""

    kind: ClassVar[str] = "order"

    key: str
    question: str


@dataclass(frozen=True)
class Group:
    """One player or several tied players."""

    kind: ClassVar[str] = "group"

    key: str
    question: str


Part = Counts | Taker | Order | Group
Value = int | tuple[int, ...]
Seats = tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """What was recorded after a deal: a value for each part of the contract, in the parts' order."""

    values: tuple[tuple[str, Value], ...]

    @classmethod
    def of(cls, **values: Value) -> Result:
        """A result from keyword values, e.g. `Result.of(tricks=(4, 3, 3, 3))`."""
        return cls(tuple(values.items()))

    def get(self, key: str) -> Value:
        """The value recorded for the part `key`."""
        for k, v in self.values:
            if k == key:
                return v
        raise KeyError(key)

    def counts(self, key: str) -> Seats:
        """The counts (or seats) recorded for `key`."""
        value = self.get(key)
        assert isinstance(value, tuple), key
        return value

    def seat(self, key: str) -> int:
        """The seat recorded for `key`."""
        value = self.get(key)
        assert isinstance(value, int), key
        return value

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.values)


def _seat_problem(key: str, seat: int, players: int) -> Problem | None:
    if 0 <= seat < players:
        return None
    return Problem.of(key, "seat {seat} is not at the table", seat=seat)


def check_part(part: Part, result: Result, deck: Deck, players: int) -> list[Problem]:
    """Every problem with the value recorded for `part`."""
    value = result.get(part.key)
    match part:
        case Counts(key=key, of=of):
            total = deck.count(of)
            if not isinstance(value, tuple) or len(value) != players:
                return [Problem.of(key, "need a count for each of the {n} players", n=players)]
            if any(not 0 <= c <= total for c in value):
                return [Problem.of(key, "a count must be between 0 and {total}", total=total)]
            if sum(value) != total:
                return [Problem.of(key, count_kind(of).adds_up, prefix=False, got=sum(value), total=total)]
            return []
        case Taker(key=key, holds=holds, holds_message=message):
            assert isinstance(value, int)
            wrong = _seat_problem(key, value, players)
            if wrong:
                return [wrong]
            if holds is not None and result.counts(holds)[value] < 1:
                return [Problem.of(key, message)]
            return []
        case Order(key=key):
            if not isinstance(value, tuple) or sorted(value) != list(range(players)):
                return [Problem.of(key, "list every player exactly once")]
            return []
        case Group(key=key):
            if not isinstance(value, tuple) or not value:
                return [Problem.of(key, "name at least one player")]
            if len(set(value)) != len(value):
                return [Problem.of(key, "a player is named twice")]
            return [p for p in (_seat_problem(key, s, players) for s in value) if p]
        case _:
            assert_never(part)


def check_result(parts: tuple[Part, ...], result: Result, deck: Deck, players: int) -> list[Problem]:
    """Every problem with a result: its keys first, then each part (counts before takers)."""
    keys = tuple(p.key for p in parts)
    if result.keys != keys:
        return [Problem.of("result", "the result must record {keys}", keys=", ".join(keys))]
    counts = [
        q for part in parts if isinstance(part, Counts) for q in check_part(part, result, deck, players)
    ]
    if counts:
        return counts  # a taker's "holds" check needs sound counts
    return [
        q for part in parts if not isinstance(part, Counts) for q in check_part(part, result, deck, players)
    ]
