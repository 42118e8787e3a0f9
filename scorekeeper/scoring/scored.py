"""Scoring one deal: side payments between the players who doubled, and the deal scores."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .deal import Deal
from .doubles import Double
from .parts import Seats
from .seating import Roles
from .turns import Turn


@dataclass(frozen=True)
class Payment:
    """What one player of a pair pays the other; `factor` counts the directions doubled."""

    payer: int
    payee: int
    amount: int
    factor: int


def settlement(total: int, declarer: int, players: int) -> Seats:
    """Raw scores of a deal settled without play.

    Each opponent scores their share of the contract total (a third at four),
    rounded to the nearest point; the declarer scores the rest.
    """
    share = round(total / (players - 1))
    return tuple(total - (players - 1) * share if seat == declarer else share for seat in range(players))


def payments(raw: Seats, doubles: frozenset[Double]) -> tuple[Payment, ...]:
    """The side payment of every pair that doubled, in seating order of the pairs.

    The one who did worse pays the difference, once per direction doubled;
    on equal scores the amount is 0 and the earlier seat is named as payer.
    """
    paid = []
    for a, b in combinations(range(len(raw)), 2):
        factor = ((a, b) in doubles) + ((b, a) in doubles)
        if factor:
            payer, payee = (b, a) if raw[b] < raw[a] else (a, b)
            paid.append(Payment(payer, payee, factor * abs(raw[a] - raw[b]), factor))
    return tuple(paid)


def deal_scores(raw: Seats, paid: tuple[Payment, ...]) -> Seats:
    """Raw scores plus the side payments won, minus those paid."""
    scores = list(raw)
    for p in paid:
        scores[p.payer] -= p.amount
        scores[p.payee] += p.amount
    return tuple(scores)


@dataclass(frozen=True)
class ScoredDeal:
    """One row of the scoresheet: the deal, the turn it was played in, and its scores."""

    number: int
    deal: Deal
    turn: Turn
    raw: Seats
    payments: tuple[Payment, ...]
    score: Seats
    contract_total: int
    running: Seats

    @property
    def roles(self) -> Roles:
        return self.turn.roles

    @property
    def settled(self) -> bool:
        """True when the deal was settled without play."""
        return self.deal.result is None

    @property
    def balanced(self) -> bool:
        """True when the deal scores add up to the contract total."""
        return sum(self.score) == self.contract_total
