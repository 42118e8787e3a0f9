"""Each file of docs/examples scored by the engine (`score_document`) gives the figures worked out by
hand in docs/examples/README.md (the worked example's in rules.md), copied here as literals."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.present.report import score_document
from scorekeeper.scoring import Game, load

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


@cache
def scored(name: str) -> dict[str, Any]:
    return score_document(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))


def in_seats(name: str, by_name: dict[str, int]) -> tuple[int, ...]:
    """Figures keyed by name, in seating order."""
    return tuple(by_name[p] for p in scored(name)["players"])


# (example, deal number, contract, raw, deal score, running totals), seats in the file's order.
DEALS = [
    ("worked-example", 1, "no-queens", (-6, 0, -6, -12), (-12, 24, -12, -24), (-12, 24, -12, -24)),
    ("worked-example", 2, "no-hearts", (0, -6, -20, -4), (8, -8, -36, 6), (-4, 16, -48, -18)),
    ("barbu-3", 1, "no-hearts", (-4, -18, -6), (26, -58, 4), (26, -58, 4)),
    ("barbu-3", 2, "trumps", (20, 45, 15), (-30, 95, 15), (-4, 37, 19)),
    ("barbu-3", 3, "dominoes", (-5, 45, 15), (-25, 105, -25), (-29, 142, -6)),
    ("barbette", 1, "no-queens", (0, -10, -5, -5), (20, -30, -5, -5), (20, -30, -5, -5)),
    ("barbette", 2, "barbu", (0, 0, 0, -20), (20, 20, 0, -60), (40, -10, -5, -65)),
    ("barbette", 3, "no-last-two", (-15, -10, 0, 0), (-15, -10, 0, 0), (25, -20, -5, -65)),
    ("barbette", 4, "dominoes", (25, -10, 40, 10), (95, -80, 40, 10), (120, -100, 35, -55)),
    ("barbette", 5, "trumps", (15, 30, 5, 15), (0, 95, -45, 15), (120, -5, -10, -40)),
    ("barbu-5", 1, "no-tricks", (-2, -4, -6, 0, -8), (12, -2, -6, 0, -24), (12, -2, -6, 0, -24)),
    ("barbu-5", 2, "dominoes", (10, 0, 25, 45, -6), (-75, 0, 40, 115, -6), (-63, -2, 34, 115, -30)),
    ("french", 1, "salad", (45, 145, 10, 90), (45, 145, 10, 90), (45, 145, 10, 90)),
    ("french", 2, "tricks", (-25, -10, -15, -15), (-25, -10, -15, -15), (20, 135, -5, 75)),
    ("french", 3, "dominoes", (-20, 40, -50, 20), (-20, 40, -50, 20), (0, 175, -55, 95)),
    ("french", 4, "no-first-last", (0, 0, 0, 80), (0, 0, 0, 80), (0, 175, -55, 175)),
    ("french-3", 1, "no-hearts", (20, 0, 45), (20, 0, 45), (20, 0, 45)),
    ("french-3", 2, "salad", (85, 125, 100), (85, 125, 100), (105, 125, 145)),
    ("french-3", 3, "dominoes", (0, -40, 40), (0, -40, 40), (105, 85, 185)),
    ("french-5", 1, "tricks", (-10, -15, -5, 0, -20), (-10, -15, -5, 0, -20), (-10, -15, -5, 0, -20)),
    ("french-5", 2, "salad", (25, 25, 140, 55, 30), (25, 25, 140, 55, 30), (15, 10, 135, 55, 10)),
    ("french-5", 3, "dominoes", (-25, 25, 50, 0, -50), (-25, 25, 50, 0, -50), (-10, 35, 185, 55, -40)),
    ("barbu-32", 1, "no-queens", (24, 0, 0, 0), (72, -48, 0, 0), (72, -48, 0, 0)),  # a capot
    ("barbu-32", 2, "no-hearts", (-2, -10, -8, 0), (-2, -10, -8, 0), (70, -58, -8, 0)),
    ("barbu-32", 3, "dominoes", (25, -5, 5, 45), (45, -5, -15, 45), (115, -63, -23, 45)),
    ("french-32", 1, "no-hearts", (0, -40, 0, 0), (0, -40, 0, 0), (0, -40, 0, 0)),  # a capot
    ("french-32", 2, "no-last-two", (0, 0, 80, 0), (0, 0, 80, 0), (0, -40, 80, 0)),
    ("french-32", 3, "dominoes", (-50, -20, 10, 40), (-50, -20, 10, 40), (-50, -60, 90, 40)),
    ("french-32", 4, "salad", (40, 40, 40, 120), (40, 40, 40, 120), (-10, -20, 130, 160)),
    ("french-salad", 1, "salad", (25, 60, 110, 55), (25, 60, 110, 55), (25, 60, 110, 55)),
    ("french-salad", 2, "dominoes", (0, -40, -120, -80), (0, -40, -120, -80), (25, 20, -10, -25)),
]


@pytest.mark.parametrize(
    ("name", "number", "contract", "raw", "score", "running"),
    DEALS,
    ids=[f"{d[0]}-deal-{d[1]}-{d[2]}" for d in DEALS],
)
def test_deal_scores(name, number, contract, raw, score, running):
    hand = scored(name)["hands"][number - 1]
    assert (hand["number"], hand["contract"]) == (number, contract)
    assert in_seats(name, hand["raw"]) == raw
    assert in_seats(name, hand["score"]) == score
    assert in_seats(name, hand["running"]) == running
    assert sum(score) == hand["contract_total"]


# (example, players, final totals, game total, what a complete game adds up to, lower wins)
GAMES = [
    ("worked-example", ("Ann", "Beth", "Cat", "Diana"), (-4, 16, -48, -18), -54, 0, False),
    ("barbu-3", ("Ann", "Bob", "Cy"), (-29, 142, -6), 107, 0, False),
    ("barbette", ("Ann", "Beth", "Cat", "Diana"), (120, -5, -10, -40), 65, 0, False),
    ("barbu-5", ("Ann", "Beth", "Cat", "Diana", "Eve"), (-63, -2, 34, 115, -30), 54, 0, False),
    ("french", ("Ann", "Beth", "Cat", "Diana"), (0, 175, -55, 175), 295, 2340, True),
    ("french-3", ("Ann", "Bob", "Cy"), (105, 85, 185), 375, 1845, True),
    ("french-5", ("Ann", "Beth", "Cat", "Diana", "Eve"), (-10, 35, 185, 55, -40), 225, 2900, True),
    ("barbu-32", ("Ann", "Beth", "Cat", "Diana"), (115, -63, -23, 45), 74, 48, False),
    ("french-32", ("Ann", "Beth", "Cat", "Diana"), (-10, -20, 130, 160), 260, 1920, True),
    ("french-salad", ("Ann", "Beth", "Cat", "Diana"), (25, 20, -10, -25), 10, 1780, True),
]


@pytest.mark.parametrize(
    ("name", "players", "totals", "game_total", "expected", "lower_wins"), GAMES, ids=[g[0] for g in GAMES]
)
def test_final_totals(name, players, totals, game_total, expected, lower_wins):
    doc = scored(name)
    assert tuple(doc["players"]) == players
    assert in_seats(name, doc["totals"]) == totals
    checks = doc["checks"]
    assert (checks["game_total"], checks["expected_game_total"]) == (game_total, expected)
    assert checks["deals_balance"] and not checks["complete"] and checks["zero_sum"] is None
    assert doc.get("lower_wins", False) is lower_wins


def test_every_example_is_checked():
    assert {p.stem for p in EXAMPLES.glob("*.json")} == {g[0] for g in GAMES}


# Barbette, deal 4: Ann's block is complete and adds up to 0 (−20 − 20 − 25 + 65).
def test_barbette_first_block_adds_up_to_zero():
    first = scored("barbette")["checks"]["blocks"][0]
    assert (first["declarer"], first["deals"], first["total"], first["complete"]) == (
        "Ann",
        [1, 2, 3, 4],
        0,
        True,
    )
    assert first["balanced"]


def game_of(name: str) -> Game:
    return load(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))


def test_barbu_3_compulsory_doubles_after_three_deals():
    # Ann (declaring deal 4) has made her two; Bob his two; Cy owes one, with deals 4, 5 and 7 to come.
    turn = game_of("barbu-3").next_turn()
    assert (turn.number, turn.roles.declarer) == (4, 0)
    assert (turn.owed, turn.chances) == ({0: 0, 1: 0, 2: 1}, {0: 2, 1: 3, 2: 3})


def test_barbette_everyone_doubled_ann_once_in_her_block():
    assert game_of("barbette").turn(3).owed == {1: 0, 2: 0, 3: 0}
