"""The scored game as the paper sheet has it: rows, running totals, blocks and checks."""

from __future__ import annotations

from dataclasses import dataclass

from .contracts import Contract
from .game import Game
from .parts import Seats
from .rules import Rules
from .scored import ScoredDeal


@dataclass(frozen=True)
class Block:
    """One declarer's deals (or a rubber's) and the check that they add up as the points say.

    `rubber` is the rubber's number (1, 2, 3) in a game played in rubbers.
    """

    declarer: int
    numbers: tuple[int, ...]
    total: int
    expected: int | None
    complete: bool
    rubber: int | None = None

    @property
    def balanced(self) -> bool:
        """False only when a complete block does not add up to what the points say."""
        return not self.complete or self.expected is None or self.total == self.expected


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
        """The sum of the totals."""
        return sum(self.totals)

    @property
    def expected_game_total(self) -> int | None:
        """What a complete game adds up to under the points; None while it depends on choices."""
        expected = [b.expected for b in self.blocks]
        return None if None in expected else sum(e for e in expected if e is not None)

    @property
    def capots(self) -> tuple[int, int]:
        """How many deals so far were a capot, and how far they move the game's total from what the
        points say (the only thing that makes a deal add up to other than its contract's total)."""
        rules = self.game.rules
        moves = [d.contract_total - rules.contract_total(d.deal.contract) for d in self.deals]
        return sum(1 for m in moves if m), sum(moves)

    @property
    def complete(self) -> bool:
        """True once every deal has been played."""
        return self.game.complete

    @property
    def zero_sum(self) -> bool | None:
        """Whether the complete game totals 0; None while it is being played."""
        return self.game_total == 0 if self.complete else None

    @property
    def lower_wins(self) -> bool:
        """True when the points are penalties and the lowest total wins."""
        return self.game.rules.game.lower_wins

    def ranking(self) -> list[tuple[int, int]]:
        """(place, seat), best first; equal totals share a place."""
        sign = 1 if self.lower_wins else -1
        order = sorted(range(len(self.totals)), key=lambda s: sign * self.totals[s])
        return [(1 + sum(1 for t in self.totals if sign * t < sign * self.totals[s]), s) for s in order]


def _expected(rules: Rules, played: tuple[Contract, ...], rows: list[ScoredDeal]) -> int | None:
    """What a block adds up to: its contracts' totals, a capot's turned (a capot is no mistake)."""
    block = rules.block_total(played)
    if block is None:
        return None
    return block + sum(r.contract_total - rules.contract_total(r.deal.contract) for r in rows)


def score(game: Game) -> Sheet:
    """The sheet of `game`: its folded rows, with a block per declarer or rubber."""
    rules, p = game.rules, game.plan
    blocks = []
    for period in range(rules.periods):
        mine = [r for r in game.rows if p.periods[r.number - 1] == period]
        played = tuple(r.deal.contract for r in mine)
        blocks.append(
            Block(
                declarer=p.leaders[period],
                numbers=tuple(r.number for r in mine),
                total=sum(sum(r.score) for r in mine),
                expected=_expected(rules, played, mine),
                complete=len(mine) == rules.deals_per_declarer,
                rubber=period + 1 if rules.game.rubbers else None,
            )
        )
    return Sheet(game, game.rows, game.totals, tuple(blocks))
