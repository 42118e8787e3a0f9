"""A group's seasons as its page shows them: each with the winners of its leaderboards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.scoring import GameKind
from scorekeeper.storage.groups import GroupGame
from scorekeeper.storage.seasons import Season

from .group_stats import Names, between, boards


@dataclass(frozen=True)
class SeasonFigures:
    """A season, how many finished games it holds, and the first (equal firsts together) of each
    game kind's leaderboard over its days."""

    season: Season
    games: int
    winners: tuple[tuple[GameKind, tuple[str, ...]], ...]


def season_figures(season: Season, played: Sequence[GroupGame], names: Names) -> SeasonFigures:
    counted = between(played, season.first_day, season.last_day)
    winners = tuple(
        (board.kind, tuple(line.name for line in board.standings if line.place == 1))
        for board in boards(counted, names)
    )
    return SeasonFigures(season, len(counted), winners)
