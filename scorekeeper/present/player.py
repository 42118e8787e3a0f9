"""One player's page in a group: their games and results per game kind, the rating over time,
averages by contract and role, best and worst games, streaks, the ledger against each opponent
and the players they meet most. Every figure comes from the group's finished games; players are
named as the group names them (its merges, the spelling of their latest game)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.scoring import GAMES, GameKind
from scorekeeper.scoring.rating import Rating, Ratings, history, table_of
from scorekeeper.scoring.rivals import Pair
from scorekeeper.scoring.stats import PlayerRecord
from scorekeeper.scoring.streaks import Streaks, places, streaks
from scorekeeper.storage.groups import GroupGame

from .group_stats import Names, Records
from .rivals import Rivals

__all__ = ["Foe", "Kind", "PlayerPage", "Result", "player_page"]

MET = 5
"""How many of the players met most the page lists."""


@dataclass(frozen=True)
class Result:
    """One of the player's finished games: their total and place."""

    game: GroupGame
    total: int
    place: int
    worst: int
    """The worst place at the table (the player is last when theirs is it and above 1)."""


@dataclass(frozen=True)
class Foe:
    """The ledger against one opponent: points taken off them through doubles (negative: they
    took them), and how often each doubled the other."""

    name: str
    won: int
    doubled: int
    doubled_by: int


@dataclass(frozen=True)
class Kind:
    """The player's figures in one game kind."""

    kind: GameKind
    results: tuple[Result, ...]
    """Oldest first."""
    wins: int
    lasts: int
    total: int
    streaks: Streaks
    strengths: tuple[float, ...]
    """The strength after each game, oldest first (from every finished game of the group)."""
    rating: Rating | None
    record: PlayerRecord | None
    contracts: tuple[str, ...]
    foes: tuple[Foe, ...]

    @property
    def average(self) -> float:
        return self.total / len(self.results)

    def _order(self) -> list[Result]:
        sign = 1 if self.kind.lower_wins else -1
        return sorted(self.results, key=lambda r: sign * r.total)

    @property
    def best(self) -> Result:
        return self._order()[0]

    @property
    def worst(self) -> Result:
        return self._order()[-1]


@dataclass(frozen=True)
class PlayerPage:
    name: str
    kinds: tuple[Kind, ...]
    met: tuple[tuple[str, int], ...]
    """The players met most, with the games played together, most first."""


def _foes(pairs: Sequence[Pair], name: str) -> tuple[Foe, ...]:
    found = []
    for p in pairs:
        if p.a == name:
            found.append(Foe(p.b, p.a_won, p.doubles_a_on_b, p.doubles_b_on_a))
        elif p.b == name:
            found.append(Foe(p.a, -p.a_won, p.doubles_b_on_a, p.doubles_a_on_b))
    return tuple(sorted(found, key=lambda f: (-f.won, f.name.casefold())))


def player_page(
    oldest_first: Sequence[GroupGame],
    names: Names,
    name: str,
    ratings: Sequence[Ratings],
    records: Sequence[Records],
    rivals: Sequence[Rivals],
) -> PlayerPage | None:
    """The page of the player `name` stands for over the finished games among `oldest_first`;
    None if they played none. `ratings`, `records` and `rivals` are the group's, over the same games."""
    shown = names.shown(name)
    results: dict[str, list[Result]] = {}
    met: Counter[str] = Counter()
    for one in oldest_first:
        game = one.game
        # Everyone who sat at the table, each with the seat's scores of the deals they played: a
        # substitute's share is theirs, not the seat's first player's.
        totals = game.person_totals()
        seated = [names.shown(n) for n in totals]
        if not game.complete or shown not in seated:
            continue
        seat = seated.index(shown)
        placed = places(tuple(totals.values()), game.rules.game.lower_wins)
        results.setdefault(game.rules.game.id, []).append(
            Result(one, list(totals.values())[seat], placed[seat], max(placed))
        )
        met.update({n for n in seated if n != shown})
    if not results:
        return None
    tables = (table_of(one.game, names.shown) for one in oldest_first)
    strengths = history((t for t in tables if t is not None), shown)
    kinds = []
    for kind_id, kind in GAMES.items():
        if kind_id not in results:
            continue
        mine = results[kind_id]
        rating = next((p for r in ratings if r.game == kind_id for p in r.players if p.name == shown), None)
        figures = next((r for r in records if r.kind is kind), None)
        record = next((p for p in figures.players if p.name == shown), None) if figures else None
        pairs = next((r.pairs for r in rivals if r.kind is kind), ())
        kinds.append(
            Kind(
                kind,
                tuple(mine),
                sum(1 for r in mine if r.place == 1),
                sum(1 for r in mine if r.place == r.worst > 1),
                sum(r.total for r in mine),
                streaks((r.place, r.worst) for r in mine),
                tuple(strengths.get(kind_id, ())),
                rating,
                record,
                figures.contracts if figures else (),
                _foes(pairs, shown),
            )
        )
    most = sorted(met.items(), key=lambda item: (-item[1], item[0].casefold()))[:MET]
    return PlayerPage(shown, tuple(kinds), tuple(most))
