"""Every contract of the Barbu family, each one entry.

An entry says what the contract is called, whether points are won or lost,
what its result records (its parts), how the result scores, and how its
points are labelled. The game file, the deal form, the sheet, the PDF and the
catalogues all read these entries; a new contract is a new entry here, named
in the games that play it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .parts import Counts, Group, Order, Part, Taker
from .scoring_rules import ByPlace, HeartsAndAce, PerTaker, PerUnit, Scoring, Shared, Together
from .words import C_, N_


@dataclass(frozen=True, eq=False)
class Contract:
    """One contract: its id in the game file, its names, its result's parts and its scoring.

    Each entry is one object, compared and hashed as itself (two games may share an id, as
    Barbu's and French Barbu's No hearts do, and still be different contracts)."""

    id: str
    name: str
    short: str
    positive: bool
    parts: tuple[Part, ...]
    scoring: Scoring
    point_labels: tuple[str, ...] = ()
    """Labels of the custom points fields; Dominoes' places are labelled by the app."""
    names_suit: bool = False
    names_rank: bool = False

    def __str__(self) -> str:
        """The English name, as engine messages use it."""
        return self.name

    @property
    def value(self) -> str:
        """The id, as enum-style code reads it."""
        return self.id

    def part(self, key: str) -> Part:
        """The part recorded under `key`."""
        return next(p for p in self.parts if p.key == key)

    def counts_of(self, key: str) -> str:
        """What the counts part `key` counts."""
        part = self.part(key)
        assert isinstance(part, Counts)
        return part.of


TRICKS_TAKEN = Counts("tricks", "tricks", N_("Tricks taken"))
HEARTS_TAKEN = Counts("hearts", "hearts", N_("Hearts taken"))
QUEENS_TAKEN = Counts("queens", "queens", N_("Queens taken"), by_card="queen")
KING = Taker("king", N_("Who took the king of hearts?"))
LAST = Taker("last", N_("Who took trick %(n)s, the last?"))
PENULTIMATE = Taker("penultimate", N_("Who took trick %(n)s?"))
ORDER = Order("order", N_("In what order did the players go out?"))

NO_TRICKS = Contract(
    "no-tricks",
    N_("No tricks"),
    C_("contract", "No tricks"),
    False,
    (TRICKS_TAKEN,),
    PerUnit("tricks"),
    (N_("No tricks, a trick"),),
)
NO_QUEENS = Contract(
    "no-queens",
    N_("No queens"),
    C_("contract", "Queens"),
    False,
    (QUEENS_TAKEN,),
    PerUnit("queens"),
    (N_("No queens, a queen"),),
)
NO_LAST_TWO = Contract(
    "no-last-two",
    N_("No last two"),
    C_("contract", "Last two"),
    False,
    (PENULTIMATE, LAST),
    PerTaker(("penultimate", "last")),
    (N_("Second-to-last trick"), N_("Last trick")),
)
NO_HEARTS = Contract(
    "no-hearts",
    N_("No hearts"),
    C_("contract", "Hearts"),
    False,
    (
        HEARTS_TAKEN,
        Taker(
            "ace",
            N_("Who took the ace of hearts?"),
            holds="hearts",
            holds_message=N_("whoever took the ace of hearts took at least one heart"),
        ),
    ),
    HeartsAndAce("hearts", "ace"),
    (N_("No hearts, a heart"), N_("Ace of hearts")),
)
BARBU = Contract(
    "barbu",
    N_("Barbu (no king of hearts)"),
    C_("contract", "Barbu"),
    False,
    (KING,),
    PerTaker(("king",)),
    (N_("King of hearts"),),
)
TRUMPS = Contract(
    "trumps",
    N_("Trumps"),
    C_("contract", "Trumps"),
    True,
    (TRICKS_TAKEN,),
    PerUnit("tricks"),
    (N_("Trumps, a trick"),),
    names_suit=True,
)
DOMINOES = Contract(
    "dominoes", N_("Dominoes"), C_("contract", "Dominoes"), True, (ORDER,), ByPlace("order"), names_rank=True
)
RAVAGE_CITY = Contract(
    "ravage-city",
    N_("Ravage City"),
    C_("contract", "Ravage"),
    False,
    (Group("most", N_("Who had the most cards of one suit? Tick every tied player.")),),
    Shared("most"),
    (N_("Ravage City (a multiple of 12)"),),
)
NO_LAST_THREE = Contract(
    "no-last-three",
    N_("No last three"),
    C_("contract", "Last three"),
    False,
    (Taker("antepenultimate", N_("Who took trick %(n)s?")), PENULTIMATE, LAST),
    PerTaker(("antepenultimate", "penultimate", "last")),
    (N_("Third-to-last trick"), N_("Second-to-last trick"), N_("Last trick")),
)
NO_HEARTS_FRENCH = Contract(
    "no-hearts",
    N_("No hearts"),
    C_("contract", "Hearts"),
    False,
    (HEARTS_TAKEN,),
    PerUnit("hearts"),
    (N_("No hearts, a heart"),),
)
TRICKS = Contract(
    "tricks",
    N_("Tricks"),
    C_("contract", "Tricks"),
    True,
    (TRICKS_TAKEN,),
    PerUnit("tricks"),
    (N_("Tricks, a trick"),),
)
NO_FIRST_LAST = Contract(
    "no-first-last",
    N_("No first or last trick"),
    C_("contract", "First & last"),
    False,
    (Taker("first", N_("Who took trick %(n)s, the first?")), LAST),
    PerTaker(("first", "last")),
    (N_("First trick"), N_("Last trick")),
)
SALAD = Contract(
    "salad",
    N_("Salad (all four at once)"),
    C_("contract", "Salad"),
    False,
    (
        TRICKS_TAKEN,
        HEARTS_TAKEN,
        QUEENS_TAKEN,
        Taker(
            "king",
            N_("Who took the king of hearts?"),
            holds="hearts",
            holds_message=N_("whoever took the king of hearts took at least one heart"),
        ),
    ),
    Together(("no-tricks", "no-hearts", "no-queens", "barbu")),
)

TRICK_NUMBERS = {"first": 1, "antepenultimate": -3, "penultimate": -2, "last": -1}
"""Which trick a taker part names, counted from the end when negative."""


def trick_number(key: str, tricks: int) -> int | None:
    """The number of the trick the taker part `key` names, in a deal of `tricks` tricks."""
    n = TRICK_NUMBERS.get(key)
    if n is None:
        return None
    return n if n > 0 else tricks + 1 + n
