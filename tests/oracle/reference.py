"""Independent reference scorer for `barbu-game/1` documents (test oracle).

Written from /work/shared/rules.md and /work/shared/game-format.md alone, for
obviousness rather than speed, so that the real engine in `scorekeeper/` can
be cross-checked against it. It must never import the engine.

`score_game(doc)` either raises `Invalid` or returns plain dicts and lists
(see its docstring), ready to compare with the engine's output.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

FORMAT = "barbu-game/1"

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
ALL_CONTRACTS: tuple[str, ...] = (*BASE_CONTRACTS, RAVAGE_CITY)
POSITIVE_CONTRACTS = frozenset({"trumps", "dominoes"})
NEGATIVE_CONTRACTS = frozenset(ALL_CONTRACTS) - POSITIVE_CONTRACTS

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

DOUBLING_MODES: tuple[str, ...] = ("standard", "declarer-only", "none")
UNDOUBLED_NEGATIVE_MODES: tuple[str, ...] = ("play", "settle")
ROTATIONS: tuple[str, ...] = ("blocks", "every-deal")

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

TOP_KEYS = frozenset({"format", "players", "first_declarer", "rules", "hands"})
RULE_KEYS = frozenset(
    {
        "scheme",
        "ravage_city",
        "doubling",
        "redouble_all",
        "compulsory_doubles",
        "undoubled_negative",
        "rotation",
        "dealer_declares",
    }
)
HAND_KEYS = frozenset({"contract", "declarer", "doubles", "trump", "rank", "result"})
RESULT_KEYS: dict[str, frozenset[str]] = {
    "no-tricks": frozenset({"tricks"}),
    "trumps": frozenset({"tricks"}),
    "no-queens": frozenset({"queens"}),
    "no-last-two": frozenset({"penultimate", "last"}),
    "no-hearts": frozenset({"hearts", "ace"}),
    "barbu": frozenset({"king"}),
    "dominoes": frozenset({"order"}),
    "ravage-city": frozenset({"most"}),
}


class Invalid(Exception):
    """The document is not a legal barbu-game/1 game."""


@dataclass(frozen=True)
class Rules:
    """A game's rules with every default filled in."""

    points: dict[str, Any]
    ravage_city: bool
    doubling: str
    redouble_all: bool
    compulsory_doubles: int
    undoubled_negative: str
    rotation: str
    dealer_declares: bool

    @property
    def contracts(self) -> tuple[str, ...]:
        return ALL_CONTRACTS if self.ravage_city else BASE_CONTRACTS

    @property
    def hands_per_declarer(self) -> int:
        return len(self.contracts)


# --- small type checks -----------------------------------------------------


def is_int(value: object) -> bool:
    """A JSON integer: bools and floats (even 2.0) do not count."""
    return type(value) is int


def _object(value: object, where: str, required: set[str], allowed: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"{where}: not an object")
    unknown = set(value) - allowed
    if unknown:
        raise Invalid(f"{where}: unknown keys {sorted(map(str, unknown))}")
    missing = required - set(value)
    if missing:
        raise Invalid(f"{where}: missing keys {sorted(missing)}")
    return value


def _name(value: object, players: list[str], where: str) -> str:
    # Names must match exactly; the case-insensitive rule only forbids look-alike players.
    if not isinstance(value, str) or value not in players:
        raise Invalid(f"{where}: not a player: {value!r}")
    return value


def _int_list(value: object, length: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length or not all(map(is_int, value)):
        raise Invalid(f"{where}: expected a list of {length} integers")
    return value


# --- rules -----------------------------------------------------------------


def _parse_points(value: object, ravage_city: bool) -> dict[str, Any]:
    if isinstance(value, str):
        if value not in SCHEMES:
            raise Invalid(f"rules.scheme: unknown scheme {value!r}")
        return SCHEMES[value]
    required = set(BASE_CONTRACTS) | ({RAVAGE_CITY} if ravage_city else set())
    points = _object(value, "rules.scheme", required, frozenset(ALL_CONTRACTS))
    for key in ("no-tricks", "no-queens", "barbu", "trumps", RAVAGE_CITY):
        if key in points and not is_int(points[key]):
            raise Invalid(f"rules.scheme.{key}: not an integer")
    _int_list(points["no-last-two"], 2, "rules.scheme.no-last-two")
    _int_list(points["dominoes"], 4, "rules.scheme.dominoes")
    hearts = _object(
        points["no-hearts"], "rules.scheme.no-hearts", {"heart", "ace"}, frozenset({"heart", "ace"})
    )
    if not (is_int(hearts["heart"]) and is_int(hearts["ace"])):
        raise Invalid("rules.scheme.no-hearts: values must be integers")
    if RAVAGE_CITY in points and points[RAVAGE_CITY] % 12 != 0:
        raise Invalid("rules.scheme.ravage-city: not a multiple of 12")
    return points


def _parse_rules(value: object) -> Rules:
    rules = _object(value, "rules", set(), RULE_KEYS)

    def flag(key: str) -> bool:
        got = rules.get(key, False)
        if not isinstance(got, bool):
            raise Invalid(f"rules.{key}: not a boolean")
        return got

    def choice(key: str, options: tuple[str, ...]) -> str:
        got = rules.get(key, options[0])
        if not isinstance(got, str) or got not in options:
            raise Invalid(f"rules.{key}: not one of {options}")
        return got

    ravage_city = flag("ravage_city")
    doubling = choice("doubling", DOUBLING_MODES)
    compulsory = rules.get("compulsory_doubles", 0 if doubling == "none" else 2)
    if not is_int(compulsory) or not 0 <= compulsory <= 7:
        raise Invalid("rules.compulsory_doubles: not an integer from 0 to 7")
    if doubling == "none" and compulsory != 0:
        raise Invalid("rules.compulsory_doubles: no doubles can be owed without doubling")
    return Rules(
        points=_parse_points(rules.get("scheme", "standard"), ravage_city),
        ravage_city=ravage_city,
        doubling=doubling,
        redouble_all=flag("redouble_all"),
        compulsory_doubles=compulsory,
        undoubled_negative=choice("undoubled_negative", UNDOUBLED_NEGATIVE_MODES),
        rotation=choice("rotation", ROTATIONS),
        dealer_declares=flag("dealer_declares"),
    )


def contract_total(points: dict[str, Any], contract: str) -> int:
    """Sum of the four raw scores of one deal of `contract` (doubles cancel out)."""
    value = points[contract]
    total: int
    if contract in ("no-tricks", "trumps"):
        total = 13 * value
    elif contract == "no-queens":
        total = 4 * value
    elif contract == "no-hearts":
        total = 12 * value["heart"] + value["ace"]
    elif contract in ("no-last-two", "dominoes"):
        total = sum(value)
    else:  # barbu, ravage-city: one taker (or an even share)
        total = value
    return total


def expected_game_total(rules: Rules) -> int:
    """What a complete game adds up to: each player declares each contract once."""
    return 4 * sum(contract_total(rules.points, c) for c in rules.contracts)


# --- players ---------------------------------------------------------------


def _parse_players(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) != 4:
        raise Invalid("players: expected a list of four names")
    for name in value:
        if not isinstance(name, str) or not 1 <= len(name) <= 40:
            raise Invalid(f"players: bad name {name!r}")
        if name != name.strip():
            raise Invalid(f"players: untrimmed name {name!r}")
    if len({name.casefold() for name in value}) != 4:
        raise Invalid("players: names are not distinct (ignoring case)")
    return value


def declarer_index(rules: Rules, first: int, n: int) -> int:
    """Seat of the declarer of hand n (0-based); seat i+1 sits to the left of seat i."""
    if rules.rotation == "blocks":
        return (first + n // rules.hands_per_declarer) % 4
    return (first + n) % 4


# --- one hand --------------------------------------------------------------


def _parse_doubles(value: object, players: list[str], where: str) -> set[tuple[str, str]]:
    if not isinstance(value, list):
        raise Invalid(f"{where}: not a list")
    pairs: set[tuple[str, str]] = set()
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise Invalid(f"{where}: each double is a [doubler, doubled] pair")
        pair = (_name(item[0], players, where), _name(item[1], players, where))
        if pair[0] == pair[1]:
            raise Invalid(f"{where}: {pair[0]} doubled themself")
        if pair in pairs:
            raise Invalid(f"{where}: duplicate double {list(pair)}")
        pairs.add(pair)
    return pairs


def _check_doubles(
    pairs: set[tuple[str, str]], declarer: str, contract: str, rules: Rules, where: str
) -> None:
    # The list order is not checked: the declarer speaks last, so only "who doubled
    # the declarer" matters for redoubles, and non-declarers may double each other both ways.
    if rules.doubling == "none" and pairs:
        raise Invalid(f"{where}: no doubling in this game")
    only_declarer = rules.doubling == "declarer-only" or contract in POSITIVE_CONTRACTS
    doubled_declarer = {a for a, b in pairs if b == declarer}
    redoubled = {b for a, b in pairs if a == declarer}
    for a, b in pairs:
        if a == declarer and b not in doubled_declarer:
            raise Invalid(f"{where}: the declarer doubled {b}, who did not double them")
        if a != declarer and b != declarer and only_declarer:
            raise Invalid(f"{where}: {a} may double only the declarer")
    if rules.redouble_all and redoubled and redoubled != doubled_declarer:
        raise Invalid(f"{where}: the declarer must redouble everyone or no one")


def _counts(value: object, players: list[str], total: int, where: str) -> dict[str, int]:
    if not isinstance(value, dict) or set(value) != set(players):
        raise Invalid(f"{where}: expected a count for each player")
    if not all(is_int(v) and v >= 0 for v in value.values()):
        raise Invalid(f"{where}: counts must be integers >= 0")
    if sum(value.values()) != total:
        raise Invalid(f"{where}: counts must add up to {total}")
    return value


def raw_scores(
    contract: str, result: object, points: dict[str, Any], players: list[str], where: str
) -> dict[str, int]:
    """Validate a played hand's result and return each player's raw score."""
    res = _object(result, where, set(RESULT_KEYS[contract]), RESULT_KEYS[contract])
    raw = dict.fromkeys(players, 0)
    value = points[contract]
    if contract in ("no-tricks", "trumps"):
        tricks = _counts(res["tricks"], players, 13, f"{where}.tricks")
        raw = {p: value * tricks[p] for p in players}
    elif contract == "no-queens":
        queens = _counts(res["queens"], players, 4, f"{where}.queens")
        raw = {p: value * queens[p] for p in players}
    elif contract == "no-last-two":
        raw[_name(res["penultimate"], players, f"{where}.penultimate")] += value[0]
        raw[_name(res["last"], players, f"{where}.last")] += value[1]
    elif contract == "no-hearts":
        hearts = _counts(res["hearts"], players, 13, f"{where}.hearts")
        ace = _name(res["ace"], players, f"{where}.ace")
        if hearts[ace] < 1:
            raise Invalid(f"{where}: the ace's taker took no hearts")
        raw = {p: value["heart"] * hearts[p] for p in players}
        raw[ace] += value["ace"] - value["heart"]  # the ace scores instead of a heart
    elif contract == "barbu":
        raw[_name(res["king"], players, f"{where}.king")] = value
    elif contract == "dominoes":
        order = res["order"]
        if not isinstance(order, list) or len(order) != 4:
            raise Invalid(f"{where}.order: expected four names")
        names = [_name(p, players, f"{where}.order") for p in order]
        if len(set(names)) != 4:
            raise Invalid(f"{where}.order: each player exactly once")
        raw = {p: value[names.index(p)] for p in players}
    else:  # ravage-city
        most = res["most"]
        if not isinstance(most, list) or not 1 <= len(most) <= 4:
            raise Invalid(f"{where}.most: expected one to four names")
        names = [_name(p, players, f"{where}.most") for p in most]
        if len(set(names)) != len(names):
            raise Invalid(f"{where}.most: a name is repeated")
        for p in names:
            raw[p] = value // len(names)  # exact: the value is a multiple of 12
    return raw


def settled_raw_scores(total: int, declarer: str, players: list[str]) -> dict[str, int]:
    """Undoubled negative contract settled without play (rules.md)."""
    # Fraction avoids any float doubt; total/3 never ends in exactly .5.
    share = round(Fraction(total, 3))
    return {p: total - 3 * share if p == declarer else share for p in players}


def payments(players: list[str], raw: dict[str, int], pairs: set[tuple[str, str]]) -> list[dict[str, Any]]:
    """Side payments pair by pair, in seating order of the pairs."""
    result = []
    for i in range(4):
        for j in range(i + 1, 4):
            a, b = players[i], players[j]
            factor = ((a, b) in pairs) + ((b, a) in pairs)
            if factor == 0:
                continue
            worse, better = (b, a) if raw[b] < raw[a] else (a, b)
            amount = factor * abs(raw[a] - raw[b])
            result.append({"from": worse, "to": better, "amount": amount, "factor": factor})
    return result


# --- the game --------------------------------------------------------------


def score_game(doc: object) -> dict[str, Any]:
    """Validate a parsed barbu-game/1 document and score it, or raise `Invalid`.

    Returns {"players", "hands": [{"number", "declarer", "dealer", "contract", "raw",
    "payments", "score", "contract_total", "running"}], "totals", "checks":
    {"deals_balance", "game_total", "expected_game_total", "complete", "zero_sum"}}.
    """
    top = _object(doc, "document", {"format", "players", "first_declarer", "hands"}, TOP_KEYS)
    if not isinstance(top["format"], str) or top["format"] != FORMAT:
        raise Invalid(f"format: expected {FORMAT!r}")
    players = _parse_players(top["players"])
    first = players.index(_name(top["first_declarer"], players, "first_declarer"))
    rules = _parse_rules(top.get("rules", {}))
    hands = top["hands"]
    if not isinstance(hands, list):
        raise Invalid("hands: not a list")
    per_declarer = rules.hands_per_declarer
    if len(hands) > 4 * per_declarer:
        raise Invalid(f"hands: more than {4 * per_declarer} hands")

    played: dict[str, list[str]] = {p: [] for p in players}  # contracts by declarer
    doubled_by: dict[tuple[str, str], int] = {}  # (declarer, opponent) -> doubles made
    running = dict.fromkeys(players, 0)
    scored_hands: list[dict[str, Any]] = []
    for n, hand_value in enumerate(hands):
        where = f"hands[{n}]"
        hand = _object(hand_value, where, {"contract"}, HAND_KEYS)
        d = declarer_index(rules, first, n)
        declarer = players[d]
        dealer = declarer if rules.dealer_declares else players[(d - 1) % 4]
        if "declarer" in hand and hand["declarer"] != declarer:
            raise Invalid(f"{where}.declarer: the rotation names {declarer}")
        contract = hand["contract"]
        if not isinstance(contract, str) or contract not in rules.contracts:
            raise Invalid(f"{where}.contract: unknown contract {contract!r}")
        if contract in played[declarer]:
            raise Invalid(f"{where}.contract: {declarer} already played {contract}")
        played[declarer].append(contract)
        if "trump" in hand and (
            contract != "trumps" or not isinstance(hand["trump"], str) or hand["trump"] not in SUITS
        ):
            raise Invalid(f"{where}.trump: only a suit, only in trumps")
        if "rank" in hand and (
            contract != "dominoes" or not isinstance(hand["rank"], str) or hand["rank"] not in RANKS
        ):
            raise Invalid(f"{where}.rank: only a rank, only in dominoes")

        pairs = _parse_doubles(hand.get("doubles", []), players, f"{where}.doubles")
        _check_doubles(pairs, declarer, contract, rules, f"{where}.doubles")

        total = contract_total(rules.points, contract)
        settled = rules.undoubled_negative == "settle" and contract in NEGATIVE_CONTRACTS and not pairs
        if settled:
            if "result" in hand:
                raise Invalid(f"{where}.result: this hand is settled without play")
            raw = settled_raw_scores(total, declarer, players)
        else:
            if "result" not in hand:
                raise Invalid(f"{where}.result: missing")
            raw = raw_scores(contract, hand["result"], rules.points, players, f"{where}.result")

        # Compulsory doubles: refuse as soon as they can no longer all be made.
        remaining = per_declarer - len(played[declarer])
        for p in players:
            if p == declarer:
                continue
            made = doubled_by.get((declarer, p), 0) + ((p, declarer) in pairs)
            doubled_by[(declarer, p)] = made
            if rules.compulsory_doubles - made > remaining:
                raise Invalid(
                    f"{where}: {p} can no longer double {declarer} {rules.compulsory_doubles} times"
                )

        pays = payments(players, raw, pairs)
        score = dict(raw)
        for pay in pays:
            score[pay["from"]] -= pay["amount"]
            score[pay["to"]] += pay["amount"]
        for p in players:
            running[p] += score[p]
        scored_hands.append(
            {
                "number": n + 1,
                "declarer": declarer,
                "dealer": dealer,
                "contract": contract,
                "raw": raw,
                "payments": pays,
                "score": score,
                "contract_total": total,
                "running": dict(running),
            }
        )

    game_total = sum(running.values())
    complete = len(hands) == 4 * per_declarer
    return {
        "players": list(players),
        "hands": scored_hands,
        "totals": dict(running),
        "checks": {
            "deals_balance": all(sum(h["score"].values()) == h["contract_total"] for h in scored_hands),
            "game_total": game_total,
            "expected_game_total": expected_game_total(rules),
            "complete": complete,
            "zero_sum": (game_total == 0) if complete else None,
        },
    }
