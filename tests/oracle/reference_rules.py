"""What each game of the Barbu family is, for the reference scorer (test oracle).

Written from /work/shared/rules.md and docs/game-format.md alone (never from
the engine): the games, their contracts, cards, standard points, the `rules`
keys each game accepts, and `parse_rules`, which turns a document's `rules`
object into a `Rules` value with every default filled in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

FORMAT = "barbu-game/1"

GAMES: tuple[str, ...] = ("barbu", "barbu-3", "barbette", "barbu-5", "french")

# --- contracts ---------------------------------------------------------------

BASE_CONTRACTS: tuple[str, ...] = (
    "no-tricks",
    "no-queens",
    "no-last-two",
    "no-hearts",
    "barbu",
    "trumps",
    "dominoes",
)
RAVAGE_CITY = "ravage-city"
ALL_CONTRACTS: tuple[str, ...] = (*BASE_CONTRACTS, RAVAGE_CITY)  # Barbu's eight
BARBU_3_CONTRACTS: tuple[str, ...] = (
    "no-hearts",
    "barbu",
    "no-queens",
    "no-tricks",
    "no-last-three",
    "dominoes",
    "trumps",
)
BARBETTE_CONTRACTS: tuple[str, ...] = ("barbu", "no-last-two", "no-queens", "trumps", "dominoes")
BARBETTE_NEGATIVES: tuple[str, ...] = ("barbu", "no-last-two", "no-queens")
FRENCH_CONTRACTS: tuple[str, ...] = (
    "no-tricks",
    "no-hearts",
    "no-queens",
    "barbu",
    "salad",
    "tricks",
    "no-first-last",
    "dominoes",
)
FRENCH_FIXED: tuple[str, ...] = FRENCH_CONTRACTS[:5]  # the shorter form, in this order
SALAD_PARTS: tuple[str, ...] = ("no-tricks", "no-hearts", "no-queens", "barbu")  # the default Salad
# game-format.md, "The Salad's make-up": what a Salad may add, each with the points key it is priced by.
SALAD_PIECES: dict[str, str] = {
    "no-tricks": "no-tricks",
    "no-hearts": "no-hearts",
    "no-queens": "no-queens",
    "barbu": "barbu",
    "last-trick": "no-first-last",  # its last value
    "no-last-two": "no-last-two",
}
SALAD_SCORED: tuple[str, ...] = ("penalty", "reward")
FAMILY_CONTRACTS: tuple[str, ...] = (
    *ALL_CONTRACTS,
    "no-last-three",
    "salad",
    "tricks",
    "no-first-last",
)

# Doubling: in these two only the declarer may be doubled. Every other contract
# of a game with doubling is negative. (French has no doubling at all.)
POSITIVE_CONTRACTS = frozenset({"trumps", "dominoes"})
NEGATIVE_CONTRACTS = frozenset(ALL_CONTRACTS) - POSITIVE_CONTRACTS | {"no-last-three"}

# The contracts whose result names who took given tricks, in the points' order.
TAKER_KEYS: dict[str, tuple[str, ...]] = {
    "no-last-two": ("penultimate", "last"),
    "no-last-three": ("antepenultimate", "penultimate", "last"),
    "no-first-last": ("first", "last"),
}

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SHORT_RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")  # the 32-card deck
DECKS: tuple[int, ...] = (52, 32)
SHORT_DECK_GAMES = frozenset({"barbu", "barbette", "french"})  # the games that may play 32 cards

DOUBLING_MODES: tuple[str, ...] = ("standard", "declarer-only", "none")
FRENCH_DOUBLING_MODES: tuple[str, ...] = ("none", "dealer")  # the players may double the dealer
UNDOUBLED_NEGATIVE_MODES: tuple[str, ...] = ("play", "settle")
ROTATIONS: tuple[str, ...] = ("blocks", "every-deal")
SEQUENCES: tuple[str, ...] = ("choice", "fixed")
RUBBERS: tuple[int, ...] = (1, 3)

# --- points ------------------------------------------------------------------

POINT_BOUND = 1000  # every number of a points object is in -1000..1000

STANDARD_POINTS: dict[str, Any] = {
    "no-tricks": -2,
    "no-queens": -6,
    "no-last-two": [-10, -20],
    "no-hearts": {"heart": -2, "ace": -6},
    "barbu": -20,
    "trumps": 5,
    "dominoes": [45, 20, 5, -5],
    "ravage-city": -36,
}
SCHEMES: dict[str, dict[str, Any]] = {
    "standard": STANDARD_POINTS,
    "barbu-15": {**STANDARD_POINTS, "barbu": -15, "dominoes": [40, 20, 10, -10]},
    "dominoes-30": {**STANDARD_POINTS, "barbu": -15, "dominoes": [30, 20, 10, 0]},
    "brader": {
        "no-tricks": -5,
        "no-queens": -15,
        "no-last-two": [-10, -20],
        "no-hearts": {"heart": -4, "ace": -12},
        "barbu": -25,
        "trumps": 5,
        "dominoes": [40, 20, 0, -20],
        "ravage-city": -36,
    },
}
BARBU_3_POINTS: dict[str, Any] = {
    "no-tricks": -2,
    "no-queens": -6,
    "no-last-three": [-5, -10, -15],
    "no-hearts": {"heart": -2, "ace": -6},
    "barbu": -21,
    "trumps": 5,
    "dominoes": [45, 15, -5],
}
BARBETTE_POINTS: dict[str, Any] = {
    "barbu": -20,
    "no-last-two": [-10, -15],
    "no-queens": -5,
    "trumps": 5,
    "dominoes": [40, 25, 10, -10],
}
BARBU_5_POINTS: dict[str, Any] = {
    "no-tricks": -2,
    "no-queens": -6,
    "no-last-two": [-10, -20],
    "no-hearts": {"heart": -2, "ace": -6},
    "barbu": -20,
    "trumps": 5,
    "dominoes": [45, 25, 10, 0, -6],
}
FRENCH_DOMINOES: dict[int, list[int]] = {
    3: [-40, 0, 40],
    4: [-50, -20, 20, 40],
    5: [-50, -25, 0, 25, 50],
}
FRENCH_POINTS: dict[str, Any] = {  # four players; the dominoes follow the player count
    "no-tricks": 5,
    "no-hearts": 5,
    "no-queens": 20,
    "barbu": 80,
    "tricks": -5,
    "no-first-last": [40, 40],
    "dominoes": FRENCH_DOMINOES[4],
    "no-last-two": [20, 60],  # played instead of no-first-last with "last_two": true
}


# With 32 cards (game-format.md, "The 32-card deck"): Barbu's second place in dominoes is 25;
# Barbette's values are all new; French Barbu's stay.
STANDARD_POINTS_32: dict[str, Any] = {**STANDARD_POINTS, "dominoes": [45, 25, 5, -5]}
BARBETTE_POINTS_32: dict[str, Any] = {
    "barbu": -12,
    "no-last-two": [-6, -10],
    "no-queens": -3,
    "trumps": 5,
    "dominoes": [25, 15, 5, -5],
}


def standard_points(game: str, players: int, deck: int = 52) -> dict[str, Any]:
    """The game's own points (what a left-out `scheme` means) with a deck of `deck` cards."""
    if deck == 32 and game == "barbu":
        return STANDARD_POINTS_32
    if deck == 32 and game == "barbette":
        return BARBETTE_POINTS_32
    if game == "barbu":
        return STANDARD_POINTS
    if game == "barbu-3":
        return BARBU_3_POINTS
    if game == "barbette":
        return BARBETTE_POINTS
    if game == "barbu-5":
        return BARBU_5_POINTS
    return {**FRENCH_POINTS, "dominoes": FRENCH_DOMINOES[players]}


def named_schemes(game: str) -> dict[str, dict[str, Any]]:
    """The scheme names a game accepts: Barbu's four, "standard" in barbu-5, else none."""
    if game == "barbu":
        return SCHEMES
    if game == "barbu-5":
        return {"standard": BARBU_5_POINTS}
    return {}


def point_shapes(game: str, players: int) -> dict[str, Any]:
    """Each points-object key of a game and the shape of its value.

    "int" is one number, "hearts" is {"heart", "ace"}, an int k is a list of k numbers.
    """
    if game == "barbu-3":
        return {
            "no-tricks": "int",
            "no-queens": "int",
            "no-last-three": 3,
            "no-hearts": "hearts",
            "barbu": "int",
            "trumps": "int",
            "dominoes": 3,
        }
    if game == "barbette":
        return {"barbu": "int", "no-last-two": 2, "no-queens": "int", "trumps": "int", "dominoes": 4}
    if game == "french":
        # `salad` has no value of its own: it is not a key of the points object.
        return {
            "no-tricks": "int",
            "no-hearts": "int",
            "no-queens": "int",
            "barbu": "int",
            "tricks": "int",
            "no-first-last": 2,
            "dominoes": players,
            "no-last-two": 2,
        }
    shapes: dict[str, Any] = {
        "no-tricks": "int",
        "no-queens": "int",
        "no-last-two": 2,
        "no-hearts": "hearts",
        "barbu": "int",
        "trumps": "int",
        "dominoes": players,  # 4 in barbu, 5 in barbu-5
    }
    if game == "barbu":
        shapes[RAVAGE_CITY] = "int"
    return shapes


# --- cards -------------------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """What a deal holds: tricks, hearts and queens to share, dominoes places."""

    tricks: int
    hearts: int
    queens: int
    places: int


def cards(game: str, players: int, size: int = 52) -> Cards:
    if size == 32:  # 7 to the ace; at 3 and 5 players the 7 of clubs and 7 of diamonds go
        return Cards(tricks={3: 10, 4: 8, 5: 6}[players], hearts=8, queens=4, places=players)
    if game == "barbu-3":  # the four 2s removed
        return Cards(tricks=16, hearts=12, queens=4, places=3)
    if game == "barbu-5":  # 2 of clubs and 2 of diamonds removed
        return Cards(tricks=10, hearts=13, queens=4, places=5)
    if game == "french":
        return Cards(tricks={3: 17, 4: 13, 5: 10}[players], hearts=13, queens=4, places=players)
    return Cards(tricks=13, hearts=13, queens=4, places=4)


def deck(game: str, players: int, size: int = 52) -> list[tuple[str, str]]:
    """The cards in play as (rank, suit), for generators that deal real cards."""
    removed: set[tuple[str, str]] = set()
    if size == 32:
        short = {("7", "clubs"), ("7", "diamonds")} if players in (3, 5) else set()
        return [(r, s) for s in SUITS for r in SHORT_RANKS if (r, s) not in short]
    if game == "barbu-3":
        removed = {("2", s) for s in SUITS}
    elif game == "barbu-5" or (game == "french" and players == 5):
        removed = {("2", "clubs"), ("2", "diamonds")}
    elif game == "french" and players == 3:
        removed = {("2", "clubs")}
    return [(r, s) for s in SUITS for r in RANKS if (r, s) not in removed]


# --- the rules keys of each game ---------------------------------------------

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "barbu": (4,),
    "barbu-3": (3,),
    "barbette": (4,),
    "barbu-5": (5,),
    "french": (3, 4, 5),
}
_DOUBLING_KEYS = frozenset({"doubling", "redouble_all", "compulsory_doubles"})
RULE_KEYS: dict[str, frozenset[str]] = {
    "barbu": frozenset(
        {
            "game",
            "deck",
            "capot",
            "scheme",
            "ravage_city",
            "undoubled_negative",
            "rotation",
            "dealer_declares",
        }
        | _DOUBLING_KEYS
    ),
    "barbu-3": frozenset({"game", "rubbers", "scheme"} | _DOUBLING_KEYS),
    "barbette": frozenset(
        {"game", "deck", "capot", "rotation", "dealer_declares", "scheme"} | _DOUBLING_KEYS
    ),
    "barbu-5": frozenset({"game", "rotation", "dealer_declares", "scheme"} | _DOUBLING_KEYS),
    "french": frozenset(
        {"game", "deck", "capot", "sequence", "last_two", "scheme", "doubling", "dealer_redoubles"}
        | {"compulsory_doubles", "salad"}
    ),
}
ALL_RULE_KEYS: frozenset[str] = frozenset().union(*RULE_KEYS.values())
# (highest allowed, default) of `compulsory_doubles`; the default is 0 without doubling.
COMPULSORY: dict[str, tuple[int, int]] = {
    "barbu": (7, 2),
    "barbu-3": (4, 2),
    "barbette": (4, 1),
    "barbu-5": (7, 2),
    "french": (7, 0),
}


class Invalid(Exception):
    """The document is not a legal barbu-game/1 game."""


@dataclass(frozen=True)
class Rules:
    """A game's rules with every default filled in, for a given number of players."""

    game: str
    players: int
    points: dict[str, Any]
    ravage_city: bool = False
    doubling: str = "standard"
    redouble_all: bool = False
    dealer_redoubles: bool = False
    compulsory_doubles: int = 0
    undoubled_negative: str = "play"
    rotation: str = "blocks"
    dealer_declares: bool = False
    rubbers: int = 3
    sequence: str = "choice"
    deck: int = 52
    capot: bool = False
    last_two: bool = False
    salad_parts: tuple[str, ...] = SALAD_PARTS
    salad_halved: bool = False
    salad_reward: bool = False

    @property
    def contracts(self) -> tuple[str, ...]:
        """Every contract a deal of this game may have."""
        if self.game == "barbu":
            return ALL_CONTRACTS if self.ravage_city else BASE_CONTRACTS
        if self.game == "barbu-3":
            return BARBU_3_CONTRACTS
        if self.game == "barbette":
            return BARBETTE_CONTRACTS
        if self.game == "barbu-5":
            return BASE_CONTRACTS
        if self.sequence == "fixed":
            return FRENCH_FIXED
        seventh = "no-last-two" if self.last_two else "no-first-last"
        return tuple(seventh if c == "no-first-last" else c for c in FRENCH_CONTRACTS)

    @property
    def cards(self) -> Cards:
        return cards(self.game, self.players, self.deck)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks a dominoes deal may start from."""
        if self.deck == 32:
            return SHORT_RANKS
        return RANKS[1:] if self.game == "barbu-3" else RANKS  # barbu-3 has no 2s

    @property
    def has_doubling(self) -> bool:
        return self.doubling != "none"  # in french "none" unless the dealer may be doubled

    @property
    def deals_per_block(self) -> int:
        """A block is one declarer's deals (one dealer's in french; a rubber in barbu-3)."""
        if self.game == "barbette":
            return 4
        return len(self.contracts)

    @property
    def block_count(self) -> int:
        return self.rubbers if self.game == "barbu-3" else self.players

    @property
    def total_deals(self) -> int:
        return self.block_count * self.deals_per_block


# --- parsing -------------------------------------------------------------------


def is_int(value: object) -> bool:
    """A JSON integer: bools and floats (even 2.0) do not count."""
    return type(value) is int


def check_object(value: object, where: str, required: set[str], allowed: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"{where}: not an object")
    unknown = set(value) - allowed
    if unknown:
        raise Invalid(f"{where}: unknown keys {sorted(map(str, unknown))}")
    missing = required - set(value)
    if missing:
        raise Invalid(f"{where}: missing keys {sorted(missing)}")
    return value


def _point(value: object, where: str) -> int:
    if not is_int(value):
        raise Invalid(f"{where}: not an integer")
    assert isinstance(value, int)
    if not -POINT_BOUND <= value <= POINT_BOUND:
        raise Invalid(f"{where}: not from -{POINT_BOUND} to {POINT_BOUND}")
    return value


def parse_points(
    value: object,
    game: str,
    players: int,
    ravage_city: bool,
    sequence: str,
    size: int = 52,
    last_two: bool = False,
    salad_parts: tuple[str, ...] = SALAD_PARTS,
) -> dict[str, Any]:
    """A `scheme` value: a name the game accepts, or a points object for the game."""
    if isinstance(value, str):
        schemes = named_schemes(game)
        if value not in schemes:
            raise Invalid(f"rules.scheme: {value!r} is not a scheme of {game}")
        # "standard" is the standard points of the deck in play; the other names are fixed.
        return standard_points(game, players, size) if value == "standard" else schemes[value]
    shapes = point_shapes(game, players)
    required = set(shapes)
    if game == "barbu" and not ravage_city:
        required.discard(RAVAGE_CITY)
    if game == "french":  # only the contracts played need points; the others may still be given
        required.discard("no-first-last" if last_two else "no-last-two")
    if game == "french" and sequence == "fixed":
        required = set(SALAD_PARTS)
    if game == "french":  # the Salad's parts are priced even when their contracts are not played
        required |= {SALAD_PIECES[part] for part in salad_parts}
    points = check_object(value, "rules.scheme", required, frozenset(shapes))
    for key, shape in shapes.items():
        if key not in points:
            continue
        where = f"rules.scheme.{key}"
        if shape == "int":
            _point(points[key], where)
        elif shape == "hearts":
            hearts = check_object(points[key], where, {"heart", "ace"}, frozenset({"heart", "ace"}))
            _point(hearts["heart"], f"{where}.heart")
            _point(hearts["ace"], f"{where}.ace")
        else:
            given = points[key]
            if key == "dominoes" and isinstance(given, list) and len(given) == 2 < shape:
                for i, item in enumerate(given):
                    _point(item, f"{where}[{i}]")
                points = {**points, key: spaced(given[0], given[1], shape)}
            if not isinstance(points[key], list) or len(points[key]) != shape:
                raise Invalid(f"{where}: expected a list of {shape} integers")
            for i, item in enumerate(points[key]):
                _point(item, f"{where}[{i}]")
    if RAVAGE_CITY in points and points[RAVAGE_CITY] % 12 != 0:
        raise Invalid("rules.scheme.ravage-city: not a multiple of 12")
    return points


def spaced(first: int, last: int, places: int) -> list[int]:
    """Dominoes from the first and last values (game-format.md): evenly spaced, the nearest whole
    number (a half goes towards the first value), each place and its mirror adding up to first + last."""
    out: dict[int, int] = {}
    for i in range(places):
        mirror = places - 1 - i
        if mirror in out:
            out[i] = first + last - out[mirror] if mirror != i else out[i]
            continue
        exact = first + Fraction(last - first, places - 1) * i
        low, high = math.floor(exact), math.ceil(exact)
        if exact - low != high - exact:
            out[i] = low if exact - low < high - exact else high
        else:
            out[i] = min((low, high), key=lambda n: abs(n - first))
    return [out[i] for i in range(places)]


def parse_rules(value: object, players: int) -> Rules:
    """The document's `rules` for a table of `players`, or `Invalid`."""
    rules = check_object(value, "rules", set(), ALL_RULE_KEYS)
    game = rules.get("game", "barbu")
    if not isinstance(game, str) or game not in GAMES:
        raise Invalid(f"rules.game: not one of {GAMES}")
    unknown = set(rules) - RULE_KEYS[game]
    if unknown:
        raise Invalid(f"rules: {sorted(unknown)} do not apply to {game}")
    if players not in PLAYER_COUNTS[game]:
        raise Invalid(f"players: {game} is for {'-'.join(map(str, PLAYER_COUNTS[game][::2]))} players")

    def flag(key: str) -> bool:
        got = rules.get(key, False)
        if not isinstance(got, bool):
            raise Invalid(f"rules.{key}: not a boolean")
        return got

    def choice(key: str, options: tuple[Any, ...]) -> Any:
        got = rules.get(key, options[0])
        if type(got) is not type(options[0]) or got not in options:
            raise Invalid(f"rules.{key}: not one of {options}")
        return got

    size = rules.get("deck", 52)
    if type(size) is not int or size not in DECKS:
        raise Invalid("rules.deck: 52 or 32")
    ravage_city = flag("ravage_city")
    doubling = choice("doubling", FRENCH_DOUBLING_MODES if game == "french" else DOUBLING_MODES)
    highest, default = COMPULSORY[game]
    compulsory = rules.get("compulsory_doubles", 0 if doubling == "none" else default)
    if not is_int(compulsory) or not 0 <= compulsory <= highest:
        raise Invalid(f"rules.compulsory_doubles: not an integer from 0 to {highest}")
    if doubling == "none" and compulsory != 0:
        raise Invalid("rules.compulsory_doubles: no doubles can be owed without doubling")
    sequence = choice("sequence", SEQUENCES)
    rubbers = rules.get("rubbers", 3)
    if not is_int(rubbers) or rubbers not in RUBBERS:
        raise Invalid("rules.rubbers: 1 or 3")
    parts, halved, reward = parse_salad(rules["salad"]) if "salad" in rules else (SALAD_PARTS, False, False)
    scheme = rules.get("scheme")
    points = (
        standard_points(game, players, size)
        if scheme is None and "scheme" not in rules
        else parse_points(scheme, game, players, ravage_city, sequence, size, flag("last_two"), parts)
    )
    if halved:
        for part in parts:
            value = points[SALAD_PIECES[part]]
            used = value[1:] if part == "last-trick" else value if isinstance(value, list) else [value]
            if any(v % 2 for v in used):
                raise Invalid(f"rules.salad.halved: {SALAD_PIECES[part]} has an odd value")
    return Rules(
        game=game,
        players=players,
        points=points,
        ravage_city=ravage_city,
        doubling=doubling,
        redouble_all=flag("redouble_all"),
        dealer_redoubles=flag("dealer_redoubles"),
        compulsory_doubles=compulsory,
        undoubled_negative=choice("undoubled_negative", UNDOUBLED_NEGATIVE_MODES),
        rotation=choice("rotation", ROTATIONS),
        dealer_declares=flag("dealer_declares"),
        rubbers=rubbers,
        sequence=sequence,
        deck=size,
        capot=flag("capot"),
        last_two=flag("last_two"),
        salad_parts=parts,
        salad_halved=halved,
        salad_reward=reward,
    )


def parse_salad(value: object) -> tuple[tuple[str, ...], bool, bool]:
    """`rules.salad`: its parts (a set: their order does not matter), halved, and whether a reward."""
    salad = check_object(value, "rules.salad", set(), frozenset({"parts", "halved", "scored"}))
    parts = salad.get("parts", list(SALAD_PARTS))
    if not isinstance(parts, list) or not parts:
        raise Invalid("rules.salad.parts: not a list of one or more parts")
    if not all(isinstance(p, str) and p in SALAD_PIECES for p in parts):
        raise Invalid(f"rules.salad.parts: only {sorted(SALAD_PIECES)}")
    if len(set(parts)) != len(parts):
        raise Invalid("rules.salad.parts: a part is repeated")
    halved = salad.get("halved", False)
    if type(halved) is not bool:
        raise Invalid("rules.salad.halved: not a boolean")
    scored = salad.get("scored", "penalty")
    if not isinstance(scored, str) or scored not in SALAD_SCORED:
        raise Invalid(f"rules.salad.scored: not one of {SALAD_SCORED}")
    return tuple(sorted(parts)), halved, scored == "reward"


def salad_value(rules: Rules, part: str) -> Any:
    """What one part of the Salad is worth: its points key's value (the last of `no-first-last`
    for the last trick), halved when the Salad is, minus when it is a reward."""
    value = rules.points[SALAD_PIECES[part]]
    if part == "last-trick":
        value = value[1]
    sign = -1 if rules.salad_reward else 1

    def adjust(v: int) -> int:
        return sign * (v // 2 if rules.salad_halved else v)  # exact: halved values are even

    return [adjust(v) for v in value] if isinstance(value, list) else adjust(value)


# --- contract totals -----------------------------------------------------------


def contract_total(rules: Rules, contract: str) -> int:
    """What the raw scores of one deal of `contract` add up to (doubles cancel out)."""
    value = rules.points.get(contract)
    c = rules.cards
    total: int
    if contract in ("no-tricks", "trumps", "tricks"):
        total = c.tricks * value
    elif contract == "no-queens":
        total = c.queens * value
    elif contract == "no-hearts":
        # In french the ace is a heart like the others; elsewhere it scores instead of one.
        french = rules.game == "french"
        total = c.hearts * value if french else (c.hearts - 1) * value["heart"] + value["ace"]
    elif contract == "salad":
        counted = {"no-tricks": c.tricks, "no-hearts": c.hearts, "no-queens": c.queens}
        total = 0
        for part in rules.salad_parts:
            worth = salad_value(rules, part)
            total += (
                worth * counted[part] if part in counted else sum(worth) if isinstance(worth, list) else worth
            )
    elif contract in TAKER_KEYS or contract == "dominoes":
        total = sum(value)
    else:  # barbu, ravage-city: one taker (or an even share)
        total = value
    return total
