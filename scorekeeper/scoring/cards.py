"""Suits, ranks and what a deal's deck holds: the card facts scoring needs."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .counts import count_kind


class Suit(StrEnum):
    """A suit, as the declarer names it in Trumps."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The starting ranks a declarer may name in Dominoes, with a full deck."""


@dataclass(frozen=True)
class Deck:
    """How many tricks, hearts and queens one deal has, and the ranks left in the deck. Any other
    kind of count (`counts.COUNT_KINDS`) is as many as a full deck holds."""

    tricks: int
    hearts: int = 13
    queens: int = 4
    ranks: tuple[str, ...] = RANKS

    def count(self, of: str) -> int:
        """How many `of` (a kind of count: "tricks", "hearts", "queens"...) the deal has in all."""
        totals = {"tricks": self.tricks, "hearts": self.hearts, "queens": self.queens}
        return totals[of] if of in totals else count_kind(of).in_deck


SHORT = 32
"""The short deck's size: 7 up to the ace in each suit."""
SHORT_RANKS: tuple[str, ...] = RANKS[RANKS.index("7") :]
SHORT_DECK = Deck(tricks=8, hearts=8, ranks=SHORT_RANKS)
"""Four players, 32 cards: 8 tricks, 8 hearts, 4 queens; dominoes start from any rank 7 to the ace."""
