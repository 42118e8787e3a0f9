"""Random legal `barbu-game/1` documents, and random mutations of them.

Design:

- Only `random.Random` is used, so a seed reproduces a document exactly and no
  hypothesis is needed (a hypothesis strategy can wrap these via `st.randoms()`).
- `random_game` plays a game forward as a table would: the rotation names the
  declarer, who picks a contract not yet played; players double in turn from
  the declarer's left (anyone whose owed compulsory doubles equal the
  declarer's remaining deals must double the declarer); the declarer redoubles
  (all or none under `redouble_all`); then a possible result is written, or
  none when the deal is settled without play. Games are legal by construction:
  only constants are shared with `reference.py`, never its validation.
- `mutate` deep-copies a document and makes one random change: either generic
  (any node of the JSON tree: another type, a deleted or unknown key, a list
  item dropped, duplicated or swapped) or aimed at a rule (a double, a result,
  a count, a rule value, a name, the order of deals). The outcome may be legal
  or not; the reference decides and the engine must agree with it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from random import Random
from typing import Any

from .reference import (
    ALL_CONTRACTS,
    BASE_CONTRACTS,
    DOUBLING_MODES,
    FORMAT,
    NEGATIVE_CONTRACTS,
    POSITIVE_CONTRACTS,
    RANKS,
    RAVAGE_CITY,
    ROTATIONS,
    SCHEMES,
    SUITS,
    UNDOUBLED_NEGATIVE_MODES,
)

# Distinct ignoring case, except the deliberate twins (Straße/STRASSE, Greek
# sigmas) which random_players never picks together.
NAMES: tuple[str, ...] = (
    "Ann",
    "Beth",
    "Cat",
    "Diana",
    "Ава",
    "Борис",
    "نگار",
    "رضا",
    "Željka",
    "Łukasz",
    "<b>&",
    "a&amp;b",
    "</td><script>x</script>",
    "O'Brien",
    'Say "hi"',
    "José",
    "Zoë",
    "李雷",
    "Ümit",
    "Straße",
    "STRASSE",
    "ΣΊΣΥΦΟΣ",
    "σίσυφος",
    "Ann Marie",
    "A",
    "🃏",
    "Щ" * 40,
    "x" * 39 + "y",
    "Dr. J. Smith-Jones",
    "1",
    "null",
    "-",
)
JUNK: tuple[Any, ...] = ("", "x", None, [], {}, 1.5, 2.0, True, False, 0, -1, 13, 99, [1, 2])


def _maybe(rng: Random, p: float = 0.5) -> bool:
    return rng.random() < p


def random_points(rng: Random, ravage_city: bool) -> dict[str, Any]:
    """A custom points object; any integers, zero-sum or not."""

    def small(lo: int, hi: int) -> int:
        return rng.randint(lo, hi) if _maybe(rng, 0.9) else rng.randint(-50, 50)

    points: dict[str, Any] = {
        "no-tricks": small(-6, 0),
        "no-queens": small(-20, 0),
        "no-last-two": [small(-30, 0), small(-30, 0)],
        "no-hearts": {"heart": small(-5, 0), "ace": small(-15, 0)},
        "barbu": small(-30, 0),
        "trumps": small(0, 8),
        "dominoes": sorted((small(-30, 60) for _ in range(4)), reverse=_maybe(rng, 0.9)),
    }
    if ravage_city or _maybe(rng, 0.3):
        points[RAVAGE_CITY] = 12 * rng.randint(-5, 2)
    return points


def random_rules(rng: Random) -> dict[str, Any]:
    """A legal `rules` object exercising every option; keys are often omitted."""
    rules: dict[str, Any] = {}
    ravage_city = _maybe(rng, 0.3)
    if ravage_city or _maybe(rng, 0.2):
        rules["ravage_city"] = ravage_city
    pick = rng.random()
    if pick < 0.45:
        rules["scheme"] = rng.choice(sorted(SCHEMES))
    elif pick < 0.8:
        rules["scheme"] = random_points(rng, ravage_city)
    doubling = rng.choices(DOUBLING_MODES, weights=(5, 3, 2))[0]
    if doubling != "standard" or _maybe(rng, 0.3):
        rules["doubling"] = doubling
    if _maybe(rng, 0.4):
        rules["redouble_all"] = _maybe(rng)
    if doubling == "none":
        if _maybe(rng, 0.3):
            rules["compulsory_doubles"] = 0
    elif _maybe(rng, 0.6):
        rules["compulsory_doubles"] = rng.choice((0, 0, 1, 2, 2, 3, 3, 5, 7))
    if _maybe(rng, 0.6):
        rules["undoubled_negative"] = rng.choice(UNDOUBLED_NEGATIVE_MODES)
    if _maybe(rng, 0.5):
        rules["rotation"] = rng.choice(ROTATIONS)
    if _maybe(rng, 0.4):
        rules["dealer_declares"] = _maybe(rng)
    return rules


def random_players(rng: Random) -> list[str]:
    """Four names distinct ignoring case, in seating order."""
    players: list[str] = []
    while len(players) < 4:
        name = rng.choice(NAMES) if _maybe(rng, 0.8) else f"Player {rng.randint(1, 999)}"
        if name.casefold() not in {p.casefold() for p in players}:
            players.append(name)
    return players


def _spread(rng: Random, total: int, players: list[str]) -> dict[str, int]:
    # Squared weights make lopsided deals (0s, a player taking all) common.
    weights = [rng.random() ** 2 + 1e-9 for _ in players]
    counts = dict.fromkeys(players, 0)
    for p in rng.choices(players, weights=weights, k=total):
        counts[p] += 1
    return counts


def random_result(rng: Random, contract: str, players: list[str]) -> dict[str, Any]:
    """A result that the cards allow for `contract`."""
    if contract in ("no-tricks", "trumps"):
        return {"tricks": _spread(rng, 13, players)}
    if contract == "no-queens":
        return {"queens": _spread(rng, 4, players)}
    if contract == "no-last-two":
        return {"penultimate": rng.choice(players), "last": rng.choice(players)}
    if contract == "no-hearts":
        hearts = _spread(rng, 13, players)
        return {"hearts": hearts, "ace": rng.choice([p for p in players if hearts[p] > 0])}
    if contract == "barbu":
        return {"king": rng.choice(players)}
    if contract == "dominoes":
        return {"order": rng.sample(players, 4)}
    return {"most": rng.sample(players, rng.choice((1, 1, 1, 2, 2, 3, 4)))}


def random_game(rng: Random, rules: dict[str, Any] | None = None, hands: int | None = None) -> dict[str, Any]:
    """A legal game with `hands` deals (default: random, often complete)."""
    if rules is None:
        rules = random_rules(rng)
    contracts = ALL_CONTRACTS if rules.get("ravage_city", False) else BASE_CONTRACTS
    per_declarer = len(contracts)
    if hands is None:
        hands = 4 * per_declarer if _maybe(rng, 0.4) else rng.randint(0, 4 * per_declarer)
    if not 0 <= hands <= 4 * per_declarer:
        raise ValueError(f"a game has 0 to {4 * per_declarer} hands")
    doubling = rules.get("doubling", "standard")
    compulsory = rules.get("compulsory_doubles", 0 if doubling == "none" else 2)
    settle = rules.get("undoubled_negative", "play") == "settle"
    every_deal = rules.get("rotation", "blocks") == "every-deal"
    eagerness = rng.uniform(0.0, 0.6)  # how readily this table doubles

    players = random_players(rng)
    first = rng.randrange(4)
    played: dict[str, list[str]] = {p: [] for p in players}
    made: dict[tuple[str, str], int] = {}  # (declarer, opponent) -> doubles so far
    deals: list[dict[str, Any]] = []
    for n in range(hands):
        seat = (first + (n if every_deal else n // per_declarer)) % 4
        declarer = players[seat]
        remaining = per_declarer - len(played[declarer])  # this deal included
        contract = rng.choice([c for c in contracts if c not in played[declarer]])
        played[declarer].append(contract)

        doubles: list[list[str]] = []
        if doubling != "none":
            only_declarer = doubling == "declarer-only" or contract in POSITIVE_CONTRACTS
            doubters = []
            for step in (1, 2, 3):  # from the declarer's left
                p = players[(seat + step) % 4]
                owed = compulsory - made.get((declarer, p), 0)
                if owed >= remaining or _maybe(rng, eagerness):
                    doubles.append([p, declarer])
                    doubters.append(p)
                    made[(declarer, p)] = made.get((declarer, p), 0) + 1
                if not only_declarer:
                    for other in range(1, 4):
                        q = players[(seat + other) % 4]
                        if q != p and _maybe(rng, eagerness / 2):
                            doubles.append([p, q])
            if rules.get("redouble_all", False):
                redoubled = doubters if _maybe(rng, 0.4) else []
            else:
                redoubled = [p for p in doubters if _maybe(rng, 0.4)]
            doubles += [[declarer, p] for p in redoubled]

        hand: dict[str, Any] = {}
        if _maybe(rng):
            hand["declarer"] = declarer
        hand["contract"] = contract
        if contract == "trumps" and _maybe(rng, 0.6):
            hand["trump"] = rng.choice(SUITS)
        if contract == "dominoes" and _maybe(rng, 0.6):
            hand["rank"] = rng.choice(RANKS)
        if doubles or _maybe(rng):
            hand["doubles"] = doubles
        if not (settle and contract in NEGATIVE_CONTRACTS and not doubles):
            hand["result"] = random_result(rng, contract, players)
        deals.append(hand)

    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "first_declarer": players[first],
    }
    if rules or _maybe(rng):
        doc["rules"] = rules
    doc["hands"] = deals
    return doc


# --- mutations -------------------------------------------------------------

Path = tuple[Any, ...]
Mutation = Callable[[Random, Any], Any]


def _paths(value: Any, path: Path = ()) -> list[Path]:
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, (*path, i))
    return found


def _get(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _names(doc: Any) -> list[str]:
    players = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(players, list) and players and all(isinstance(p, str) for p in players):
        return players
    return ["Ann", "Beth"]


def _hands(doc: Any) -> list[Any] | None:
    hands = doc.get("hands") if isinstance(doc, dict) else None
    return hands if isinstance(hands, list) and hands else None


def _new_value(rng: Random, old: Any, names: list[str]) -> Any:
    """A replacement for `old`: often a near miss of the same type, else junk."""
    if _maybe(rng, 0.4):
        return copy.deepcopy(rng.choice(JUNK))
    if type(old) is int:
        return rng.choice((old + 1, old - 1, -old, float(old), str(old), old * 12, True))
    if isinstance(old, str):
        return rng.choice(
            (
                rng.choice(names),
                old.upper(),
                old.lower(),
                f" {old}",
                f"{old}\u00a0",
                old[:-1],
                rng.choice(ALL_CONTRACTS),
                rng.choice(SUITS),
                [old],
            )
        )
    if isinstance(old, list):
        return rng.choice((old[:-1], [*old, *old[:1]], old[::-1], [], None, {}))
    if isinstance(old, dict):
        return rng.choice(([], None, {}, list(old), list(old.values())))
    return copy.deepcopy(rng.choice(JUNK))


def mutate_node(rng: Random, doc: Any) -> Any:
    """Change one node anywhere in the JSON tree (generic, shape-blind)."""
    path = rng.choice(_paths(doc))
    node = _get(doc, path)
    names = _names(doc)
    if isinstance(node, dict) and _maybe(rng):
        if node and _maybe(rng):
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(("extra", "comment", "Contract", "result", "doubles", "rules"))] = 1
        return doc
    if isinstance(node, list) and node and _maybe(rng):
        i = rng.randrange(len(node))
        op = rng.randrange(3)
        if op == 0:
            del node[i]
        elif op == 1:
            node.insert(i, copy.deepcopy(node[i]))
        else:
            j = rng.randrange(len(node))
            node[i], node[j] = node[j], node[i]
        return doc
    if not path:
        return _new_value(rng, doc, names)
    _get(doc, path[:-1])[path[-1]] = _new_value(rng, node, names)
    return doc


def _rename(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in value.items()}
    return value


def rename_player(rng: Random, doc: Any) -> Any:
    """Rename a player everywhere: legal, or a case twin, padded, empty or too long."""
    names = _names(doc)
    old = rng.choice(names)
    other = rng.choice(names)
    new = rng.choice(
        (
            f"Zed {rng.randint(1, 99)}",
            rng.choice(NAMES),
            other.swapcase(),
            other.upper(),
            f"{old} ",
            f"\t{old}",
            "",
            "y" * 41,
            "y" * 40,
            old.casefold(),
        )
    )
    return _rename(doc, old, new)


def reorder_hands(rng: Random, doc: Any) -> Any:
    """Drop, duplicate, swap or truncate deals."""
    hands = _hands(doc)
    if hands is None:
        return mutate_node(rng, doc)
    i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
    op = rng.randrange(4)
    if op == 0:
        del hands[i]
    elif op == 1:
        hands.insert(j, copy.deepcopy(hands[i]))
    elif op == 2:
        hands[i], hands[j] = hands[j], hands[i]
    else:
        del hands[i:]
    return doc


def _random_hand(rng: Random, doc: Any) -> dict[str, Any] | None:
    hands = _hands(doc)
    if hands is None:
        return None
    hand = rng.choice(hands)
    return hand if isinstance(hand, dict) else None


def change_doubles(rng: Random, doc: Any) -> Any:
    """Add, remove or reverse doubles in one deal."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    names = _names(doc)
    doubles = hand.setdefault("doubles", [])
    if not isinstance(doubles, list):
        return mutate_node(rng, doc)
    op = rng.randrange(4)
    if op == 0 and doubles:
        del doubles[rng.randrange(len(doubles))]
    elif op == 1:
        doubles.reverse()  # order is irrelevant: stays legal
    elif op == 2 and doubles:
        doubles.append(copy.deepcopy(rng.choice(doubles)))
    else:
        doubles.append([rng.choice(names), rng.choice(names)])
    return doc


def change_result(rng: Random, doc: Any) -> Any:
    """Move or add a count, rename a taker, drop or add a result."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    names = _names(doc)
    result = hand.get("result")
    if not isinstance(result, dict) or _maybe(rng, 0.2):
        if "result" in hand:
            del hand["result"]
        else:
            contract = rng.choice(ALL_CONTRACTS)
            hand["result"] = random_result(rng, contract, names)
        return doc
    for value in result.values():
        if isinstance(value, dict) and value:
            a, b = rng.choice(list(value)), rng.choice(list(value))
            if isinstance(value[a], int) and isinstance(value[b], int):
                # Moving one unit keeps the sum, so this is often still legal.
                value[a] -= 1
                value[b] += 0 if _maybe(rng, 0.2) else 1
            return doc
        if isinstance(value, str):
            key = next(k for k, v in result.items() if v is value)
            result[key] = rng.choice(names)
            return doc
    return mutate_node(rng, doc)


def change_rule(rng: Random, doc: Any) -> Any:
    """Set one rule to another legal value or to junk."""
    if not isinstance(doc, dict):
        return mutate_node(rng, doc)
    rules = doc.setdefault("rules", {})
    if not isinstance(rules, dict):
        return mutate_node(rng, doc)
    key, options = rng.choice(
        (
            ("scheme", (*SCHEMES, "Standard", "custom", random_points(rng, _maybe(rng)))),
            ("ravage_city", (True, False, "true", 1)),
            ("doubling", (*DOUBLING_MODES, "maximum")),
            ("redouble_all", (True, False, None)),
            ("compulsory_doubles", (0, 1, 2, 3, 7, 8, -1, 2.0, "2")),
            ("undoubled_negative", (*UNDOUBLED_NEGATIVE_MODES, "Settle")),
            ("rotation", (*ROTATIONS, "clockwise")),
            ("dealer_declares", (True, False, 0)),
            ("house_rule", (True,)),
        )
    )
    rules[key] = rng.choice(options)
    return doc


def change_hand_field(rng: Random, doc: Any) -> Any:
    """Change a deal's contract, declarer, trump or rank."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    key = rng.choice(("contract", "declarer", "trump", "rank"))
    if _maybe(rng, 0.3):
        hand.pop(key, None)
        return doc
    hand[key] = rng.choice(
        {
            "contract": (*ALL_CONTRACTS, "No-tricks", "salad"),
            "declarer": (*_names(doc), "Nobody"),
            "trump": (*SUITS, "Spades", "notrump"),
            "rank": (*RANKS, "1", "11", "j", 10),
        }[key]
    )
    return doc


def change_top(rng: Random, doc: Any) -> Any:
    """Change the format, the first declarer or the seating, or replace the document."""
    if not isinstance(doc, dict) or _maybe(rng, 0.1):
        return rng.choice(([], "barbu", None, 0, [doc]))
    op = rng.randrange(3)
    if op == 0:
        doc["format"] = rng.choice(("barbu-game/2", "Barbu-game/1", "barbu-game/1 ", FORMAT))
    elif op == 1:
        doc["first_declarer"] = rng.choice((*_names(doc), "Nobody"))
    elif isinstance(doc.get("players"), list):
        rng.shuffle(doc["players"])
    return doc


MUTATIONS: tuple[tuple[Mutation, int], ...] = (
    (mutate_node, 6),
    (rename_player, 1),
    (reorder_hands, 2),
    (change_doubles, 3),
    (change_result, 3),
    (change_rule, 2),
    (change_hand_field, 2),
    (change_top, 1),
)


def mutate(rng: Random, doc: object) -> object:
    """A deep copy of `doc` with one random change; it may be legal or not."""
    doc = copy.deepcopy(doc)
    mutations, weights = zip(*MUTATIONS, strict=True)
    return rng.choices(mutations, weights=weights)[0](rng, doc)
