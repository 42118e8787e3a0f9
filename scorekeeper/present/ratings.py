"""The ratings of a group's games as the group page and `scorekeeper rate` show them: players
named as the group names them (its merges, the spelling of their latest game), strengths rounded
to two decimals. Both read here, so that they show the same numbers (docs/rating.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.scoring import Game
from scorekeeper.scoring.rating import PROVISIONAL, Rating, Ratings, rate, table_of

from .group_stats import Names

__all__ = ["Rating", "Ratings", "as_json", "rated", "shown_strength"]


def rated(oldest_first: Iterable[Game], names: Names, provisional: int = PROVISIONAL) -> tuple[Ratings, ...]:
    """The ratings after the finished games among `oldest_first`, one per game kind."""
    tables = (table_of(game, names.shown) for game in oldest_first)
    return rate((t for t in tables if t is not None), provisional)


def shown_strength(rating: Rating) -> float:
    """The strength as shown: two decimals, and never −0."""
    return round(rating.strength, 2) + 0.0


def as_json(ratings: Ratings) -> dict[str, Any]:
    """One game kind's ratings as `scorekeeper rate` prints them."""
    return {
        "game": ratings.game,
        "players": [
            {"name": p.name, "strength": shown_strength(p), "games": p.games, "provisional": p.provisional}
            for p in ratings.players
        ],
    }
