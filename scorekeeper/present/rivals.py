"""A group's rivalry ledger and best-N ladders per game kind (points of different games are never
added up), players named as the group names them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.scoring import GAMES, GameKind
from scorekeeper.scoring.ladder import Rung, best_of
from scorekeeper.scoring.rivals import Foes, Pair, foes, ledger
from scorekeeper.storage.groups import GroupGame

from .group_stats import Names


@dataclass(frozen=True)
class Rivals:
    """The pairs of one game kind that doubled each other, and each player's nemesis and favourite."""

    kind: GameKind
    pairs: tuple[Pair, ...]
    foes: tuple[Foes, ...]


def rivals(played: Sequence[GroupGame], names: Names) -> tuple[Rivals, ...]:
    """The ledger of each game kind with doubles in `played`, in the order the app lists the games."""
    found = []
    for kind in GAMES.values():
        pairs = ledger((one.game for one in played if one.game.rules.game is kind), names.shown)
        if pairs:
            found.append(Rivals(kind, pairs, foes(pairs)))
    return tuple(found)


@dataclass(frozen=True)
class Ladder:
    """The best-N ladder of one game kind: its qualified players, best first."""

    kind: GameKind
    best: int
    rungs: tuple[Rung, ...]


def ladders(played: Sequence[GroupGame], names: Names, best: int) -> tuple[Ladder, ...]:
    """The best-`best` ladder of each game kind played in `played`, in the order the app lists them."""
    found = []
    for kind in GAMES.values():
        results = [
            (names.shown(name), total)
            for one in played
            if one.game.rules.game is kind
            # Each person's part of the game (a substitute's deals are theirs).
            for name, total in one.game.person_totals().items()
        ]
        if results:
            found.append(Ladder(kind, best, best_of(results, best, kind.lower_wins)))
    return tuple(found)
