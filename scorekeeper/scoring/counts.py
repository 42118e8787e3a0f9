"""What a count counts (tricks, hearts, queens): one entry per kind, holding everything the app
says or needs about it, so that a new kind is one entry here and nothing anywhere else.

A `Counts` part names its kind by key (`Counts(..., of="queens")`). The deck's number of a kind
is its `in_deck`, unless the game's deck says otherwise (`Deck.hearts`: 12 in the 3-player deck).
A kind with `card` set can be entered card by card: one card of that rank in each suit, each
answered by who took it (the queens of Barbu's No queens).
"""

from __future__ import annotations

from dataclasses import dataclass

from .words import N_


@dataclass(frozen=True)
class CountKind:
    """One kind of count."""

    key: str
    """Its name in `Counts(of=...)` and in messages' keys: "queens"."""
    in_deck: int
    """How many a full deck holds (a game's deck may hold another number, see `Deck.count`)."""
    unit: str
    """One of them, as the printed key of points says it: "−6/queen"."""
    adds_up: str
    """The problem when the counts typed do not add up: "{got}" and "{total}"."""
    changed: str
    """A player's count changed, in the history: "%(name)s", "%(old)s", "%(new)s"."""
    card: str = ""
    """Entered card by card when set: the rank's letter on the entry ("Q")."""
    card_question: str = ""
    """The question asked for each suit's card, with "%(suit)s"."""


TRICKS = CountKind(
    "tricks",
    13,
    N_("trick"),
    N_("tricks add up to {got}, not {total}"),
    N_("%(name)s's tricks %(old)s → %(new)s"),
)
HEARTS = CountKind(
    "hearts",
    13,
    N_("heart"),
    N_("hearts add up to {got}, not {total}"),
    N_("%(name)s's hearts %(old)s → %(new)s"),
)
QUEENS = CountKind(
    "queens",
    4,
    N_("queen"),
    N_("queens add up to {got}, not {total}"),
    N_("%(name)s's queens %(old)s → %(new)s"),
    card=N_("Q"),
    card_question=N_("Who took the queen of %(suit)s?"),
)

COUNT_KINDS: dict[str, CountKind] = {kind.key: kind for kind in (TRICKS, HEARTS, QUEENS)}
"""Every kind of count by key. A dict, not a tuple, so that a test can add one for its run."""


def count_kind(key: str) -> CountKind:
    """The kind of count named `key`."""
    return COUNT_KINDS[key]
