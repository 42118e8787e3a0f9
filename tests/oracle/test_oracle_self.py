"""Self-tests of the oracle: the reference scorer and the game generator.

They pin the reference to rules.md (worked example, settlement values, the
brader total) before it is trusted to cross-check the engine. This file covers
four-player Barbu (and random games of any game); the rest of the family is in
test_oracle_family.py, the example files in test_oracle_examples.py and chips
in test_oracle_chips.py.
"""

from __future__ import annotations

import copy
import json
from random import Random
from typing import Any

import pytest

from .generate import mutate, random_game, random_rules
from .reference import STANDARD_POINTS, Invalid, score_game

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]


def game(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    """A document with the worked example's table and the given rules."""
    return {
        "format": "barbu-game/1",
        "players": list(PLAYERS),
        "first_declarer": "Ann",
        "rules": rules,
        "hands": hands,
    }


DEAL_1 = {
    "declarer": "Ann",
    "contract": "no-queens",
    "doubles": [["Beth", "Ann"], ["Beth", "Cat"], ["Beth", "Diana"], ["Cat", "Ann"], ["Ann", "Cat"]],
    "result": {"queens": {"Ann": 1, "Beth": 0, "Cat": 1, "Diana": 2}},
}
DEAL_2 = {
    "contract": "no-hearts",
    "doubles": [["Diana", "Ann"], ["Diana", "Beth"], ["Diana", "Cat"], ["Ann", "Diana"]],
    "result": {"hearts": {"Ann": 0, "Beth": 3, "Cat": 8, "Diana": 2}, "ace": "Cat"},
}
WORKED = game([DEAL_1, DEAL_2])


def pay(frm: str, to: str, amount: int, factor: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount, "factor": factor}


def scores(*values: int) -> dict[str, int]:
    return dict(zip(PLAYERS, values, strict=True))


# --- the worked example of rules.md ----------------------------------------


def test_worked_example_deal_1() -> None:
    hand = score_game(WORKED)["hands"][0]
    assert (hand["number"], hand["declarer"], hand["dealer"]) == (1, "Ann", "Diana")
    assert hand["raw"] == scores(-6, 0, -6, -12)
    assert hand["payments"] == [
        pay("Ann", "Beth", 6, 1),
        pay("Ann", "Cat", 0, 2),  # equal raw: earlier seat is "from"
        pay("Cat", "Beth", 6, 1),
        pay("Diana", "Beth", 12, 1),
    ]
    assert hand["score"] == scores(-12, 24, -12, -24)
    assert hand["contract_total"] == -24


def test_worked_example_deal_2() -> None:
    hand = score_game(WORKED)["hands"][1]
    assert hand["raw"] == scores(0, -6, -20, -4)
    assert hand["payments"] == [
        pay("Diana", "Ann", 8, 2),
        pay("Beth", "Diana", 2, 1),
        pay("Cat", "Diana", 16, 1),
    ]
    assert hand["score"] == scores(8, -8, -36, 6)
    assert hand["contract_total"] == -30


def test_worked_example_totals() -> None:
    result = score_game(WORKED)
    assert result["players"] == PLAYERS
    assert result["hands"][0]["running"] == scores(-12, 24, -12, -24)
    assert result["totals"] == result["hands"][1]["running"] == scores(-4, 16, -48, -18)
    assert result["checks"] == {
        "deals_balance": True,
        "blocks": [
            {
                "declarer": name,
                "deals": [1, 2] if name == "Ann" else [],
                "total": -54 if name == "Ann" else 0,
                "expected": 0,
                "complete": False,
                "balanced": True,
            }
            for name in PLAYERS
        ],
        "game_total": -54,
        "expected_game_total": 0,
        "complete": False,
        "zero_sum": None,
    }


def test_empty_game() -> None:
    result = score_game(game([]))
    assert result["hands"] == []
    assert result["totals"] == scores(0, 0, 0, 0)
    assert result["checks"]["complete"] is False


# --- settlement without play ------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "declarer", "opponent"),
    [
        ("no-tricks", 1, -9),
        ("no-queens", 0, -8),
        ("no-last-two", 0, -10),
        ("no-hearts", 0, -10),
        ("barbu", 1, -7),
        ("ravage-city", 0, -12),
    ],
)
def test_settled_without_play(contract: str, declarer: int, opponent: int) -> None:
    doc = game([{"contract": contract}], undoubled_negative="settle", ravage_city=True, compulsory_doubles=0)
    hand = score_game(doc)["hands"][0]
    assert hand["raw"] == hand["score"] == scores(declarer, opponent, opponent, opponent)
    assert hand["payments"] == []


def test_settled_light_ravage_city_and_barbu_15() -> None:
    points = {
        "scheme": {
            "no-tricks": -2,
            "no-queens": -6,
            "no-last-two": [-10, -20],
            "no-hearts": {"heart": -2, "ace": -6},
            "barbu": -15,
            "trumps": 5,
            "dominoes": [40, 20, 10, -10],
            "ravage-city": -24,
        }
    }
    doc = game(
        [{"contract": "ravage-city"}, {"contract": "barbu"}],
        undoubled_negative="settle",
        ravage_city=True,
        compulsory_doubles=0,
        **points,
    )
    first, second = score_game(doc)["hands"]
    assert first["score"] == scores(0, -8, -8, -8)
    assert second["score"] == scores(0, -5, -5, -5)


def test_doubled_negative_or_positive_is_played_under_settle() -> None:
    doubled = {"contract": "barbu", "doubles": [["Cat", "Beth"]], "result": {"king": "Beth"}}
    trumps = {"contract": "trumps", "result": {"tricks": scores(13, 0, 0, 0)}}
    result = score_game(game([doubled, trumps], undoubled_negative="settle", compulsory_doubles=0))
    assert result["hands"][0]["score"] == scores(0, -40, 20, 0)
    assert result["hands"][1]["score"] == scores(65, 0, 0, 0)


# --- schemes and totals -----------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ({"scheme": "brader", "ravage_city": True}, -684),
        ({"scheme": "brader"}, -540),
        ({"scheme": "standard"}, 0),
        ({"scheme": "barbu-15"}, 0),
        ({"scheme": "dominoes-30"}, 0),
        ({"ravage_city": True}, -144),
    ],
    ids=["brader-ravage", "brader", "standard", "barbu-15", "dominoes-30", "standard-ravage"],
)
def test_expected_game_total(rules: dict[str, Any], expected: int) -> None:
    assert score_game(game([], **rules))["checks"]["expected_game_total"] == expected


def test_complete_brader_game_totals_minus_684() -> None:
    doc = random_game(Random(7), rules={"scheme": "brader", "ravage_city": True}, hands=32)
    checks = score_game(doc)["checks"]
    assert checks["complete"] and checks["game_total"] == -684
    assert checks["zero_sum"] is False


def test_raw_points_per_contract() -> None:
    hands = [
        {
            "contract": "no-last-two",
            "doubles": [["Beth", "Ann"]],
            "result": {"penultimate": "Cat", "last": "Cat"},
        },
        {
            "contract": "dominoes",
            "rank": "J",
            "doubles": [["Cat", "Ann"]],
            "result": {"order": ["Diana", "Ann", "Cat", "Beth"]},
        },
    ]
    result = score_game(game(hands, scheme="barbu-15"))
    assert result["hands"][0]["raw"] == scores(0, 0, -30, 0)
    assert result["hands"][1]["raw"] == scores(20, -10, 10, 40)
    assert result["hands"][1]["payments"] == [pay("Cat", "Ann", 10, 1)]


# --- rotation and labels ----------------------------------------------------


def test_rotation_every_deal_and_dealer_declares() -> None:
    hands = [{"contract": "trumps", "result": {"tricks": scores(13, 0, 0, 0)}}] * 5
    labels = [
        (h["declarer"], h["dealer"])
        for h in score_game(game(hands[:4], rotation="every-deal", compulsory_doubles=0))["hands"]
    ]
    assert labels == [("Ann", "Diana"), ("Beth", "Ann"), ("Cat", "Beth"), ("Diana", "Cat")]
    with pytest.raises(Invalid):  # Ann's fifth deal repeats trumps
        score_game(game(hands, rotation="every-deal", compulsory_doubles=0))
    labels = [
        (h["declarer"], h["dealer"])
        for h in score_game(
            game(hands[:4], rotation="every-deal", compulsory_doubles=0, dealer_declares=True)
        )["hands"]
    ]
    assert labels == [("Ann", "Ann"), ("Beth", "Beth"), ("Cat", "Cat"), ("Diana", "Diana")]


# --- invalid documents ------------------------------------------------------


def _edit(path: str, value: Any) -> Any:
    """WORKED with the value at a dotted path replaced (or deleted for ...)."""
    doc = copy.deepcopy(WORKED)
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node: Any = doc
    for step in parents:
        node = node[step]
    if value is ...:
        del node[last]
    else:
        node[last] = value
    return doc


INVALID = {
    "not-an-object": [WORKED],
    "format": _edit("format", "barbu-game/2"),
    "unknown-top-key": _edit("extra", 1),
    "three-players": _edit("players", PLAYERS[:3]),
    "case-twins": _edit("players", ["Ann", "Beth", "Cat", "ANN"]),
    "untrimmed": _edit("players.3", "Diana "),
    "name-41": _edit("players.3", "D" * 41),
    "first-declarer": _edit("first_declarer", "Eve"),
    "unknown-rule": _edit("rules.house", True),
    "bad-scheme": _edit("rules.scheme", "Standard"),
    "ravage-not-12": _edit("rules.scheme", {**STANDARD_POINTS, "ravage-city": -30}),
    "compulsory-8": _edit("rules.compulsory_doubles", 8),
    "compulsory-none": _edit("rules", {"doubling": "none", "compulsory_doubles": 1}),
    "double-under-none": _edit("rules", {"doubling": "none"}),
    "declarer-only": _edit("rules", {"doubling": "declarer-only"}),
    "partial-redouble": _edit("rules", {"redouble_all": True}),
    "wrong-sum": _edit("hands.0.result.queens.Diana", 3),
    "bool-count": _edit("hands.0.result.queens", {"Ann": True, "Beth": 0, "Cat": 1, "Diana": 2}),
    "float-count": _edit("hands.0.result.queens.Diana", 2.0),
    "unknown-contract": _edit("hands.1.contract", "salad"),
    "repeated-contract": _edit("hands.1", {**DEAL_1, "declarer": "Ann"}),
    "ravage-off": _edit("hands.1", {"contract": "ravage-city", "result": {"most": ["Ann"]}}),
    "declarer-out-of-rotation": _edit("hands.1.declarer", "Beth"),
    "self-double": _edit("hands.0.doubles.0", ["Ann", "Ann"]),
    "duplicate-double": _edit("hands.0.doubles.1", ["Beth", "Ann"]),
    "unprompted-redouble": _edit("hands.0.doubles.4", ["Ann", "Diana"]),
    "ace-without-heart": _edit("hands.1.result.ace", "Ann"),
    "trump-on-no-queens": _edit("hands.0.trump", "spades"),
    "missing-result": _edit("hands.0.result", ...),
    "unknown-hand-key": _edit("hands.0.note", "x"),
    "unknown-result-key": _edit("hands.0.result.note", "x"),
    "result-when-settled": game(
        [{"contract": "barbu", "result": {"king": "Ann"}}], undoubled_negative="settle", compulsory_doubles=0
    ),
    "positive-cross-double": game(
        [{"contract": "trumps", "doubles": [["Beth", "Cat"]], "result": {"tricks": scores(13, 0, 0, 0)}}]
    ),
    "compulsory-impossible": game(
        [
            {"contract": c, "result": r}
            for c, r in [
                ("barbu", {"king": "Ann"}),
                ("no-last-two", {"penultimate": "Ann", "last": "Ann"}),
                ("trumps", {"tricks": scores(13, 0, 0, 0)}),
                ("dominoes", {"order": PLAYERS}),
                ("no-queens", {"queens": scores(4, 0, 0, 0)}),
                ("no-tricks", {"tricks": scores(13, 0, 0, 0)}),  # 6th deal: 2 owed, 1 left
            ]
        ]
    ),
    "too-many-hands": game([{"contract": "barbu", "result": {"king": "Ann"}}] * 29, compulsory_doubles=0),
}


@pytest.mark.parametrize("doc", INVALID.values(), ids=INVALID.keys())
def test_invalid(doc: Any) -> None:
    with pytest.raises(Invalid):
        score_game(doc)


def test_legal_edge_cases() -> None:
    cross = {"contract": "barbu", "doubles": [["Beth", "Cat"], ["Cat", "Beth"]], "result": {"king": "Cat"}}
    assert score_game(game([cross]))["hands"][0]["score"] == scores(0, 40, -60, 0)
    five = [
        {"contract": c, "result": r}
        for c, r in [
            ("barbu", {"king": "Ann"}),
            ("no-last-two", {"penultimate": "Ann", "last": "Ann"}),
            ("trumps", {"tricks": scores(13, 0, 0, 0)}),
            ("dominoes", {"order": PLAYERS}),
            ("no-queens", {"queens": scores(4, 0, 0, 0)}),  # 2 owed, 2 left: still possible
        ]
    ]
    score_game(game(five))
    score_game(game([], doubling="none", compulsory_doubles=0))


# --- the generator ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(300))
def test_generated_games_are_legal(seed: int) -> None:
    doc = random_game(Random(seed))
    assert json.loads(json.dumps(doc)) == doc
    result = score_game(doc)
    for hand in result["hands"]:
        assert sum(hand["score"].values()) == hand["contract_total"]
        for p in hand["payments"]:
            diff = abs(hand["raw"][p["from"]] - hand["raw"][p["to"]])
            assert p["amount"] == p["factor"] * diff and hand["raw"][p["from"]] <= hand["raw"][p["to"]]
    checks = result["checks"]
    assert checks["deals_balance"]
    if checks["complete"]:
        assert checks["game_total"] == checks["expected_game_total"]


@pytest.mark.parametrize("compulsory", [0, 3, 7])
def test_generator_meets_compulsory_doubles(compulsory: int) -> None:
    rules = {"compulsory_doubles": compulsory, "redouble_all": True, "ravage_city": True}
    for seed in range(10):
        assert score_game(random_game(Random(seed), rules=rules, hands=32))["checks"]["complete"]


def test_random_rules_are_legal() -> None:
    rng = Random(1)
    for _ in range(200):
        score_game(game([], **random_rules(rng)))


def test_mutations_only_raise_invalid() -> None:
    rng = Random(2024)
    outcomes = set()
    for _ in range(600):
        doc = mutate(rng, random_game(rng, hands=rng.randint(0, 10)))
        try:
            score_game(doc)
            outcomes.add("legal")
        except Invalid:
            outcomes.add("invalid")
    assert outcomes == {"legal", "invalid"}
