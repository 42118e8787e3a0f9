"""Who may double whom in a deal, and the "maximum" convenience.

A double is a pair `(doubler, doubled)` of seats. A redouble is simply the
second direction of a pair.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .contracts import Contract
from .errors import Problem
from .options import Doubling
from .rules import Rules

Double = tuple[int, int]


def only_declarer_doubled(contract: Contract, rules: Rules) -> bool:
    """True when the others may double only the declarer, not each other."""
    return contract.positive or rules.doubling in (Doubling.DECLARER_ONLY, Doubling.DEALER)


def may_redouble(rules: Rules) -> bool:
    """False only where the dealer is doubled and may not redouble (French Barbu by default)."""
    return rules.doubling is not Doubling.DEALER or rules.dealer_redoubles


def doublers_of(seat: int, doubles: Iterable[Double]) -> frozenset[int]:
    """The seats that doubled `seat`."""
    return frozenset(a for a, b in doubles if b == seat)


def targets(
    player: int, declarer: int, contract: Contract, rules: Rules, doubles: Iterable[Double]
) -> frozenset[int]:
    """Whom `player` may double, given the doubles already made.

    The declarer speaks last and may double only those who doubled them.
    """
    if rules.doubling is Doubling.NONE:
        return frozenset()
    if player == declarer:
        return doublers_of(declarer, doubles) if may_redouble(rules) else frozenset()
    if only_declarer_doubled(contract, rules):
        return frozenset({declarer})
    return frozenset(range(rules.players)) - {player}


def maximum(
    player: int, declarer: int, contract: Contract, rules: Rules, doubles: Iterable[Double]
) -> frozenset[Double]:
    """Every double `player` may make: what a player means by saying "maximum"."""
    return frozenset((player, t) for t in targets(player, declarer, contract, rules, doubles))


def check_doubles(
    doubles: frozenset[Double], declarer: int, contract: Contract, rules: Rules, names: tuple[str, ...]
) -> list[Problem]:
    """Every problem with the doubles of one deal; `names` are the players' names."""
    problems: list[Problem] = []

    def refuse(template: str, **params: Any) -> None:
        problems.append(Problem.of("doubles", template, **params))

    if doubles and rules.doubling is Doubling.NONE:
        refuse("this game is played without doubling")
        return problems
    if any(not (0 <= s < len(names)) for pair in doubles for s in pair):
        refuse("a seat is not at the table")
        return problems
    redoubled = set()
    for a, b in sorted(doubles):
        if a == b:
            refuse("{player} cannot double themselves", player=names[a])
        elif a == declarer:
            if not may_redouble(rules):
                refuse("the dealer may not redouble in this game")
            elif (b, a) not in doubles:
                refuse(
                    "{player} can only redouble players who doubled them, not {other}",
                    player=names[a],
                    other=names[b],
                )
            redoubled.add(b)
        elif b != declarer and only_declarer_doubled(contract, rules):
            refuse("{player} may double only the declarer, not {other}", player=names[a], other=names[b])
    if rules.redouble_all and redoubled:
        missed = doublers_of(declarer, doubles) - redoubled
        if missed:
            who = ", ".join(names[s] for s in sorted(missed))
            refuse(
                "a declarer who redoubles must redouble everyone who doubled them ({players})", players=who
            )
    return problems
