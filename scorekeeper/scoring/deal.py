"""One deal as players record it: contract, doubles and result."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Suit
from .contracts import Contract
from .doubles import Double
from .parts import Result


@dataclass(frozen=True)
class Deal:
    """What was entered for one deal; `result` is None for a deal settled without play.

    A Deal is only data: the game checks it against the rules, the deck and
    the deals before it when it is played.
    """

    contract: Contract
    doubles: frozenset[Double] = frozenset()
    result: Result | None = None
    trump: Suit | None = None
    rank: str | None = None
