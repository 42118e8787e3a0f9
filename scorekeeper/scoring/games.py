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
from . import standards as p
from .cards import RANKS, SHORT, SHORT_DECK, SHORT_RANKS, Deck
from .contracts import Contract
from .points import Points
from .standards import SCHEMES as SCHEMES
from .standards import STANDARD as STANDARD
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
    short_deck: Callable[[int], Deck] | None = None
    """The 32-card deck (7 up to the ace) for this many players, when the game may be played with it."""
    short_standard: Callable[[int], Points] | None = None
    """The standard points with the 32-card deck."""
    rubbers: bool = False
    dealer_chooses: bool = False
    lower_wins: bool = False
    usual_players: int | None = None
    """The table size a blank sheet is first shown for, when not the smallest the game is played at."""

    def __str__(self) -> str:
        """The English name, as engine messages use it."""
        return self.name

    def contract(self, id: str) -> Contract | None:
        """The game's contract with this id."""
        return next((k for k in self.contracts if k.id == id), None)

    def option(self, key: str) -> o.Option | None:
        return next((k for k in self.options if k.key == key), None)

    def deck_for(self, players: int, cards: int) -> Deck:
        """What a deal holds with `cards` cards (52 or 32) at a table of `players`."""
        if cards == SHORT and self.short_deck is not None:
            return self.short_deck(players)
        return self.deck(players)

    def standard_for(self, players: int, cards: int) -> Points:
        """The game's own points with `cards` cards (what a left-out or "standard" scheme means)."""
        if cards == SHORT and self.short_standard is not None:
            return self.short_standard(players)
        return self.standard(players)

    def named_points(self, name: str | None, players: int, cards: int) -> Points | None:
        """The points a scheme's name stands for; "standard" follows the deck, the others do not."""
        if name == "standard":
            return self.standard_for(players, cards)
        return dict(self.schemes).get(name or "")

    @property
    def doubling(self) -> bool:
        """True when the game has doubling at all."""
        return self.option("doubling") is not None


BARBU_CONTRACTS = (c.NO_TRICKS, c.NO_QUEENS, c.NO_LAST_TWO, c.NO_HEARTS, c.BARBU, c.TRUMPS, c.DOMINOES)

BARBU = GameKind(
    id="barbu",
    name=N_("Barbu"),
    description=N_("Four players, seven contracts each, %(deals)s."),
    players=(4,),
    contracts=(*BARBU_CONTRACTS, c.RAVAGE_CITY),
    options=(
        o.DECK,
        o.CAPOT,
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
    standard=lambda n: p.STANDARD,
    schemes=tuple(p.SCHEMES.items()),
    short_deck=lambda n: SHORT_DECK,
    short_standard=lambda n: p.STANDARD_32,
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
    standard=lambda n: p.BARBU_3,
    rubbers=True,
)

BARBETTE = GameKind(
    id="barbette",
    name=N_("Barbette"),
    description=N_("Four players, %(deals)s: Barbu, No last two, No queens, and Trumps or Dominoes each."),
    players=(4,),
    contracts=(c.NO_QUEENS, c.NO_LAST_TWO, c.BARBU, c.TRUMPS, c.DOMINOES),
    options=(o.DECK, o.CAPOT, o.DOUBLING, o.REDOUBLE_ALL, o.BARBETTE_DOUBLES, o.ROTATION, o.DEALER_DECLARES),
    menu=lambda s: Menu(((c.NO_QUEENS,), (c.NO_LAST_TWO,), (c.BARBU,), (c.TRUMPS, c.DOMINOES))),
    deck=lambda n: Deck(tricks=13),
    standard=lambda n: p.BARBETTE,
    short_deck=lambda n: SHORT_DECK,
    short_standard=lambda n: p.BARBETTE_32,
)

BARBU_5 = GameKind(
    id="barbu-5",
    name=N_("Five-player Barbu"),
    description=N_("Five players, 50 cards, ten tricks a deal, %(deals)s."),
    players=(5,),
    contracts=BARBU_CONTRACTS,
    options=(o.DOUBLING, o.REDOUBLE_ALL, o.COMPULSORY_DOUBLES, o.ROTATION, o.DEALER_DECLARES),
    menu=lambda s: each_once(*BARBU_CONTRACTS),
    deck=lambda n: Deck(tricks=10),
    standard=lambda n: p.BARBU_5,
    schemes=(("standard", p.BARBU_5),),
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

FRENCH = GameKind(
    id="french",
    name=N_("French Barbu"),
    description=N_("Three to five players, penalty points: the lowest total wins."),
    players=(3, 4, 5),
    # French Barbu is mostly played five at a table.
    usual_players=5,
    contracts=(*FRENCH_CONTRACTS, c.NO_LAST_TWO),
    options=(
        o.DECK,
        o.CAPOT,
        o.SEQUENCE,
        o.LAST_TWO,
        o.FRENCH_DOUBLING,
        o.DEALER_REDOUBLES,
        o.FRENCH_DOUBLES,
    ),
    menu=lambda s: (
        each_once(*FRENCH_CONTRACTS[:5], fixed=True)
        if s["sequence"] == o.Sequence.FIXED
        else each_once(
            *(c.NO_LAST_TWO if k is c.NO_FIRST_LAST and s["last_two"] else k for k in FRENCH_CONTRACTS)
        )
    ),
    deck=lambda n: Deck(tricks={3: 17, 4: 13, 5: 10}[n]),
    standard=lambda n: p.french(n),
    # 32 cards: with three or five players the 7♣ and 7♦ go (10 or 6 tricks); the points per card stay.
    short_deck=lambda n: Deck(tricks={3: 10, 4: 8, 5: 6}[n], hearts=8, ranks=SHORT_RANKS),
    short_standard=lambda n: p.french(n),
    dealer_chooses=True,
    lower_wins=True,
)

GAMES: dict[str, GameKind] = {g.id: g for g in (BARBU, BARBU_3, BARBETTE, BARBU_5, FRENCH)}
"""Every game, by its id in the game file."""
