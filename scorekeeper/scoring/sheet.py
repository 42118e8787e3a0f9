"""Scoring: raw scores, the six side payments, deal scores, running totals and checks."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .contracts import Contract
from .deal import Deal
from .doubles import Double
from .game import Game
from .results import Seats
from .rules import Rules
from .seating import Roles


@dataclass(frozen=True)
class Payment:
    """What one player of a pair pays the other; `factor` counts the directions doubled."""

    payer: int
    payee: int
    amount: int
    factor: int


def settlement(contract: Contract, declarer: int, rules: Rules) -> Seats:
    """Raw scores of a deal settled without play.

    Each opponent scores a third of the contract total, rounded to the
    nearest point; the declarer scores the rest.
    """
    total = rules.scheme.contract_total(contract)
    third = round(total / 3)
    scores = [third, third, third, third]
    scores[declarer] = total - 3 * third
    return (scores[0], scores[1], scores[2], scores[3])


def raw_scores(deal: Deal, declarer: int, rules: Rules) -> Seats:
    """The four raw scores of a deal."""
    if deal.result is None:
        return settlement(deal.contract, declarer, rules)
    return deal.result.raw(deal.contract, rules.scheme)


def payments(raw: Seats, doubles: frozenset[Double]) -> tuple[Payment, ...]:
    """The side payment of every pair that doubled, in seating order of the pairs.

    The one who did worse pays the difference, once per direction doubled;
    on equal scores the amount is 0 and the earlier seat is named as payer.
    """
    paid = []
    for a, b in combinations(range(4), 2):
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
    return (scores[0], scores[1], scores[2], scores[3])


def _add(a: Seats, b: Seats) -> Seats:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


@dataclass(frozen=True)
class ScoredDeal:
    """One row of the scoresheet."""

    number: int
    deal: Deal
    roles: Roles
    raw: Seats
    payments: tuple[Payment, ...]
    score: Seats
    contract_total: int
    running: Seats

    @property
    def settled(self) -> bool:
        """True when the deal was settled without play."""
        return self.deal.result is None

    @property
    def balanced(self) -> bool:
        """True when the four deal scores add up to the contract total."""
        return sum(self.score) == self.contract_total


@dataclass(frozen=True)
class Block:
    """One declarer's deals and the check that they add up as the scheme says."""

    declarer: int
    numbers: tuple[int, ...]
    total: int
    expected: int
    complete: bool

    @property
    def balanced(self) -> bool:
        """False only when a complete block does not add up to what the scheme says."""
        return not self.complete or self.total == self.expected


@dataclass(frozen=True)
class Sheet:
    """A scored game: every row, the totals and the checks players make on paper."""

    game: Game
    deals: tuple[ScoredDeal, ...]
    totals: Seats
    blocks: tuple[Block, ...]

    def closes_round(self, row: ScoredDeal) -> bool:
        """True when running totals go under `row`: the last deal so far, or the last of a round."""
        game = self.game
        return row.number == len(self.deals) or game.round_of(row.number) != game.round_of(row.number - 1)

    @property
    def deals_balance(self) -> bool:
        """True when every deal adds up to its contract total."""
        return all(d.balanced for d in self.deals)

    @property
    def game_total(self) -> int:
        """The sum of the four totals."""
        return sum(self.totals)

    @property
    def expected_game_total(self) -> int:
        """What a complete game adds up to under the scheme."""
        return self.game.rules.expected_game_total

    @property
    def complete(self) -> bool:
        """True once every deal has been played."""
        return self.game.complete

    @property
    def zero_sum(self) -> bool | None:
        """Whether the complete game totals 0; None while it is being played."""
        return self.game_total == 0 if self.complete else None


def score(game: Game) -> Sheet:
    """Score every deal of `game` and fold the running totals."""
    rows = []
    running: Seats = (0, 0, 0, 0)
    rules = game.rules
    for index, deal in enumerate(game.deals):
        roles = game.roles(index)
        raw = raw_scores(deal, roles.declarer, rules)
        paid = payments(raw, deal.doubles)
        scores = deal_scores(raw, paid)
        running = _add(running, scores)
        total = rules.scheme.contract_total(deal.contract)
        rows.append(ScoredDeal(index + 1, deal, roles, raw, paid, scores, total, running))
    blocks = []
    for k in range(4):
        seat = (game.first_declarer + k) % 4
        mine = [r for r in rows if r.roles.declarer == seat]
        blocks.append(
            Block(
                declarer=seat,
                numbers=tuple(r.number for r in mine),
                total=sum(sum(r.score) for r in mine),
                expected=rules.block_total,
                complete=len(mine) == rules.deals_per_declarer,
            )
        )
    return Sheet(game, tuple(rows), running, tuple(blocks))
