"""The rules engine: pure Python, no web, database or printing imports.

Everything here is a small immutable value. A game kind (`games.py`) and a
contract (`contracts.py`) are descriptions; a `Game` is the players, the rules
and the deals entered, folded once; `score(game)` lays out the scoresheet.
"""

from .cards import RANKS, Deck, Suit
from .chips import ChipMove, chip_moves, chip_nets
from .contracts import Contract
from .deal import Deal
from .doubles import Double, maximum, targets
from .errors import FormatError, GameError, Problem
from .game import Game
from .gamefile import load, loads
from .gamefile_dump import dump, dump_hand, dumps
from .gamefile_rules import FORMAT
from .games import BARBU, GAMES, SCHEMES, STANDARD, GameKind, Menu
from .options import Choice, Doubling, Flag, Number, Option, Rotation, Sequence, Undoubled
from .parts import Counts, Group, Order, Part, Result, Taker
from .points import POINT_LIMIT, Points
from .rules import Rules
from .scored import Payment, ScoredDeal
from .seating import Roles, doubling_order
from .sheet import Block, Sheet, score
from .turns import Turn

Trump = Suit

__all__ = [
    "BARBU",
    "FORMAT",
    "GAMES",
    "POINT_LIMIT",
    "RANKS",
    "SCHEMES",
    "STANDARD",
    "Block",
    "ChipMove",
    "Choice",
    "Contract",
    "Counts",
    "Deal",
    "Deck",
    "Double",
    "Doubling",
    "Flag",
    "FormatError",
    "Game",
    "GameError",
    "GameKind",
    "Group",
    "Menu",
    "Number",
    "Option",
    "Order",
    "Part",
    "Payment",
    "Points",
    "Problem",
    "Result",
    "Roles",
    "Rotation",
    "Rules",
    "ScoredDeal",
    "Sequence",
    "Sheet",
    "Suit",
    "Taker",
    "Trump",
    "Turn",
    "Undoubled",
    "chip_moves",
    "chip_nets",
    "doubling_order",
    "dump",
    "dump_hand",
    "dumps",
    "load",
    "loads",
    "maximum",
    "score",
    "targets",
]
