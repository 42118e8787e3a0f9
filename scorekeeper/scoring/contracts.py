"""The contracts, trump suits and dominoes ranks."""

from __future__ import annotations

from enum import StrEnum


class Contract(StrEnum):
    """A contract, named by its id in the game file."""

    NO_TRICKS = "no-tricks"
    NO_QUEENS = "no-queens"
    NO_LAST_TWO = "no-last-two"
    NO_HEARTS = "no-hearts"
    BARBU = "barbu"
    TRUMPS = "trumps"
    DOMINOES = "dominoes"
    RAVAGE_CITY = "ravage-city"

    @property
    def positive(self) -> bool:
        """True for the contracts where points are won (Trumps, Dominoes)."""
        return self in (Contract.TRUMPS, Contract.DOMINOES)


BASE_CONTRACTS: tuple[Contract, ...] = tuple(c for c in Contract if c is not Contract.RAVAGE_CITY)


class Trump(StrEnum):
    """The trump suit a declarer names in Trumps."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The starting ranks a declarer may name in Dominoes."""

CONTRACT_NAMES: dict[Contract, str] = {
    Contract.NO_TRICKS: "No tricks",
    Contract.NO_QUEENS: "No queens",
    Contract.NO_LAST_TWO: "No last two",
    Contract.NO_HEARTS: "No hearts",
    Contract.BARBU: "Barbu",
    Contract.TRUMPS: "Trumps",
    Contract.DOMINOES: "Dominoes",
    Contract.RAVAGE_CITY: "Ravage City",
}
"""The English names players use, for messages."""
