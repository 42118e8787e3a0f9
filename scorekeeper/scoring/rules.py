"""The rule options a table agrees on before the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .contracts import BASE_CONTRACTS, Contract
from .errors import GameError
from .scheme import STANDARD, Scheme


class Doubling(StrEnum):
    """Who may double whom."""

    STANDARD = "standard"
    DECLARER_ONLY = "declarer-only"
    NONE = "none"


class Rotation(StrEnum):
    """How the declarer moves round the table."""

    BLOCKS = "blocks"
    EVERY_DEAL = "every-deal"


class Undoubled(StrEnum):
    """What happens to a negative contract that nobody doubles."""

    PLAY = "play"
    SETTLE = "settle"


@dataclass(frozen=True)
class Rules:
    """Every rule option of a game; the defaults are the standard game.

    `compulsory_doubles` left as None means the default: 2, or 0 when there
    is no doubling.
    """

    scheme: Scheme = STANDARD
    ravage_city: bool = False
    doubling: Doubling = Doubling.STANDARD
    redouble_all: bool = False
    compulsory_doubles: int | None = None
    undoubled_negative: Undoubled = Undoubled.PLAY
    rotation: Rotation = Rotation.BLOCKS
    dealer_declares: bool = False
    contracts: tuple[Contract, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.compulsory_doubles is None:
            object.__setattr__(self, "compulsory_doubles", 0 if self.doubling is Doubling.NONE else 2)
        elif not 0 <= self.compulsory_doubles <= 7:
            raise GameError.one(
                "compulsory_doubles",
                "compulsory doubles must be between 0 and 7, not {n}",
                prefix=False,
                n=self.compulsory_doubles,
            )
        elif self.compulsory_doubles and self.doubling is Doubling.NONE:
            raise GameError.one(
                "compulsory_doubles",
                "there can be no compulsory doubles in a game without doubling",
                prefix=False,
            )
        extra = (Contract.RAVAGE_CITY,) if self.ravage_city else ()
        object.__setattr__(self, "contracts", BASE_CONTRACTS + extra)

    @property
    def required_doubles(self) -> int:
        """How many times each player must double each declarer."""
        assert self.compulsory_doubles is not None  # set in __post_init__
        return self.compulsory_doubles

    @property
    def deals_per_declarer(self) -> int:
        """How many deals each player declares."""
        return len(self.contracts)

    @property
    def total_deals(self) -> int:
        """How many deals a complete game has."""
        return 4 * self.deals_per_declarer

    @property
    def block_total(self) -> int:
        """What one declarer's complete block of deals adds up to."""
        return self.scheme.block_total(self.contracts)

    @property
    def expected_game_total(self) -> int:
        """What the four totals of a complete game add up to."""
        return 4 * self.block_total

    @property
    def zero_sum(self) -> bool:
        """True when a complete game always adds up to 0."""
        return self.block_total == 0

    def settles(self, contract: Contract, doubled: bool) -> bool:
        """True when a deal of `contract` is settled without play."""
        return self.undoubled_negative is Undoubled.SETTLE and not contract.positive and not doubled
