"""Capot (`"capot": true`): a player who takes every counted card of a negative contract (all the
tricks, hearts or queens) scores the contract's total with its sign turned, the others nothing.

Kept apart from `rules.py` so that the rules stay a plain list of what a table agreed; a Rules
asks these functions, with the option and its deck, when a deal could be a capot."""

from __future__ import annotations

from .cards import Deck
from .contracts import Contract
from .parts import Result
from .scoring_rules import HeartsAndAce, PerUnit


def counted(contract: Contract) -> str | None:
    """The counts part a capot of `contract` is taken on, None when it can have no capot: single
    cards (Barbu, the last tricks) and the Salad (someone always takes the king)."""
    scoring = contract.scoring
    if contract.positive:
        return None
    if isinstance(scoring, PerUnit):
        return scoring.part
    if isinstance(scoring, HeartsAndAce):
        return scoring.hearts
    return None


def taker_of(capot: bool, deck: Deck, contract: Contract, result: Result) -> int | None:
    """Under `capot`, the seat that took every counted card of the deal; None otherwise."""
    key = counted(contract) if capot else None
    if key is None:
        return None
    everything = deck.count(contract.counts_of(key))
    return next((s for s, n in enumerate(result.counts(key)) if n == everything), None)


def totals_of(capot: bool, total: int, contract: Contract) -> frozenset[int]:
    """What a deal of `contract`, whose total is `total`, may add up to: its total, or under
    capot also the total turned."""
    return frozenset((total, -total) if capot and counted(contract) else (total,))
