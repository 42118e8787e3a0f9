"""The games of the Barbu family, each described as data.

A game says how many play, what a deal's deck holds, which contracts it has
and which of them each declarer (or rubber) plays, how the declarer moves,
its rule options and their defaults, its points, and whether higher or lower
totals win. Four-player Barbu with its options is one such description; a new
game is a new entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from . import contracts as c
from . import options as o
from .cards import RANKS, Deck
from .contracts import Contract
from .points import Points
from .words import N_

Settings = Mapping[str, o.Setting]


@dataclass(frozen=True)
class Menu:
    """The contracts each declarer (or rubber) plays: one per slot, a slot offering a choice
    when it holds several; `fixed` when the slots must be played in their order."""

    slots: tuple[tuple[Contract, ...], ...]
    fixed: bool = False

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return tuple(contract for slot in self.slots for contract in slot)


def each_once(*contracts: Contract, fixed: bool = False) -> Menu:
    return Menu(tuple((contract,) for contract in contracts), fixed)


@dataclass(frozen=True, eq=False)
class GameKind:
    """One game of the family; each is one object, compared and hashed as itself."""

    id: str
    name: str
    description: str
    players: tuple[int, ...]
    contracts: tuple[Contract, ...]
    options: tuple[o.Option, ...]
    menu: Callable[[Settings], Menu]
    deck: Callable[[int], Deck]
    standard: Callable[[int], Points]
    schemes: tuple[tuple[str, Points], ...] = ()
    rubbers: bool = False
    dealer_chooses: bool = False
    lower_wins: bool = False

    def __str__(self) -> str:
        """The English name, as engine messages use it."""
        return self.name

    def contract(self, id: str) -> Contract | None:
        """The game's contract with this id."""
        return next((k for k in self.contracts if k.id == id), None)

    def option(self, key: str) -> o.Option | None:
        return next((k for k in self.options if k.key == key), None)

    @property
    def doubling(self) -> bool:
        """True when the game has doubling at all."""
        return self.option("doubling") is not None


BARBU_CONTRACTS = (c.NO_TRICKS, c.NO_QUEENS, c.NO_LAST_TWO, c.NO_HEARTS, c.BARBU, c.TRUMPS, c.DOMINOES)
STANDARD = Points.build(
    {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-two": (-10, -20),
        "no-hearts": (-2, -6),
        "barbu": -20,
        "trumps": 5,
        "dominoes": (45, 20, 5, -5),
        "ravage-city": -36,
    },
    "standard",
)
SCHEMES = {
    "standard": STANDARD,
    "barbu-15": Points.build({**STANDARD.as_dict(), "barbu": -15, "dominoes": (40, 20, 10, -10)}, "barbu-15"),
    "dominoes-30": Points.build(
        {**STANDARD.as_dict(), "barbu": -15, "dominoes": (30, 20, 10, 0)}, "dominoes-30"
    ),
    "brader": Points.build(
        {
            "no-tricks": -5,
            "no-queens": -15,
            "no-last-two": (-10, -20),
            "no-hearts": (-4, -12),
            "barbu": -25,
            "trumps": 5,
            "dominoes": (40, 20, 0, -20),
            "ravage-city": -36,
        },
        "brader",
    ),
}

BARBU = GameKind(
    id="barbu",
    name=N_("Barbu"),
    description=N_("Four players, seven contracts each, 28 deals."),
    players=(4,),
    contracts=(*BARBU_CONTRACTS, c.RAVAGE_CITY),
    options=(
        o.RAVAGE_CITY,
        o.DOUBLING,
        o.REDOUBLE_ALL,
        o.COMPULSORY_DOUBLES,
        o.UNDOUBLED,
        o.ROTATION,
        o.DEALER_DECLARES,
    ),
    menu=lambda s: each_once(*BARBU_CONTRACTS, *((c.RAVAGE_CITY,) if s["ravage_city"] else ())),
    deck=lambda n: Deck(tricks=13),
    standard=lambda n: STANDARD,
    schemes=tuple(SCHEMES.items()),
)

BARBU_3_CONTRACTS = (c.NO_TRICKS, c.NO_QUEENS, c.NO_LAST_THREE, c.NO_HEARTS, c.BARBU, c.TRUMPS, c.DOMINOES)
BARBU_3 = GameKind(
    id="barbu-3",
    name=N_("Three-player Barbu"),
    description=N_("Three players, 48 cards; rubbers of seven deals, the declarer moving every deal."),
    players=(3,),
    contracts=BARBU_3_CONTRACTS,
    options=(o.RUBBERS, o.DOUBLING, o.REDOUBLE_ALL, o.PER_RUBBER_DOUBLES),
    menu=lambda s: each_once(*BARBU_3_CONTRACTS),
    deck=lambda n: Deck(tricks=16, hearts=12, ranks=RANKS[1:]),
    standard=lambda n: Points.build(
        {
            "no-tricks": -2,
            "no-queens": -6,
            "no-last-three": (-5, -10, -15),
            "no-hearts": (-2, -6),
            "barbu": -21,
            "trumps": 5,
            "dominoes": (45, 15, -5),
        },
        "standard",
    ),
    rubbers=True,
)

BARBETTE = GameKind(
    id="barbette",
    name=N_("Barbette"),
    description=N_("Four players, 16 deals: Barbu, No last two, No queens, and Trumps or Dominoes each."),
    players=(4,),
    contracts=(c.NO_QUEENS, c.NO_LAST_TWO, c.BARBU, c.TRUMPS, c.DOMINOES),
    options=(o.DOUBLING, o.REDOUBLE_ALL, o.BARBETTE_DOUBLES, o.ROTATION, o.DEALER_DECLARES),
    menu=lambda s: Menu(((c.NO_QUEENS,), (c.NO_LAST_TWO,), (c.BARBU,), (c.TRUMPS, c.DOMINOES))),
    deck=lambda n: Deck(tricks=13),
    standard=lambda n: Points.build(
        {
            "no-queens": -5,
            "no-last-two": (-10, -15),
            "barbu": -20,
            "trumps": 5,
            "dominoes": (40, 25, 10, -10),
        },
        "standard",
    ),
)

BARBU_5_POINTS = Points.build(
    {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-two": (-10, -20),
        "no-hearts": (-2, -6),
        "barbu": -20,
        "trumps": 5,
        "dominoes": (45, 25, 10, 0, -6),
    },
    "standard",
)
BARBU_5 = GameKind(
    id="barbu-5",
    name=N_("Five-player Barbu"),
    description=N_("Five players, 50 cards, ten tricks a deal, 35 deals."),
    players=(5,),
    contracts=BARBU_CONTRACTS,
    options=(o.DOUBLING, o.REDOUBLE_ALL, o.COMPULSORY_DOUBLES, o.ROTATION, o.DEALER_DECLARES),
    menu=lambda s: each_once(*BARBU_CONTRACTS),
    deck=lambda n: Deck(tricks=10),
    standard=lambda n: BARBU_5_POINTS,
    schemes=(("standard", BARBU_5_POINTS),),
)

FRENCH_CONTRACTS = (
    c.NO_TRICKS,
    c.NO_HEARTS_FRENCH,
    c.NO_QUEENS,
    c.BARBU,
    c.SALAD,
    c.TRICKS,
    c.NO_FIRST_LAST,
    c.DOMINOES,
)
FRENCH_DOMINOES = {3: (-40, 0, 40), 4: (-50, -20, 20, 40), 5: (-50, -25, 0, 25, 50)}
FRENCH = GameKind(
    id="french",
    name=N_("French Barbu"),
    description=N_("Three to five players, penalty points: the lowest total wins. No doubling."),
    players=(3, 4, 5),
    contracts=FRENCH_CONTRACTS,
    options=(o.SEQUENCE,),
    menu=lambda s: (
        each_once(*FRENCH_CONTRACTS[:5], fixed=True)
        if s["sequence"] == o.Sequence.FIXED
        else each_once(*FRENCH_CONTRACTS)
    ),
    deck=lambda n: Deck(tricks={3: 17, 4: 13, 5: 10}[n]),
    standard=lambda n: Points.build(
        {
            "no-tricks": 5,
            "no-hearts": 5,
            "no-queens": 20,
            "barbu": 80,
            "tricks": -5,
            "no-first-last": (40, 40),
            "dominoes": FRENCH_DOMINOES[n],
        },
        "standard",
    ),
    dealer_chooses=True,
    lower_wins=True,
)

GAMES: dict[str, GameKind] = {g.id: g for g in (BARBU, BARBU_3, BARBETTE, BARBU_5, FRENCH)}
"""Every game, by its id in the game file."""
