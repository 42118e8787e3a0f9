"""Point values: the named schemes, custom schemes, and what each contract totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from .contracts import Contract
from .errors import GameError


@dataclass(frozen=True)
class Scheme:
    """The points of every contract; `name` is None for a custom scheme."""

    no_tricks: int
    no_queens: int
    no_last_two: tuple[int, int]
    heart: int
    ace: int
    barbu: int
    trumps: int
    dominoes: tuple[int, int, int, int]
    ravage_city: int = -36
    name: str | None = None

    def __post_init__(self) -> None:
        if self.ravage_city % 12:
            raise GameError.one(
                "ravage-city",
                "Ravage City must be a multiple of 12 so that ties share it evenly, not {n}",
                prefix=False,
                n=self.ravage_city,
            )

    def contract_total(self, contract: Contract) -> int:
        """What the four deal scores of `contract` always add up to."""
        return self._totals[contract]

    @cached_property
    def _totals(self) -> dict[Contract, int]:
        return {
            Contract.NO_TRICKS: 13 * self.no_tricks,
            Contract.NO_QUEENS: 4 * self.no_queens,
            Contract.NO_LAST_TWO: sum(self.no_last_two),
            Contract.NO_HEARTS: 12 * self.heart + self.ace,
            Contract.BARBU: self.barbu,
            Contract.TRUMPS: 13 * self.trumps,
            Contract.DOMINOES: sum(self.dominoes),
            Contract.RAVAGE_CITY: self.ravage_city,
        }

    def block_total(self, contracts: Iterable[Contract]) -> int:
        """What one declarer's block of `contracts` adds up to."""
        return sum(self.contract_total(c) for c in contracts)

    def balancing_dominoes(self, contracts: Iterable[Contract]) -> tuple[int, int, int, int]:
        """Dominoes values close to the current ones that make the block total 0.

        The difference is spread evenly, any remainder going to the better
        places first, so the values keep their order.
        """
        contracts = tuple(contracts)
        others = self.block_total(c for c in contracts if c is not Contract.DOMINOES)
        missing = -others - sum(self.dominoes)
        share, remainder = divmod(missing, 4)
        return (
            self.dominoes[0] + share + (1 if remainder > 0 else 0),
            self.dominoes[1] + share + (1 if remainder > 1 else 0),
            self.dominoes[2] + share + (1 if remainder > 2 else 0),
            self.dominoes[3] + share,
        )


STANDARD = Scheme(
    no_tricks=-2,
    no_queens=-6,
    no_last_two=(-10, -20),
    heart=-2,
    ace=-6,
    barbu=-20,
    trumps=5,
    dominoes=(45, 20, 5, -5),
    name="standard",
)

SCHEMES: dict[str, Scheme] = {
    "standard": STANDARD,
    "barbu-15": replace(STANDARD, barbu=-15, dominoes=(40, 20, 10, -10), name="barbu-15"),
    "dominoes-30": replace(STANDARD, barbu=-15, dominoes=(30, 20, 10, 0), name="dominoes-30"),
    "brader": Scheme(
        no_tricks=-5,
        no_queens=-15,
        no_last_two=(-10, -20),
        heart=-4,
        ace=-12,
        barbu=-25,
        trumps=5,
        dominoes=(40, 20, 0, -20),
        name="brader",
    ),
}
