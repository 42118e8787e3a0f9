"""The rivalry ledger: what each pair of players won off each other through doubles.

Every doubled deal settles a side payment between each pair that doubled (scored.payments): the
one who did worse pays the difference of their raw scores, once per direction doubled. Added up
over games, a pair's payments say who took how much off whom; each direction is also a double of
one player on the other, which paid its doubler (the doubler did better) or cost them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from .game import Game

__all__ = ["Foes", "Pair", "favourite", "foes", "ledger", "nemesis", "net"]


@dataclass(frozen=True)
class Pair:
    """Two players, `a` before `b` by name: what a took off b through side payments (negative
    when b took it), how often each doubled (or redoubled) the other, and what those doubles
    brought their doubler."""

    a: str
    b: str
    a_won: int = 0
    doubles_a_on_b: int = 0
    doubles_b_on_a: int = 0
    a_doubles_paid: int = 0
    b_doubles_paid: int = 0


class _Sums:
    def __init__(self) -> None:
        self.won = 0
        self.doubles = [0, 0]
        self.paid = [0, 0]


def ledger(games: Iterable[Game], key: Callable[[str], str] = lambda name: name) -> tuple[Pair, ...]:
    """Every pair that doubled each other in `games`, players named by `key(name)`, sorted by names.
    Two seats of one game standing for one player (after a group's merges) are no pair. Points are
    what is good for the taker: in a game of penalty points (French Barbu's doubled dealer) a pair
    settles the difference of their penalties, and a took b's points when a's penalties were lower."""
    sums: dict[tuple[str, str], _Sums] = {}
    for game in games:
        sign = -1 if game.rules.game.lower_wins else 1
        for index, row in enumerate(game.rows):
            # A pair is who sat at the two seats in that deal: a substitute settles their own.
            names = [key(name) for name in game.seated(index)]
            for i, j in combinations(range(len(names)), 2):
                if names[i] == names[j]:
                    continue
                here = [d for d in ((i, j), (j, i)) if d in row.deal.doubles]
                if not here:
                    continue
                # Seats in name order: sums[(a, b)] is from a's side.
                x, y = (i, j) if names[i] < names[j] else (j, i)
                s = sums.setdefault((names[x], names[y]), _Sums())
                diff = sign * (row.raw[x] - row.raw[y])  # what x gains per direction doubled
                s.won += diff * len(here)
                for doubler, _target in here:
                    side = 0 if doubler == x else 1
                    s.doubles[side] += 1
                    s.paid[side] += diff if side == 0 else -diff
    return tuple(
        Pair(a, b, s.won, s.doubles[0], s.doubles[1], s.paid[0], s.paid[1])
        for (a, b), s in sorted(sums.items())
    )


def net(pairs: Iterable[Pair], name: str) -> dict[str, int]:
    """What `name` took off each opponent they doubled with (negative: the opponent took it)."""
    found = {}
    for p in pairs:
        if p.a == name:
            found[p.b] = p.a_won
        elif p.b == name:
            found[p.a] = -p.a_won
    return found


def nemesis(pairs: Iterable[Pair], name: str) -> str | None:
    """The opponent who took the most off `name` through doubles; None if nobody took anything.
    Equal amounts: the first by name."""
    against = net(pairs, name)
    worst = min(against.values(), default=0)
    return None if worst >= 0 else min(n for n, v in against.items() if v == worst)


def favourite(pairs: Iterable[Pair], name: str) -> str | None:
    """The opponent `name` took the most off through doubles; None if they took nothing."""
    against = net(pairs, name)
    best = max(against.values(), default=0)
    return None if best <= 0 else min(n for n, v in against.items() if v == best)


@dataclass(frozen=True)
class Foes:
    """One player's nemesis (who took the most off them) and favourite opponent (whom they took
    the most off), with the points; None where nobody took anything, or they took nothing."""

    name: str
    nemesis: str | None
    lost: int
    favourite: str | None
    won: int


def foes(pairs: tuple[Pair, ...]) -> tuple[Foes, ...]:
    """Every player of `pairs`, by name, with their nemesis and favourite opponent."""
    names = sorted({p.a for p in pairs} | {p.b for p in pairs})
    found = []
    for name in names:
        against, worst, best = net(pairs, name), nemesis(pairs, name), favourite(pairs, name)
        lost = -against[worst] if worst is not None else 0
        won = against[best] if best is not None else 0
        found.append(Foes(name, worst, lost, best, won))
    return tuple(found)
