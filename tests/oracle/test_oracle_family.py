"""Self-tests of the oracle for the rest of the family: barbu-3, barbette, barbu-5, french.

Hand-computed deals, turns and blocks; the expected totals of complete games;
a table of invalid documents per game; the generator's legality and its
compulsory doubles per game. (The example files are in test_oracle_examples.py,
chips in test_oracle_chips.py.)
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from random import Random
from typing import Any

import pytest

from .generate import mutate, random_game, random_rules
from .reference import Invalid, score_game
from .reference_rules import (
    BARBETTE_POINTS,
    BARBU_3_CONTRACTS,
    BARBU_3_POINTS,
    BARBU_5_POINTS,
    BASE_CONTRACTS,
    FRENCH_CONTRACTS,
    FRENCH_FIXED,
    FRENCH_POINTS,
    GAMES,
    STANDARD_POINTS,
)

P3 = ["Ann", "Bob", "Cy"]
P4 = ["Ann", "Beth", "Cat", "Diana"]
P5 = ["Ann", "Beth", "Cat", "Diana", "Eve"]


def doc(players: list[str], hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": list(players),
        "first_declarer": players[0],
        "rules": rules,
        "hands": hands,
    }


def counts(players: list[str], *values: int) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def pay(frm: str, to: str, amount: int, factor: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount, "factor": factor}


def edit(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of `base` with the value at a dotted path replaced (deleted for ...; appended at the end)."""
    copied = copy.deepcopy(base)
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node: Any = copied
    for step in parents:
        node = node[step]
    if value is ...:
        del node[last]
    elif isinstance(node, list) and last == len(node):
        node.append(value)
    else:
        node[last] = value
    return copied


def simple_result(contract: str, players: list[str], game: str = "barbu") -> dict[str, Any]:
    """A legal result where the first player takes everything (first out in dominoes)."""
    n = len(players)
    tricks = {"barbu-3": 16, "barbu-5": 10}.get(game, {3: 17, 4: 13, 5: 10}[n] if game == "french" else 13)
    hearts = 12 if game == "barbu-3" else 13
    everything = [tricks, *[0] * (n - 1)]
    if contract in ("no-tricks", "trumps", "tricks"):
        return {"tricks": counts(players, *everything)}
    if contract == "no-queens":
        return {"queens": counts(players, 4, *[0] * (n - 1))}
    if contract == "no-hearts":
        result: dict[str, Any] = {"hearts": counts(players, hearts, *[0] * (n - 1))}
        if game != "french":
            result["ace"] = players[0]
        return result
    if contract == "barbu":
        return {"king": players[0]}
    if contract == "dominoes":
        return {"order": list(players)}
    if contract == "no-last-two":
        return {"penultimate": players[0], "last": players[0]}
    if contract == "no-last-three":
        return {"antepenultimate": players[0], "penultimate": players[0], "last": players[0]}
    if contract == "no-first-last":
        return {"first": players[0], "last": players[0]}
    assert contract == "salad"
    return {
        "tricks": counts(players, *everything),
        "hearts": counts(players, 13, *[0] * (n - 1)),
        "queens": counts(players, 4, *[0] * (n - 1)),
        "king": players[0],
    }


def plain(contracts: list[str], players: list[str], game: str) -> list[dict[str, Any]]:
    """Undoubled deals of the given contracts with simple results."""
    return [{"contract": c, "result": simple_result(c, players, game)} for c in contracts]


# --- three-player Barbu ----------------------------------------------------------

B3 = doc(
    P3,
    [
        {
            "contract": "no-last-three",
            "doubles": [["Bob", "Ann"], ["Cy", "Ann"]],
            "result": {"antepenultimate": "Bob", "penultimate": "Cy", "last": "Bob"},
        },
        {
            "declarer": "Bob",
            "contract": "trumps",
            "trump": "clubs",
            "doubles": [["Ann", "Bob"]],
            "result": {"tricks": counts(P3, 5, 6, 5)},
        },
    ],
    game="barbu-3",
)


def test_barbu_3_no_last_three_and_trumps() -> None:
    first, second = score_game(B3)["hands"]
    # Bob: antepenultimate -5 and last -15; Cy: penultimate -10.
    assert first["raw"] == counts(P3, 0, -20, -10)
    assert first["payments"] == [pay("Bob", "Ann", 20, 1), pay("Cy", "Ann", 10, 1)]
    assert first["score"] == counts(P3, 30, -40, -20)
    assert first["contract_total"] == -30
    assert second["raw"] == counts(P3, 25, 30, 25)
    assert second["payments"] == [pay("Ann", "Bob", 5, 1)]
    assert second["score"] == counts(P3, 20, 35, 25)
    assert second["running"] == counts(P3, 50, -5, 5)


def test_barbu_3_turns() -> None:
    """Declarer one seat left every deal; rubber r starts r seats left of the first declarer."""
    game = doc(P3, plain(list(BARBU_3_CONTRACTS) * 3, P3, "barbu-3"), game="barbu-3", compulsory_doubles=0)
    game["first_declarer"] = "Bob"
    scored = score_game(game)
    declarers = "".join(h["declarer"][0] for h in scored["hands"])
    assert declarers == "BCABCAB" + "CABCABC" + "ABCABCA"
    assert all(
        h["dealer"] == {"Ann": "Cy", "Bob": "Ann", "Cy": "Bob"}[h["declarer"]] for h in scored["hands"]
    )
    assert [(x["rubber"], x["declarer"], x["deals"]) for x in scored["checks"]["blocks"]] == [
        (1, "Bob", list(range(1, 8))),
        (2, "Cy", list(range(8, 15))),
        (3, "Ann", list(range(15, 22))),
    ]
    assert scored["checks"]["complete"] and scored["checks"]["zero_sum"]


def test_barbu_3_contract_totals() -> None:
    hands = plain(list(BARBU_3_CONTRACTS), P3, "barbu-3")
    scored = score_game(doc(P3, hands, game="barbu-3", rubbers=1, compulsory_doubles=0))
    assert [h["contract_total"] for h in scored["hands"]] == [-28, -21, -24, -32, -30, 55, 80]
    checks = scored["checks"]
    assert checks["complete"] and checks["zero_sum"] and checks["game_total"] == 0
    assert checks["blocks"] == [
        {
            "rubber": 1,
            "declarer": "Ann",
            "deals": [1, 2, 3, 4, 5, 6, 7],
            "total": 0,
            "expected": 0,
            "complete": True,
            "balanced": True,
        }
    ]


def test_barbu_3_custom_points_are_not_zero_sum() -> None:
    points = {**BARBU_3_POINTS, "barbu": -20}  # one point off in each rubber
    assert score_game(doc(P3, [], game="barbu-3", scheme=points))["checks"]["expected_game_total"] == 3
    assert (
        score_game(doc(P3, [], game="barbu-3", rubbers=1, scheme=points))["checks"]["expected_game_total"]
        == 1
    )


def test_barbu_3_compulsory_doubles_per_rubber() -> None:
    """Ann, first declarer, has 4 chances (deals 2, 3, 5, 6); Bob and Cy have 5."""
    contracts = list(BARBU_3_CONTRACTS)
    undoubled = plain(contracts, P3, "barbu-3")
    score_game(doc(P3, undoubled[:4], game="barbu-3", rubbers=1))  # everyone can still double twice
    with pytest.raises(Invalid):  # deal 5: Ann and Cy have one chance left, two doubles owed
        score_game(doc(P3, undoubled[:5], game="barbu-3", rubbers=1))
    # Doubles of whoever declares count: Ann doubles Cy (deal 3) and Bob (deal 5) in time.
    doubled = copy.deepcopy(undoubled)
    doubled[0]["doubles"] = [["Bob", "Ann"], ["Cy", "Ann"]]
    doubled[1]["doubles"] = [["Cy", "Bob"]]
    doubled[2]["doubles"] = [["Ann", "Cy"], ["Bob", "Cy"]]
    doubled[3]["doubles"] = [["Cy", "Ann"]]
    doubled[4]["doubles"] = [["Ann", "Bob"]]
    score_game(doc(P3, doubled, game="barbu-3", rubbers=1))
    # With 4 owed, Ann must double in every deal she does not declare.
    late = copy.deepcopy(undoubled[:2])
    late[1]["doubles"] = [["Cy", "Bob"]]
    with pytest.raises(Invalid):
        score_game(doc(P3, late, game="barbu-3", rubbers=1, compulsory_doubles=4))
    score_game(doc(P3, late[:1], game="barbu-3", rubbers=1, compulsory_doubles=4))  # Bob, Cy: 5 chances


# --- Barbette ----------------------------------------------------------------------

BETTE = doc(
    P4,
    [
        {
            "contract": "trumps",
            "doubles": [["Beth", "Ann"], ["Cat", "Ann"], ["Diana", "Ann"]],
            "result": {"tricks": counts(P4, 4, 3, 3, 3)},
        },
        {"contract": "barbu", "result": {"king": "Beth"}},
    ],
    game="barbette",
)
BETTE_ORDER = ["barbu", "no-last-two", "no-queens", "trumps"]


def test_barbette_turns_every_deal_and_dealer_declares() -> None:
    hands = [h for c in BETTE_ORDER for h in plain([c] * 4, P4, "barbette")]
    rules = {"game": "barbette", "rotation": "every-deal", "dealer_declares": True, "compulsory_doubles": 0}
    scored = score_game(doc(P4, hands, **rules))
    assert [h["declarer"] for h in scored["hands"]] == P4 * 4
    assert all(h["dealer"] == h["declarer"] for h in scored["hands"])
    blocks = scored["checks"]["blocks"]
    assert [b["deals"] for b in blocks] == [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]
    assert all(b["complete"] and b["balanced"] and b["total"] == 0 for b in blocks)
    assert scored["checks"]["complete"] and scored["checks"]["zero_sum"]


def test_barbette_compulsory_double_once_per_declarer() -> None:
    hands = [h for c in BETTE_ORDER for h in plain([c] * 4, P4, "barbette")]
    with pytest.raises(Invalid):  # Ann's 4th deal is deal 13: nobody ever doubled her
        score_game(doc(P4, hands[:13], game="barbette", rotation="every-deal"))
    score_game(doc(P4, hands[:12], game="barbette", rotation="every-deal"))
    blocks = plain(BETTE_ORDER, P4, "barbette")
    with pytest.raises(Invalid):
        score_game(doc(P4, blocks, game="barbette"))
    score_game(doc(P4, blocks[:3], game="barbette"))


def test_barbette_expected_with_unequal_positive_contracts() -> None:
    """Convention: a block's expected total is unknown (None) until trumps or dominoes is chosen."""
    points = {**BARBETTE_POINTS, "trumps": 6}  # trumps 78, dominoes 65
    rules = {"game": "barbette", "compulsory_doubles": 0, "scheme": points}
    empty = score_game(doc(P4, [], **rules))["checks"]
    assert [b["expected"] for b in empty["blocks"]] == [None] * 4
    assert empty["expected_game_total"] is None
    trumps = plain(["barbu", "trumps"], P4, "barbette")
    dominoes = plain(["dominoes"], P4, "barbette")
    assert score_game(doc(P4, trumps, **rules))["checks"]["blocks"][0]["expected"] == -20 - 25 - 20 + 78
    assert score_game(doc(P4, dominoes, **rules))["checks"]["blocks"][0]["expected"] == -20 - 25 - 20 + 65
    # Every declarer chose: the game's expected total is known.
    full = [h for _ in P4 for h in plain(["barbu", "no-last-two", "no-queens", "trumps"], P4, "barbette")]
    full[15] = plain(["dominoes"], P4, "barbette")[0]  # Diana picks dominoes
    checks = score_game(doc(P4, full, **rules))["checks"]
    assert checks["expected_game_total"] == 3 * 13 + 0 == checks["game_total"]
    assert checks["zero_sum"] is False and all(b["balanced"] for b in checks["blocks"])


# --- five-player Barbu -----------------------------------------------------------------

B5 = doc(
    P5,
    [
        {
            "contract": "no-hearts",
            "doubles": [["Beth", "Ann"], ["Cat", "Diana"]],
            "result": {"hearts": counts(P5, 3, 2, 4, 0, 4), "ace": "Cat"},
        },
        {"contract": "trumps", "result": {"tricks": counts(P5, 2, 2, 2, 2, 2)}},
    ],
    game="barbu-5",
)


def test_barbu_5_no_hearts() -> None:
    hand = score_game(B5)["hands"][0]
    assert hand["raw"] == counts(P5, -6, -4, -12, 0, -8)  # Cat: 3 hearts and the ace
    # Beth doubled Ann and did better (-4 against -6); Cat doubled Diana and did worse.
    assert hand["payments"] == [pay("Ann", "Beth", 2, 1), pay("Cat", "Diana", 12, 1)]
    assert hand["score"] == counts(P5, -8, -2, -24, 12, -8)
    assert hand["contract_total"] == -30


def test_barbu_5_contract_totals_and_turns() -> None:
    hands = plain(list(BASE_CONTRACTS) * 5, P5, "barbu-5")
    scored = score_game(doc(P5, hands, game="barbu-5", rotation="every-deal", compulsory_doubles=0))
    assert [h["contract_total"] for h in scored["hands"][:7]] == [-20, -24, -30, -30, -20, 50, 74]
    assert [h["declarer"] for h in scored["hands"][:6]] == [*P5, "Ann"]
    assert [h["dealer"] for h in scored["hands"][:5]] == ["Eve", "Ann", "Beth", "Cat", "Diana"]
    blocks = scored["checks"]["blocks"]
    assert blocks[0]["deals"] == [1, 6, 11, 16, 21, 26, 31]
    assert all(b["complete"] and b["total"] == 0 for b in blocks)
    assert scored["checks"]["complete"] and scored["checks"]["zero_sum"]


def test_barbu_5_compulsory_doubles() -> None:
    hands = plain(list(BASE_CONTRACTS), P5, "barbu-5")
    score_game(doc(P5, hands[:5], game="barbu-5"))
    with pytest.raises(Invalid):
        score_game(doc(P5, hands[:6], game="barbu-5"))


# --- French Barbu ------------------------------------------------------------------------

FRENCH_SALAD = {
    "contract": "salad",
    "result": {
        "tricks": counts(P4, 3, 4, 2, 4),
        "hearts": counts(P4, 2, 5, 0, 6),
        "queens": counts(P4, 1, 1, 0, 2),
        "king": "Beth",
    },
}
FR = doc(
    P4,
    [FRENCH_SALAD, {"contract": "no-hearts", "result": {"hearts": counts(P4, 3, 3, 3, 4)}}],
    game="french",
)


def test_french_no_hearts_has_no_ace() -> None:
    scored = score_game(FR)
    assert scored["hands"][1]["raw"] == scored["hands"][1]["score"] == counts(P4, 15, 15, 15, 20)
    assert scored["hands"][1]["payments"] == []
    assert scored["lower_wins"] is True


@pytest.mark.parametrize(
    ("players", "sequence", "expected"),
    [
        (P3, "choice", 1845),
        (P4, "choice", 2340),
        (P5, "choice", 2900),
        (P3, "fixed", 1860),
        (P4, "fixed", 2320),
        (P5, "fixed", 2750),
    ],
)
def test_french_complete_game_totals(players: list[str], sequence: str, expected: int) -> None:
    """Per dealer, the fixed five then tricks, no-first-last, dominoes:

    3 players: 85+65+80+80+310 = 620, -85+80+0; 4: 65+65+80+80+290 = 580, -65+80-10;
    5: 50+65+80+80+275 = 550, -50+80+0.
    """
    contracts = FRENCH_FIXED if sequence == "fixed" else FRENCH_CONTRACTS
    hands = plain(list(contracts) * len(players), players, "french")
    scored = score_game(doc(players, hands, game="french", sequence=sequence))
    checks = scored["checks"]
    assert checks["complete"] and checks["game_total"] == checks["expected_game_total"] == expected
    assert checks["zero_sum"] is False
    assert [b["declarer"] for b in checks["blocks"]] == players
    assert all(
        b["complete"] and b["balanced"] and b["total"] * len(players) == expected for b in checks["blocks"]
    )
    assert [h["dealer"] for h in scored["hands"]] == [p for p in players for _ in contracts]
    assert all(h["declarer"] == h["dealer"] and h["payments"] == [] for h in scored["hands"])
    assert scored["lower_wins"] is True


def test_french_custom_points() -> None:
    # Fixed: only the four values salad is made of are needed.
    fixed = {"no-tricks": 1, "no-hearts": 2, "no-queens": 3, "barbu": 4}
    hands = plain(list(FRENCH_FIXED), P3, "french")
    scored = score_game(doc(P3, hands, game="french", sequence="fixed", scheme=fixed))
    # Ann takes everything: 17, 26, 12, 4, then salad 17 + 26 + 12 + 4.
    assert [h["raw"]["Ann"] for h in scored["hands"]] == [17, 26, 12, 4, 59]
    assert scored["checks"]["expected_game_total"] == 3 * 118
    five = {**FRENCH_POINTS, "dominoes": [1, 2, 3, 4, 5]}
    assert (
        score_game(doc(P5, [], game="french", scheme=five))["checks"]["expected_game_total"] == 2900 + 5 * 15
    )


# --- invalid documents, game by game --------------------------------------------------------


def _fill(players: list[str], contracts: list[str], game: str, **rules: Any) -> dict[str, Any]:
    return doc(players, plain(contracts, players, game), game=game, **rules)


INVALID_BARBU_3 = {
    "four-players": edit(B3, "players", [*P3, "Dee"]),
    "two-players": edit(B3, "players", P3[:2]),
    "key-rotation": edit(B3, "rules.rotation", "every-deal"),
    "key-dealer-declares": edit(B3, "rules.dealer_declares", False),
    "key-ravage-city": edit(B3, "rules.ravage_city", False),
    "key-undoubled-negative": edit(B3, "rules.undoubled_negative", "play"),
    "key-sequence": edit(B3, "rules.sequence", "choice"),
    "rubbers-2": edit(B3, "rules.rubbers", 2),
    "rubbers-string": edit(B3, "rules.rubbers", "3"),
    "rubbers-bool": edit(B3, "rules.rubbers", True),
    "compulsory-5": edit(B3, "rules.compulsory_doubles", 5),
    "compulsory-negative": edit(B3, "rules.compulsory_doubles", -1),
    "scheme-name": edit(B3, "rules.scheme", "standard"),
    "scheme-barbu-points": edit(B3, "rules.scheme", STANDARD_POINTS),
    "scheme-missing-trumps": edit(
        B3, "rules.scheme", {k: v for k, v in BARBU_3_POINTS.items() if k != "trumps"}
    ),
    "scheme-dominoes-4": edit(B3, "rules.scheme", {**BARBU_3_POINTS, "dominoes": [45, 15, -5, 0]}),
    "scheme-last-three-2": edit(B3, "rules.scheme", {**BARBU_3_POINTS, "no-last-three": [-5, -25]}),
    "scheme-1001": edit(B3, "rules.scheme", {**BARBU_3_POINTS, "barbu": -1001}),
    "scheme-float": edit(B3, "rules.scheme", {**BARBU_3_POINTS, "trumps": 5.0}),
    "contract-no-last-two": edit(B3, "hands.0", plain(["no-last-two"], P3, "barbu-3")[0]),
    "contract-salad": edit(B3, "hands.0", plain(["salad"], P3, "french")[0]),
    "contract-ravage": edit(B3, "hands.0", {"contract": "ravage-city", "result": {"most": ["Ann"]}}),
    "repeated-in-rubber": edit(B3, "hands.1", plain(["no-last-three"], P3, "barbu-3")[0]),
    "declarer-wrong": edit(B3, "hands.1.declarer", "Ann"),
    "tricks-13": edit(B3, "hands.1.result.tricks", counts(P3, 5, 5, 3)),
    "hearts-13": edit(
        B3, "hands.0", {"contract": "no-hearts", "result": {"hearts": counts(P3, 4, 4, 5), "ace": "Ann"}}
    ),
    "order-4": edit(B3, "hands.1", {"contract": "dominoes", "result": {"order": [*P3, "Ann"]}}),
    "order-2": edit(B3, "hands.1", {"contract": "dominoes", "result": {"order": P3[:2]}}),
    "rank-2": edit(B3, "hands.1", {"contract": "dominoes", "rank": "2", "result": {"order": P3}}),
    "missing-antepenultimate": edit(B3, "hands.0.result.antepenultimate", ...),
    "positive-cross-double": edit(B3, "hands.1.doubles", [["Ann", "Bob"], ["Ann", "Cy"]]),
    "too-many-hands": edit(
        _fill(P3, list(BARBU_3_CONTRACTS), "barbu-3", rubbers=1, compulsory_doubles=0),
        "hands.7",
        plain(["barbu"], P3, "barbu-3")[0],
    ),
    "compulsory-impossible": _fill(P3, list(BARBU_3_CONTRACTS)[:5], "barbu-3", rubbers=1),
}

INVALID_BARBETTE = {
    "three-players": edit(BETTE, "players", P4[:3]),
    "five-players": edit(BETTE, "players", P5),
    "key-ravage-city": edit(BETTE, "rules.ravage_city", False),
    "key-undoubled-negative": edit(BETTE, "rules.undoubled_negative", "settle"),
    "key-rubbers": edit(BETTE, "rules.rubbers", 1),
    "key-sequence": edit(BETTE, "rules.sequence", "fixed"),
    "compulsory-5": edit(BETTE, "rules.compulsory_doubles", 5),
    "scheme-name": edit(BETTE, "rules.scheme", "standard"),
    "scheme-missing-dominoes": edit(
        BETTE, "rules.scheme", {k: v for k, v in BARBETTE_POINTS.items() if k != "dominoes"}
    ),
    "scheme-extra-no-tricks": edit(BETTE, "rules.scheme", {**BARBETTE_POINTS, "no-tricks": -2}),
    "scheme-last-two-3": edit(BETTE, "rules.scheme", {**BARBETTE_POINTS, "no-last-two": [-5, -10, -15]}),
    "scheme-dominoes-5": edit(BETTE, "rules.scheme", {**BARBETTE_POINTS, "dominoes": [40, 25, 10, 0, -10]}),
    "contract-no-tricks": edit(BETTE, "hands.1", plain(["no-tricks"], P4, "barbette")[0]),
    "contract-no-hearts": edit(BETTE, "hands.1", plain(["no-hearts"], P4, "barbette")[0]),
    "both-positives": edit(BETTE, "hands.1", plain(["dominoes"], P4, "barbette")[0]),
    "repeated": edit(BETTE, "hands.1", plain(["trumps"], P4, "barbette")[0]),
    "queens-5": edit(
        BETTE, "hands.1", {"contract": "no-queens", "result": {"queens": counts(P4, 2, 1, 1, 1)}}
    ),
    "order-3": edit(BETTE, "hands.0", {"contract": "dominoes", "result": {"order": P4[:3]}}),
    "declarer-wrong": edit(BETTE, "hands.1.declarer", "Beth"),
    "too-many-hands": edit(
        _fill(P4, BETTE_ORDER * 4, "barbette", compulsory_doubles=0),
        "hands.16",
        plain(["barbu"], P4, "barbette")[0],
    ),
    "compulsory-impossible": _fill(P4, BETTE_ORDER, "barbette"),
}

INVALID_BARBU_5 = {
    "four-players": edit(B5, "players", P4),
    "key-ravage-city": edit(B5, "rules.ravage_city", True),
    "key-undoubled-negative": edit(B5, "rules.undoubled_negative", "play"),
    "key-rubbers": edit(B5, "rules.rubbers", 3),
    "compulsory-8": edit(B5, "rules.compulsory_doubles", 8),
    "scheme-barbu-15": edit(B5, "rules.scheme", "barbu-15"),
    "scheme-brader": edit(B5, "rules.scheme", "brader"),
    "scheme-Standard": edit(B5, "rules.scheme", "Standard"),
    "scheme-barbu-points": edit(B5, "rules.scheme", STANDARD_POINTS),
    "scheme-ravage-city": edit(B5, "rules.scheme", {**BARBU_5_POINTS, "ravage-city": -36}),
    "scheme-dominoes-4": edit(B5, "rules.scheme", {**BARBU_5_POINTS, "dominoes": [45, 20, 5, -5]}),
    "tricks-13": edit(B5, "hands.1.result.tricks", counts(P5, 2, 2, 2, 2, 5)),
    "hearts-12": edit(B5, "hands.0.result.hearts.Ann", 2),
    "order-4": edit(B5, "hands.1", {"contract": "dominoes", "result": {"order": P5[:4]}}),
    "contract-ravage": edit(B5, "hands.1", {"contract": "ravage-city", "result": {"most": ["Ann"]}}),
    "contract-no-last-three": edit(B5, "hands.1", plain(["no-last-three"], P5, "barbu-5")[0]),
    "declarer-wrong": edit(B5, "hands.1.declarer", "Beth"),
    "too-many-hands": edit(
        _fill(P5, list(BASE_CONTRACTS) * 5, "barbu-5", compulsory_doubles=0),
        "hands.35",
        plain(["barbu"], P5, "barbu-5")[0],
    ),
    "compulsory-impossible": _fill(P5, list(BASE_CONTRACTS)[:6], "barbu-5"),
}

INVALID_FRENCH = {
    "two-players": edit(FR, "players", P4[:2]),
    "six-players": edit(FR, "players", [*P5, "Fay"]),
    # French doubling is "none" or "dealer" only, and owes no doubles without it.
    "doubling-standard": edit(FR, "rules.doubling", "standard"),
    "compulsory-without-doubling": edit(FR, "rules.compulsory_doubles", 1),
    "dealer-redoubles-unasked": edit(
        edit(FR, "rules.doubling", "dealer"), "hands.1.doubles", [["Beth", "Ann"], ["Ann", "Beth"]]
    ),
    "double-not-the-dealer": edit(edit(FR, "rules.doubling", "dealer"), "hands.1.doubles", [["Beth", "Cat"]]),
    "key-redouble-all": edit(FR, "rules.redouble_all", False),
    "key-rotation": edit(FR, "rules.rotation", "blocks"),
    "key-dealer-declares": edit(FR, "rules.dealer_declares", True),
    "key-ravage-city": edit(FR, "rules.ravage_city", False),
    "key-rubbers": edit(FR, "rules.rubbers", 1),
    "sequence-random": edit(FR, "rules.sequence", "random"),
    "scheme-name": edit(FR, "rules.scheme", "standard"),
    "scheme-salad-key": edit(FR, "rules.scheme", {**FRENCH_POINTS, "salad": 290}),
    "scheme-hearts-ace": edit(FR, "rules.scheme", {**FRENCH_POINTS, "no-hearts": {"heart": 5, "ace": 5}}),
    "scheme-dominoes-3": edit(FR, "rules.scheme", {**FRENCH_POINTS, "dominoes": [-40, 0, 40]}),
    "scheme-missing-tricks": edit(
        FR, "rules.scheme", {k: v for k, v in FRENCH_POINTS.items() if k != "tricks"}
    ),
    "scheme-1001": edit(FR, "rules.scheme", {**FRENCH_POINTS, "barbu": 1001}),
    "doubles": edit(FR, "hands.1.doubles", [["Beth", "Ann"]]),
    "no-hearts-ace": edit(FR, "hands.1.result.ace", "Diana"),
    "salad-king-no-heart": edit(FR, "hands.0.result.king", "Cat"),
    "salad-missing-queens": edit(FR, "hands.0.result.queens", ...),
    "salad-hearts-12": edit(FR, "hands.0.result.hearts.Ann", 1),
    "salad-ace": edit(FR, "hands.0.result.ace", "Beth"),
    "fixed-order": edit(FR, "rules.sequence", "fixed"),
    "fixed-tricks": _fill(P4, ["no-tricks", "tricks"], "french", sequence="fixed"),
    "contract-trumps": edit(FR, "hands.1", plain(["trumps"], P4, "french")[0]),
    "contract-no-last-two": edit(FR, "hands.1", plain(["no-last-two"], P4, "french")[0]),
    "repeated": edit(FR, "hands.1", FRENCH_SALAD),
    "declarer-wrong": edit(FR, "hands.1.declarer", "Beth"),
    "trump-key": edit(FR, "hands.1.trump", "spades"),
    "three-players-13-tricks": _fill(P3, [], "french")
    | {"hands": [{"contract": "tricks", "result": {"tricks": counts(P3, 13, 0, 0)}}]},
    "count-out-of-bounds": edit(FR, "hands.0.result.tricks", counts(P4, -1, 14, 0, 0)),
    "too-many-hands": edit(
        _fill(P4, list(FRENCH_CONTRACTS) * 4, "french"), "hands.32", plain(["barbu"], P4, "french")[0]
    ),
    "too-many-hands-fixed": edit(
        _fill(P4, list(FRENCH_FIXED) * 4, "french", sequence="fixed"),
        "hands.20",
        plain(["no-tricks"], P4, "french")[0],
    ),
}

INVALID_BARBU_BOUNDS = {
    "game-unknown": doc(P4, [], game="barbu-4"),
    "game-not-a-string": doc(P4, [], game=3),
    "game-null": doc(P4, [], game=None),
    "point-1001": doc(P4, [], scheme={**STANDARD_POINTS, "barbu": -1001}),
    "point-list-1001": doc(P4, [], scheme={**STANDARD_POINTS, "dominoes": [1001, 20, 5, -5]}),
    "ace-minus-1001": doc(P4, [], scheme={**STANDARD_POINTS, "no-hearts": {"heart": -2, "ace": -1001}}),
    "ravage-1008": doc(P4, [], ravage_city=True, scheme={**STANDARD_POINTS, "ravage-city": 1008}),
    "barbu-5-count": doc(P5, []),
}

INVALID = {
    **{f"barbu-3/{k}": v for k, v in INVALID_BARBU_3.items()},
    **{f"barbette/{k}": v for k, v in INVALID_BARBETTE.items()},
    **{f"barbu-5/{k}": v for k, v in INVALID_BARBU_5.items()},
    **{f"french/{k}": v for k, v in INVALID_FRENCH.items()},
    **{f"barbu/{k}": v for k, v in INVALID_BARBU_BOUNDS.items()},
}


@pytest.mark.parametrize("game", [B3, BETTE, B5, FR], ids=["barbu-3", "barbette", "barbu-5", "french"])
def test_bases_of_the_invalid_tables_are_legal(game: dict[str, Any]) -> None:
    score_game(game)


@pytest.mark.parametrize("bad", INVALID.values(), ids=INVALID.keys())
def test_invalid(bad: Any) -> None:
    with pytest.raises(Invalid):
        score_game(bad)


LEGAL = {
    "barbu-explicit-game": doc(
        P4,
        [],
        game="barbu",
        scheme="brader",
        ravage_city=True,
        doubling="standard",
        redouble_all=True,
        compulsory_doubles=7,
        undoubled_negative="settle",
        rotation="every-deal",
        dealer_declares=True,
    ),
    "barbu-points-at-bounds": doc(
        P4,
        [],
        ravage_city=True,
        scheme={**STANDARD_POINTS, "barbu": -1000, "trumps": 1000, "ravage-city": 996},
    ),
    "barbu-3-all-keys": edit(
        B3,
        "rules",
        {
            "game": "barbu-3",
            "rubbers": 1,
            "scheme": BARBU_3_POINTS,
            "doubling": "standard",
            "redouble_all": False,
            "compulsory_doubles": 2,
        },
    ),
    "barbu-3-doubling-none": doc(P3, [], game="barbu-3", doubling="none", compulsory_doubles=0),
    "barbu-3-rank-3": edit(B3, "hands.1", {"contract": "dominoes", "rank": "3", "result": {"order": P3}}),
    "barbu-3-compulsory-4": doc(P3, [], game="barbu-3", compulsory_doubles=4, redouble_all=True),
    "barbette-compulsory-4": doc(P4, [], game="barbette", compulsory_doubles=4, doubling="declarer-only"),
    "barbu-5-standard": edit(B5, "rules.scheme", "standard"),
    "barbu-5-compulsory-7": doc(P5, [], game="barbu-5", compulsory_doubles=7),
    "french-empty-doubles": edit(FR, "hands.1.doubles", []),
    "french-fixed": _fill(P4, list(FRENCH_FIXED), "french", sequence="fixed"),
    "french-3-17-tricks": _fill(P3, ["tricks"], "french"),
    "french-5-rank": edit(_fill(P5, ["dominoes"], "french"), "hands.0.rank", "2"),
}


@pytest.mark.parametrize("good", LEGAL.values(), ids=LEGAL.keys())
def test_legal(good: Any) -> None:
    score_game(good)


# --- the generator -------------------------------------------------------------------------


def game_of(generated: dict[str, Any]) -> str:
    return str(generated.get("rules", {}).get("game", "barbu"))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(60))
def test_generated_family_games_are_legal(game: str, seed: int) -> None:
    generated = random_game(Random(seed), game=game)
    assert json.loads(json.dumps(generated)) == generated
    assert game_of(generated) == game
    scored = score_game(generated)
    checks = scored["checks"]
    assert checks["deals_balance"]
    for hand in scored["hands"]:
        for p in hand["payments"]:
            diff = abs(hand["raw"][p["from"]] - hand["raw"][p["to"]])
            assert p["amount"] == p["factor"] * diff and hand["raw"][p["from"]] <= hand["raw"][p["to"]]
    for block in checks["blocks"]:
        assert block["total"] == sum(sum(scored["hands"][n - 1]["score"].values()) for n in block["deals"])
        assert block["balanced"]
    assert sorted(n for b in checks["blocks"] for n in b["deals"]) == list(range(1, len(scored["hands"]) + 1))
    if checks["complete"]:
        assert checks["game_total"] == checks["expected_game_total"]
    assert ("lower_wins" in scored) == (game == "french")


def test_random_game_picks_every_game_and_table() -> None:
    rng = Random(11)
    seen: Counter[tuple[str, int]] = Counter()
    for _ in range(400):
        generated = random_game(rng)
        seen[game_of(generated), len(generated["players"])] += 1
    assert set(seen) == {("barbu", 4), ("barbu-3", 3), ("barbette", 4), ("barbu-5", 5)} | {
        ("french", n) for n in (3, 4, 5)
    }


def test_random_game_keeps_its_old_calls() -> None:
    assert len(random_game(Random(1), rules={"scheme": "standard"}, hands=28)["hands"]) == 28
    for seed in range(50):  # some random games hold fewer than 10 deals: they are drawn again
        rng = Random(seed)
        assert len(random_game(rng, hands=10)["hands"]) == 10
    # Rules and a full game's number of deals give a complete game, also in french
    # where the rules alone do not say how many play.
    for seed in range(10):
        for sequence, per in (("choice", 8), ("fixed", 5)):
            for players in (3, 4, 5):
                rules = {"game": "french", "sequence": sequence}
                generated = random_game(Random(seed), rules=rules, hands=players * per)
                assert len(generated["players"]) == players
                assert score_game(generated)["checks"]["complete"]
    with pytest.raises(ValueError):
        random_game(Random(1), rules={"game": "barbu-3", "rubbers": 1}, hands=8)
    with pytest.raises(ValueError):
        random_game(Random(1), rules={"game": "barbu-3"}, game="french")


@pytest.mark.parametrize("game", GAMES)
def test_random_rules_are_legal(game: str) -> None:
    rng = Random(5)
    for _ in range(100):
        players = {"barbu-3": P3, "barbu-5": P5, "french": rng.choice((P3, P4, P5))}.get(game, P4)
        rules = random_rules(rng, game, len(players))
        score_game(doc(players, [], **rules))


@pytest.mark.parametrize(
    ("game", "players", "rules"),
    [
        ("barbu-3", 3, {"compulsory_doubles": 4, "redouble_all": True}),
        ("barbu-3", 3, {"compulsory_doubles": 4, "rubbers": 1, "doubling": "declarer-only"}),
        ("barbette", 4, {"compulsory_doubles": 4, "rotation": "every-deal"}),
        ("barbette", 4, {"compulsory_doubles": 4}),
        ("barbu-5", 5, {"compulsory_doubles": 7, "redouble_all": True}),
        ("barbu-5", 5, {"compulsory_doubles": 3, "rotation": "every-deal"}),
    ],
)
def test_generator_meets_compulsory_doubles(game: str, players: int, rules: dict[str, Any]) -> None:
    """Complete games at the highest compulsory doubles; the doubles are counted here again."""
    owed = rules["compulsory_doubles"]
    total = {"barbu-3": 7 * rules.get("rubbers", 3), "barbette": 16, "barbu-5": 35}[game]
    for seed in range(10):
        generated = random_game(Random(seed), rules={"game": game, **rules}, hands=total)
        scored = score_game(generated)
        assert scored["checks"]["complete"]
        made: Counter[tuple[int, str]] = Counter()
        for hand, played in zip(scored["hands"], generated["hands"], strict=True):
            window = (hand["number"] - 1) // 7 if game == "barbu-3" else hand["declarer"]
            for doubler, doubled in played.get("doubles", []):
                if doubled == hand["declarer"]:
                    made[(window, doubler)] += 1
        windows = {((h["number"] - 1) // 7 if game == "barbu-3" else h["declarer"]) for h in scored["hands"]}
        for window in windows:
            for p in generated["players"]:
                if game != "barbu-3" and p == window:
                    continue
                assert made[(window, p)] >= owed, (seed, window, p)
        assert len(generated["players"]) == players


@pytest.mark.parametrize("game", ["barbu-3", "barbette", "barbu-5"])
def test_complete_standard_games_balance_block_by_block(game: str) -> None:
    """With the game's own points every rubber (barbu-3) or declarer's block adds up to 0."""
    for seed in range(20):
        rules = {"game": game, "compulsory_doubles": 1}
        generated = random_game(
            Random(seed), rules=rules, hands={"barbu-3": 21, "barbette": 16}.get(game, 35)
        )
        checks = score_game(generated)["checks"]
        assert checks["complete"] and checks["zero_sum"] and checks["expected_game_total"] == 0
        assert len(checks["blocks"]) == {"barbu-3": 3, "barbette": 4, "barbu-5": 5}[game]
        assert all(b["complete"] and b["total"] == 0 == b["expected"] for b in checks["blocks"])


def test_generated_salads_are_dealt_from_real_cards() -> None:
    rng = Random(8)
    salads = 0
    for _ in range(200):
        generated = random_game(rng, game="french")
        n = len(generated["players"])
        for hand in generated["hands"]:
            result = hand["result"] if hand["contract"] == "salad" else {}
            if not {"tricks", "hearts", "queens"} <= set(result):  # another make-up may leave some out
                continue
            salads += 1
            for p in generated["players"]:
                taken = result["hearts"][p] + result["queens"][p] - 1  # the queen of hearts may be both
                assert taken <= n * result["tricks"][p]
                if result["tricks"][p] == 0:
                    assert result["hearts"][p] == result["queens"][p] == 0
    assert salads > 50


def test_generator_covers_the_family_options() -> None:
    rng = Random(21)
    seen: set[Any] = set()
    for _ in range(300):
        generated = random_game(rng)
        rules = generated.get("rules", {})
        game = game_of(generated)
        seen.add((game, "scheme", type(rules.get("scheme")).__name__))
        seen.add((game, "sequence", rules.get("sequence")))
        seen.add((game, "rubbers", rules.get("rubbers")))
        for hand in generated["hands"]:
            seen.add((game, "contract", hand["contract"]))
    assert {("french", "sequence", "fixed"), ("barbu-3", "rubbers", 1), ("barbu-5", "scheme", "str")} <= seen
    assert {("barbette", "contract", c) for c in ("trumps", "dominoes")} <= seen
    assert {("french", "contract", c) for c in FRENCH_CONTRACTS} <= seen
    assert {("barbu-3", "contract", "no-last-three"), ("french", "scheme", "dict")} <= seen


@pytest.mark.parametrize("game", GAMES)
def test_family_mutations_only_raise_invalid(game: str) -> None:
    rng = Random(77)
    outcomes: Counter[str] = Counter()
    for _ in range(400):
        mutated = mutate(rng, random_game(rng, game=game))
        try:
            score_game(mutated)
            outcomes["legal"] += 1
        except Invalid:
            outcomes["invalid"] += 1
    assert outcomes["legal"] > 20 and outcomes["invalid"] > outcomes["legal"]
