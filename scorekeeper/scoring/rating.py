"""A rating per game kind: each player's strength, in points per deal against average opponents.

At a table, a player is expected to score, per deal, their strength minus the mean strength of
the others at the table. After each finished game (oldest first) each player's strength moves
toward what they did score per deal, minus what the others scored per deal on average:

    new strength = strength + weight × (scored − expected)

Measuring per deal and against the others makes games of 16, 28 and 35 deals, tables of 3, 4
and 5, and schemes whose deals do not add up to zero compare. The weight is 1 in a player's
first game, 1/2 in their second, 1/n in their n-th, and never less than 1/RAMP: a newcomer's
first game puts them where it says, later ones move them less, from the tenth on a tenth of the way.
Penalty points (French Barbu) are counted with their sign turned, so that higher is better.
docs/rating.md gives the same in a player's words, with a worked example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from math import fsum
from typing import TypeVar

from .game import Game
from .games import GAMES

__all__ = [
    "MAX_PROVISIONAL",
    "PROVISIONAL",
    "RAMP",
    "Change",
    "Rating",
    "Ratings",
    "Table",
    "history",
    "in_date_order",
    "rate",
    "steps",
    "table_of",
    "weight",
]

RAMP = 10
"""From this many games on, a game moves a strength 1/RAMP of the way."""
PROVISIONAL = 10
"""A player is provisional until they have played this many games of the kind (the default)."""
MAX_PROVISIONAL = 30


@dataclass(frozen=True)
class Table:
    """One finished game as the rating reads it: the kind, who played, their points per deal
    (sign turned where lower wins, so that higher is always better)."""

    game: str
    names: tuple[str, ...]
    per_deal: tuple[float, ...]


def table_of(game: Game, key: Callable[[str], str] = lambda name: name) -> Table | None:
    """The table of a finished `game`, players named by `key(name)`; None if the game does not
    count: not over, two of its names standing for one player (after a group's merges), or a seat
    that changed hands mid-game. A seat's score per deal is one strength against the table's; split
    between two people it says neither's, and rating each on their share would set deals against
    opponents who did not play those deals alone, so the game counts for nobody (docs/rating.md)."""
    names = tuple(key(name) for name in game.players)
    if not game.complete or not game.rows or game.substitutes or len(set(names)) < len(names):
        return None
    sign = -1 if game.rules.game.lower_wins else 1
    deals = len(game.rows)
    return Table(game.rules.game.id, names, tuple(sign * total / deals for total in game.totals))


T = TypeVar("T")


def in_date_order(dated: Iterable[tuple[T, datetime | None]]) -> list[T]:
    """The items oldest first; undated ones first, and equal dates in the order given."""
    found = list(dated)
    order = sorted(range(len(found)), key=lambda i: (found[i][1] is not None, found[i][1] or 0, i))
    return [found[i][0] for i in order]


def weight(games_before: int) -> float:
    """How far one game moves a strength, after `games_before` games of the kind."""
    return max(1 / (games_before + 1), 1 / RAMP)


def _others(values: tuple[float, ...], seat: int) -> float:
    """The mean of the values of every seat but `seat` (fsum: the same whatever the seats' order)."""
    return fsum(v for i, v in enumerate(values) if i != seat) / (len(values) - 1)


@dataclass(frozen=True)
class Change:
    """What one game did to one player's strength."""

    name: str
    before: float
    expected: float
    scored: float
    weight: float
    after: float


def steps(tables: Iterable[Table]) -> Iterator[tuple[Table, tuple[Change, ...]]]:
    """Each table, oldest first as given, with what it did to each of its players' strengths."""
    strength: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    for table in tables:
        keys = [(table.game, name) for name in table.names]
        before = tuple(strength.get(k, 0.0) for k in keys)
        changes = []
        for seat, k in enumerate(keys):
            expected = before[seat] - _others(before, seat)
            scored = table.per_deal[seat] - _others(table.per_deal, seat)
            w = weight(played.get(k, 0))
            changes.append(
                Change(
                    table.names[seat],
                    before[seat],
                    expected,
                    scored,
                    w,
                    before[seat] + w * (scored - expected),
                )
            )
        for k, change in zip(keys, changes, strict=True):
            strength[k] = change.after
            played[k] = played.get(k, 0) + 1
        yield table, tuple(changes)


@dataclass(frozen=True)
class Rating:
    """One player's strength in one game kind (points per deal against average opponents)."""

    name: str
    strength: float
    games: int
    provisional: bool


@dataclass(frozen=True)
class Ratings:
    """The players of one game kind, best first."""

    game: str
    players: tuple[Rating, ...]


def rate(tables: Iterable[Table], provisional: int = PROVISIONAL) -> tuple[Ratings, ...]:
    """The ratings after `tables` (oldest first), one per game kind in the order the app lists the
    games; within a kind best first, equal strengths by name."""
    if not 0 <= provisional <= MAX_PROVISIONAL:
        raise ValueError(f"provisional must be between 0 and {MAX_PROVISIONAL}")
    last: dict[str, dict[str, float]] = {}
    games: dict[str, dict[str, int]] = {}
    for table, changes in steps(tables):
        kind, count = last.setdefault(table.game, {}), games.setdefault(table.game, {})
        for change in changes:
            kind[change.name] = change.after
            count[change.name] = count.get(change.name, 0) + 1
    order = [k for k in GAMES if k in last] + sorted(k for k in last if k not in GAMES)
    return tuple(
        Ratings(
            kind,
            tuple(
                Rating(name, last[kind][name], games[kind][name], games[kind][name] < provisional)
                for name in sorted(last[kind], key=lambda n: (-last[kind][n], n))
            ),
        )
        for kind in order
    )


def history(tables: Iterable[Table], name: str) -> dict[str, list[float]]:
    """`name`'s strength after each of their games (oldest first as given), per game kind."""
    found: dict[str, list[float]] = {}
    for table, changes in steps(tables):
        for change in changes:
            if change.name == name:
                found.setdefault(table.game, []).append(change.after)
    return found
