"""The rules engine: pure Python, no web, database or printing imports.

Everything here is a small immutable value. A `Game` is the players, the
rules and the deals entered; `score(game)` derives the scoresheet.
"""

from .contracts import BASE_CONTRACTS, CONTRACT_NAMES, RANKS, Contract, Trump
from .deal import Deal
from .doubles import Double, maximum, targets
from .errors import FormatError, GameError, Problem
from .game import Game, Turn
from .gamefile import FORMAT, dump, dumps, load, loads
from .results import Dominoes, Hearts, King, LastTwo, Queens, Ravage, Result, Tricks
from .rules import Doubling, Rotation, Rules, Undoubled
from .scheme import SCHEMES, STANDARD, Scheme
from .seating import Roles, doubling_order
from .sheet import Block, Payment, ScoredDeal, Sheet, score

__all__ = [
    "BASE_CONTRACTS",
    "CONTRACT_NAMES",
    "FORMAT",
    "RANKS",
    "SCHEMES",
    "STANDARD",
    "Block",
    "Contract",
    "Deal",
    "Dominoes",
    "Double",
    "Doubling",
    "FormatError",
    "Game",
    "GameError",
    "Hearts",
    "King",
    "LastTwo",
    "Payment",
    "Problem",
    "Queens",
    "Ravage",
    "Result",
    "Roles",
    "Rotation",
    "Rules",
    "Scheme",
    "ScoredDeal",
    "Sheet",
    "Tricks",
    "Trump",
    "Turn",
    "Undoubled",
    "doubling_order",
    "dump",
    "dumps",
    "load",
    "loads",
    "maximum",
    "score",
    "targets",
]
