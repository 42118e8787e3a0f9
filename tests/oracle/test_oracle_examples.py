"""The example files of docs/examples, scored by hand in docs/examples/README.md.

Every figure of the README is asserted here, so the README, the files and the
reference scorer cannot drift apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .reference import score_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return doc


def pay(frm: str, to: str, amount: int, factor: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount, "factor": factor}


def block(
    declarer: str, deals: list[int], total: int, expected: int | None, complete: bool = False
) -> dict[str, Any]:
    return {
        "declarer": declarer,
        "deals": deals,
        "total": total,
        "expected": expected,
        "complete": complete,
        "balanced": True,
    }


def by_name(players: list[str], *values: int) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def check_hands(scored: dict[str, Any], expected: list[tuple[Any, ...]]) -> None:
    """Each row: (declarer, dealer, contract, raw, payments, score, contract total, running)."""
    players = scored["players"]
    assert len(scored["hands"]) == len(expected)
    for number, (hand, row) in enumerate(zip(scored["hands"], expected, strict=True), start=1):
        declarer, dealer, contract, raw, pays, score, total, running = row
        assert hand == {
            "number": number,
            "declarer": declarer,
            "dealer": dealer,
            "contract": contract,
            "raw": by_name(players, *raw),
            "payments": pays,
            "score": by_name(players, *score),
            "contract_total": total,
            "running": by_name(players, *running),
        }, f"deal {number}"


def test_worked_example_file() -> None:
    scored = score_game(load("worked-example"))
    assert scored["totals"] == by_name(scored["players"], -4, 16, -48, -18)


def test_barbu_3() -> None:
    scored = score_game(load("barbu-3"))
    check_hands(
        scored,
        [
            (
                "Ann",
                "Cy",
                "no-hearts",
                (-4, -18, -6),
                [pay("Bob", "Ann", 28, 2), pay("Cy", "Ann", 2, 1), pay("Bob", "Cy", 12, 1)],
                (26, -58, 4),
                -28,
                (26, -58, 4),
            ),
            (
                "Bob",
                "Ann",
                "trumps",
                (20, 45, 15),
                [pay("Ann", "Bob", 50, 2)],
                (-30, 95, 15),
                80,
                (-4, 37, 19),
            ),
            (
                "Cy",
                "Bob",
                "dominoes",
                (-5, 45, 15),
                [pay("Ann", "Cy", 20, 1), pay("Cy", "Bob", 60, 2)],
                (-25, 105, -25),
                55,
                (-29, 142, -6),
            ),
        ],
    )
    assert scored["totals"] == {"Ann": -29, "Bob": 142, "Cy": -6}
    assert scored["checks"] == {
        "deals_balance": True,
        "blocks": [
            {"rubber": 1, **block("Ann", [1, 2, 3], 107, 0)},
            {"rubber": 2, **block("Bob", [], 0, 0)},
            {"rubber": 3, **block("Cy", [], 0, 0)},
        ],
        "game_total": 107,
        "expected_game_total": 0,
        "complete": False,
        "zero_sum": None,
    }
    assert "lower_wins" not in scored


def test_barbette() -> None:
    scored = score_game(load("barbette"))
    check_hands(
        scored,
        [
            (
                "Ann",
                "Diana",
                "no-queens",
                (0, -10, -5, -5),
                [pay("Beth", "Ann", 20, 2), pay("Cat", "Diana", 0, 1)],
                (20, -30, -5, -5),
                -20,
                (20, -30, -5, -5),
            ),
            (
                "Ann",
                "Diana",
                "barbu",
                (0, 0, 0, -20),
                [pay("Ann", "Cat", 0, 1), pay("Diana", "Ann", 20, 1), pay("Diana", "Beth", 20, 1)],
                (20, 20, 0, -60),
                -20,
                (40, -10, -5, -65),
            ),
            ("Ann", "Diana", "no-last-two", (-15, -10, 0, 0), [], (-15, -10, 0, 0), -25, (25, -20, -5, -65)),
            (
                "Ann",
                "Diana",
                "dominoes",
                (25, -10, 40, 10),
                [pay("Beth", "Ann", 70, 2)],
                (95, -80, 40, 10),
                65,
                (120, -100, 35, -55),
            ),
            (
                "Beth",
                "Ann",
                "trumps",
                (15, 30, 5, 15),
                [pay("Ann", "Beth", 15, 1), pay("Cat", "Beth", 50, 2)],
                (0, 95, -45, 15),
                65,
                (120, -5, -10, -40),
            ),
        ],
    )
    assert scored["totals"] == {"Ann": 120, "Beth": -5, "Cat": -10, "Diana": -40}
    assert scored["checks"] == {
        "deals_balance": True,
        "blocks": [
            block("Ann", [1, 2, 3, 4], 0, 0, complete=True),
            block("Beth", [5], 65, 0),
            block("Cat", [], 0, 0),
            block("Diana", [], 0, 0),
        ],
        "game_total": 65,
        "expected_game_total": 0,
        "complete": False,
        "zero_sum": None,
    }


def test_barbu_5() -> None:
    scored = score_game(load("barbu-5"))
    check_hands(
        scored,
        [
            (
                "Ann",
                "Eve",
                "no-tricks",
                (-2, -4, -6, 0, -8),
                [pay("Beth", "Ann", 2, 1), pay("Eve", "Ann", 12, 2), pay("Eve", "Beth", 4, 1)],
                (12, -2, -6, 0, -24),
                -20,
                (12, -2, -6, 0, -24),
            ),
            (
                "Ann",
                "Eve",
                "dominoes",
                (10, 0, 25, 45, -6),
                [pay("Ann", "Cat", 15, 1), pay("Ann", "Diana", 70, 2)],
                (-75, 0, 40, 115, -6),
                74,
                (-63, -2, 34, 115, -30),
            ),
        ],
    )
    assert scored["totals"] == {"Ann": -63, "Beth": -2, "Cat": 34, "Diana": 115, "Eve": -30}
    assert scored["checks"] == {
        "deals_balance": True,
        "blocks": [
            block("Ann", [1, 2], 54, 0),
            *(block(p, [], 0, 0) for p in ("Beth", "Cat", "Diana", "Eve")),
        ],
        "game_total": 54,
        "expected_game_total": 0,
        "complete": False,
        "zero_sum": None,
    }


def french_rows(
    dealer: str, rows: list[tuple[str, tuple[int, ...], int, tuple[int, ...]]]
) -> list[tuple[Any, ...]]:
    """French deals: the dealer declares, no payments, deal score = raw."""
    return [
        (dealer, dealer, contract, raw, [], raw, total, running) for contract, raw, total, running in rows
    ]


def test_french_four_players() -> None:
    scored = score_game(load("french"))
    check_hands(
        scored,
        french_rows(
            "Ann",
            [
                ("salad", (45, 145, 10, 90), 290, (45, 145, 10, 90)),
                ("tricks", (-25, -10, -15, -15), -65, (20, 135, -5, 75)),
                ("dominoes", (-20, 40, -50, 20), -10, (0, 175, -55, 95)),
                ("no-first-last", (0, 0, 0, 80), 80, (0, 175, -55, 175)),
            ],
        ),
    )
    assert scored["totals"] == {"Ann": 0, "Beth": 175, "Cat": -55, "Diana": 175}
    assert scored["lower_wins"] is True
    assert scored["checks"] == {
        "deals_balance": True,
        "blocks": [
            block("Ann", [1, 2, 3, 4], 295, 585),
            *(block(p, [], 0, 585) for p in ("Beth", "Cat", "Diana")),
        ],
        "game_total": 295,
        "expected_game_total": 2340,
        "complete": False,
        "zero_sum": None,
    }


def test_french_three_players() -> None:
    scored = score_game(load("french-3"))
    check_hands(
        scored,
        french_rows(
            "Ann",
            [
                ("no-hearts", (20, 0, 45), 65, (20, 0, 45)),
                ("salad", (85, 125, 100), 310, (105, 125, 145)),
                ("dominoes", (0, -40, 40), 0, (105, 85, 185)),
            ],
        ),
    )
    assert scored["totals"] == {"Ann": 105, "Bob": 85, "Cy": 185}
    assert scored["lower_wins"] is True
    assert scored["checks"]["blocks"] == [
        block("Ann", [1, 2, 3], 375, 615),
        block("Bob", [], 0, 615),
        block("Cy", [], 0, 615),
    ]
    assert (scored["checks"]["game_total"], scored["checks"]["expected_game_total"]) == (375, 1845)


def test_french_five_players() -> None:
    scored = score_game(load("french-5"))
    check_hands(
        scored,
        french_rows(
            "Beth",
            [
                ("tricks", (-10, -15, -5, 0, -20), -50, (-10, -15, -5, 0, -20)),
                ("salad", (25, 25, 140, 55, 30), 275, (15, 10, 135, 55, 10)),
                ("dominoes", (-25, 25, 50, 0, -50), 0, (-10, 35, 185, 55, -40)),
            ],
        ),
    )
    assert scored["totals"] == {"Ann": -10, "Beth": 35, "Cat": 185, "Diana": 55, "Eve": -40}
    assert scored["lower_wins"] is True
    assert scored["checks"]["blocks"] == [
        block("Beth", [1, 2, 3], 225, 580),
        *(block(p, [], 0, 580) for p in ("Cat", "Diana", "Eve", "Ann")),
    ]
    assert (scored["checks"]["game_total"], scored["checks"]["expected_game_total"]) == (225, 2900)


def test_barbu_32_with_a_capot() -> None:
    scored = score_game(load("barbu-32"))
    raw = [list(h["raw"].values()) for h in scored["hands"]]
    assert raw == [[24, 0, 0, 0], [-2, -10, -8, 0], [25, -5, 5, 45]]
    assert scored["hands"][0]["payments"] == [pay("Beth", "Ann", 48, 2)]
    assert scored["totals"] == {"Ann": 115, "Beth": -63, "Cat": -23, "Diana": 45}
    # The capot turned −24 into +24: Ann's complete block would add up to 48, not 0.
    assert scored["checks"]["blocks"][0] == block("Ann", [1, 2, 3], 74, 48)
    assert scored["checks"]["expected_game_total"] == 48


def test_french_32_with_the_last_two_and_dominoes_ends() -> None:
    scored = score_game(load("french-32"))
    raw = [list(h["raw"].values()) for h in scored["hands"]]
    assert raw == [[0, -40, 0, 0], [0, 0, 80, 0], [-50, -20, 10, 40], [40, 40, 40, 120]]
    assert scored["totals"] == {"Ann": -10, "Beth": -20, "Cat": 130, "Diana": 160}
    # Per dealer 40 + 40 + 80 + 80 + 240 − 40 + 80 − 20 = 500; Beth's capot takes 80 off Ann's block.
    assert scored["checks"]["blocks"][0] == block("Ann", [1, 2, 3, 4], 260, 420)
    assert scored["checks"]["expected_game_total"] == 1920


def test_french_salad_halved_with_the_last_two() -> None:
    scored = score_game(load("french-salad"))
    raw = [list(h["raw"].values()) for h in scored["hands"]]
    assert raw == [[25, 60, 110, 55], [0, -40, -120, -80]]
    assert scored["totals"] == {"Ann": 25, "Beth": 20, "Cat": -10, "Diana": -25}
    # Per dealer 130 + 130 + 80 + 80 + 250 − 65 + 80 − 240 = 445.
    assert scored["checks"]["blocks"][0] == block("Ann", [1, 2], 10, 445)
    assert scored["checks"]["expected_game_total"] == 1780


@pytest.mark.parametrize(
    "name",
    [
        "barbu-3",
        "barbette",
        "barbu-5",
        "french",
        "french-3",
        "french-5",
        "barbu-32",
        "french-32",
        "french-salad",
    ],
)
def test_example_meets_the_brief(name: str) -> None:
    """At least two deals, doubles where the game has them, a positive contract, salad in french."""
    doc = load(name)
    contracts = [hand["contract"] for hand in doc["hands"]]
    assert len(contracts) >= 2
    assert {"trumps", "dominoes", "tricks"} & set(contracts)
    if doc["rules"].get("game", "barbu") == "french":
        assert "salad" in contracts
    else:
        assert any(hand.get("doubles") for hand in doc["hands"])
