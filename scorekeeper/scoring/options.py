"""Rule options as data: each one entry, from which the game file reader, the new-game
form and the rules summary all follow. Games pick the options that apply to them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from .words import N_


class Doubling(StrEnum):
    """Who may double whom."""

    STANDARD = "standard"
    DECLARER_ONLY = "declarer-only"
    NONE = "none"
    DEALER = "dealer"
    """French Barbu: each player may double the dealer (who declares), and nobody else."""


class Rotation(StrEnum):
    """How the declarer moves round the table."""

    BLOCKS = "blocks"
    EVERY_DEAL = "every-deal"


class Undoubled(StrEnum):
    """What happens to a negative contract that nobody doubles."""

    PLAY = "play"
    SETTLE = "settle"


class Sequence(StrEnum):
    """How a French Barbu dealer's contracts are chosen."""

    CHOICE = "choice"
    FIXED = "fixed"


Setting = str | int | bool


@dataclass(frozen=True)
class Choice:
    """One of a few values. `labels` name each value on the form; `summary` says, in a few
    words, what a value other than the default means (shown in the rules summary)."""

    key: str
    label: str
    values: tuple[Setting, ...]
    default: Setting
    labels: tuple[str, ...]
    hint: str = ""
    summary: tuple[tuple[Setting, str], ...] = ()

    def phrase(self, value: Setting) -> str | None:
        return dict(self.summary).get(value)


@dataclass(frozen=True)
class Flag:
    """On or off; `summary` is said when it is on."""

    key: str
    label: str
    default: bool = False
    hint: str = ""
    summary: str = ""


@dataclass(frozen=True)
class Number:
    """A whole number from `low` to `high`; `summary` is a template with {n}, `off` what 0 means."""

    key: str
    label: str
    low: int
    high: int
    default: int
    hint: str = ""
    summary: str = ""
    off: str = ""


Option = Choice | Flag | Number


DECK = Choice(
    "deck",
    N_("Cards"),
    (52, 32),
    52,
    (N_("52 cards"), N_("32 cards (7 up to the ace)")),
    hint=N_("The short deck French tables play: fewer tricks and hearts, and its own standard points."),
    summary=((32, N_("32 cards")),),
)
CAPOT = Flag(
    "capot",
    N_("Capot: taking every card of a negative contract turns its sign"),
    hint=N_(
        "Whoever takes all the tricks, hearts or queens scores the contract's total for themselves,"
        " its sign turned; the others nothing."
    ),
    summary=N_("capot turns the sign"),
)
RAVAGE_CITY = Flag(
    "ravage_city",
    N_("Add Ravage City as an eighth contract"),
    hint=N_("The player with most cards of one suit scores −36; %(deals)s."),
    summary=N_("with Ravage City"),
)
DOUBLING = Choice(
    "doubling",
    N_("Doubling"),
    (Doubling.STANDARD, Doubling.DECLARER_ONLY, Doubling.NONE),  # "dealer" is French Barbu's alone
    Doubling.STANDARD,
    (
        N_("Standard: anyone may double anyone in negative contracts"),
        N_("Only the declarer may be doubled"),
        N_("No doubling"),
    ),
    hint=N_("Who may double whom."),
    summary=(
        (Doubling.DECLARER_ONLY, N_("only the declarer may be doubled")),
        (Doubling.NONE, N_("no doubling")),
    ),
)
REDOUBLE_ALL = Flag(
    "redouble_all",
    N_("A declarer who redoubles must redouble everyone who doubled"),
    summary=N_("a redouble goes to all who doubled"),
)
COMPULSORY_DOUBLES = Number(
    "compulsory_doubles",
    N_("Compulsory doubles"),
    0,
    7,
    2,
    hint=N_("How often each player must double each declarer (0 turns it off)."),
    summary=N_("compulsory doubles: {n}"),
    off=N_("no compulsory doubles"),
)
UNDOUBLED = Choice(
    "undoubled_negative",
    N_("Negative contract nobody doubles"),
    tuple(Undoubled),
    Undoubled.PLAY,
    (N_("Play it out"), N_("Settle without play: each opponent scores a third of the total")),
    hint=N_("Some tables skip playing a negative contract that nobody doubles."),
    summary=((Undoubled.SETTLE, N_("undoubled negative contracts settled without play")),),
)
ROTATION = Choice(
    "rotation",
    N_("Declarer rotation"),
    tuple(Rotation),
    Rotation.BLOCKS,
    (N_("All of a declarer's deals in a row"), N_("The declarer moves one seat left every deal")),
    hint=N_("Who declares next."),
    summary=((Rotation.EVERY_DEAL, N_("the declarer moves every deal")),),
)
DEALER_DECLARES = Flag(
    "dealer_declares",
    N_("The dealer declares"),
    hint=N_("Changes only who is shown as dealer; scores are the same."),
    summary=N_("the dealer declares"),
)
RUBBERS = Choice(
    "rubbers",
    N_("Rubbers"),
    (3, 1),
    3,
    (N_("Three rubbers (%(deals)s)"), N_("One rubber (%(deals)s)")),
    hint=N_("Three rubbers let everyone be first declarer once."),
    summary=((1, N_("one rubber")),),
)
SEQUENCE = Choice(
    "sequence",
    N_("Contracts"),
    tuple(Sequence),
    Sequence.CHOICE,
    (
        N_("Each dealer chooses all eight, in any order"),
        N_("The short form: five contracts in a fixed order"),
    ),
    summary=((Sequence.FIXED, N_("five contracts in a fixed order")),),
)
LAST_TWO = Flag(
    "last_two",
    N_("The last two tricks instead of No first or last trick"),
    hint=N_("Some French tables play the last two tricks (20 and 60) as the seventh contract."),
    summary=N_("the last two tricks instead of the first and last"),
)
FRENCH_DOUBLING = Choice(
    "doubling",
    N_("Doubling"),
    (Doubling.NONE, Doubling.DEALER),
    Doubling.NONE,
    (N_("No doubling"), N_("Each player may double the dealer")),
    hint=N_("A double settles the difference of the two players' penalties between them."),
    summary=((Doubling.DEALER, N_("the dealer may be doubled")),),
)
DEALER_REDOUBLES = Flag(
    "dealer_redoubles",
    N_("The dealer may redouble those who doubled them"),
    summary=N_("the dealer may redouble"),
)
PER_RUBBER_DOUBLES = dataclasses.replace(
    COMPULSORY_DOUBLES,
    high=4,
    hint=N_("How often each player must double the declarer in each rubber (0 turns it off)."),
)
BARBETTE_DOUBLES = dataclasses.replace(COMPULSORY_DOUBLES, high=4, default=1)
FRENCH_DOUBLES = dataclasses.replace(
    COMPULSORY_DOUBLES,
    default=0,
    hint=N_("How often each player must double each dealer (0 turns it off)."),
)


def check_value(option: Option, value: object) -> bool:
    """True when `value` is a value of `option` (JSON booleans are not numbers)."""
    match option:
        case Choice(values=values):
            # 32.0 == 32 in Python, but a JSON 32.0 is not the whole number the choice offers.
            return not isinstance(value, bool | float) and value in values
        case Flag():
            return isinstance(value, bool)
        case Number(low=low, high=high):
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        case _:
            assert_never(option)
