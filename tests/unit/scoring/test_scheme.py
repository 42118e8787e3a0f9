"""Points: contract totals, block totals, zero-sum and expected game totals of every game, and the
bounds on players' own points. Every figure is worked out by hand from rules.md."""

from __future__ import annotations

import re

import pytest

from scorekeeper.scoring import GameError, score
from tests.unit.family import contract, play, rules, table

RAVAGE = {"ravage_city": True}
FIXED = {"sequence": "fixed"}

# (label, game, players, points, settings, {contract: total})
TOTALS = [
    (
        "barbu-standard",
        "barbu",
        None,
        None,
        RAVAGE,
        {
            **{"no-tricks": -26, "no-queens": -24, "no-last-two": -30, "no-hearts": -30, "barbu": -20},
            **{"trumps": 65, "dominoes": 65, "ravage-city": -36},
        },
    ),
    ("barbu-15", "barbu", None, "barbu-15", {}, {"barbu": -15, "dominoes": 60, "no-hearts": -30}),
    ("dominoes-30", "barbu", None, "dominoes-30", {}, {"barbu": -15, "dominoes": 60, "trumps": 65}),
    (
        "brader",
        "barbu",
        None,
        "brader",
        RAVAGE,
        {
            **{"no-tricks": -65, "no-queens": -60, "no-last-two": -30, "no-hearts": -60, "barbu": -25},
            **{"trumps": 65, "dominoes": 40, "ravage-city": -36},
        },
    ),
    (
        "barbu-3",
        "barbu-3",
        None,
        None,
        {},
        {
            **{"no-tricks": -32, "no-queens": -24, "no-last-three": -30, "no-hearts": -28, "barbu": -21},
            **{"trumps": 80, "dominoes": 55},
        },
    ),
    (
        "barbette",
        "barbette",
        None,
        None,
        {},
        {"no-queens": -20, "no-last-two": -25, "barbu": -20, "trumps": 65, "dominoes": 65},
    ),
    (
        "barbu-5",
        "barbu-5",
        None,
        None,
        {},
        {
            **{"no-tricks": -20, "no-queens": -24, "no-last-two": -30, "no-hearts": -30, "barbu": -20},
            **{"trumps": 50, "dominoes": 74},
        },
    ),
    (
        "french-3",
        "french",
        3,
        None,
        {},
        {
            **{"no-tricks": 85, "no-hearts": 65, "no-queens": 80, "barbu": 80, "salad": 310},
            **{"tricks": -85, "no-first-last": 80, "dominoes": 0},
        },
    ),
    (
        "french-4",
        "french",
        4,
        None,
        {},
        {
            **{"no-tricks": 65, "no-hearts": 65, "no-queens": 80, "barbu": 80, "salad": 290},
            **{"tricks": -65, "no-first-last": 80, "dominoes": -10},
        },
    ),
    (
        "french-5",
        "french",
        5,
        None,
        {},
        {
            **{"no-tricks": 50, "no-hearts": 65, "no-queens": 80, "barbu": 80, "salad": 275},
            **{"tricks": -50, "no-first-last": 80, "dominoes": 0},
        },
    ),
]


@pytest.mark.parametrize(
    ("game", "players", "points", "settings", "id", "total"),
    [
        pytest.param(game, players, points, settings, id, total, id=f"{label}-{id}")
        for label, game, players, points, settings, totals in TOTALS
        for id, total in totals.items()
    ],
)
def test_contract_totals(game, players, points, settings, id, total):
    played = rules(game, players, points, **settings)
    assert played.contract_total(contract(played, id)) == total


def case(name, game, block, expected, zero_sum, deals, *, players=None, points=None, **settings):
    return pytest.param(rules(game, players, points, **settings), block, expected, zero_sum, deals, id=name)


# What one declarer's (or rubber's, or dealer's) deals add up to, what a complete game adds up
# to, whether that is 0 whatever the declarers choose, and how many deals a complete game has.
GAMES = [
    case("barbu-standard-zero-sum", "barbu", 0, 0, True, 28),
    case("barbu-15-zero-sum", "barbu", 0, 0, True, 28, points="barbu-15"),
    case("dominoes-30-zero-sum", "barbu", 0, 0, True, 28, points="dominoes-30"),
    case("barbu-every-deal-zero-sum", "barbu", 0, 0, True, 28, rotation="every-deal"),
    case("barbu-ravage-added-minus-36-a-block", "barbu", -36, -144, False, 32, **RAVAGE),
    case("brader-minus-135-a-block", "barbu", -135, -540, False, 28, points="brader"),
    case("brader-with-ravage-minus-684", "barbu", -171, -684, False, 32, points="brader", **RAVAGE),
    case("barbu-heavier-barbu-not-zero-sum", "barbu", -5, -20, False, 28, points={"barbu": -25}),
    case("barbu-3-three-rubbers-zero-sum", "barbu-3", 0, 0, True, 21),
    case("barbu-3-one-rubber-zero-sum", "barbu-3", 0, 0, True, 7, rubbers=1),
    case("barbette-zero-sum-either-choice", "barbette", 0, 0, True, 16),
    case("barbu-5-zero-sum", "barbu-5", 0, 0, True, 35),
    case("french-3-choice-1845", "french", 615, 1845, False, 24, players=3),
    case("french-4-choice-2340", "french", 585, 2340, False, 32, players=4),
    case("french-5-choice-2900", "french", 580, 2900, False, 40, players=5),
    case("french-3-fixed-1860", "french", 620, 1860, False, 15, players=3, **FIXED),
    case("french-4-fixed-2320", "french", 580, 2320, False, 20, players=4, **FIXED),
    case("french-5-fixed-2750", "french", 550, 2750, False, 25, players=5, **FIXED),
]


@pytest.mark.parametrize(("rules", "block", "expected", "zero_sum", "deals"), GAMES)
def test_block_and_game_totals(rules, block, expected, zero_sum, deals):
    assert rules.block_total() == block
    assert rules.expected_game_total == expected
    assert rules.zero_sum is zero_sum
    assert rules.total_deals == deals


# Barbette with Dominoes worth 60 instead of Trumps' 65: the block total waits for the choice.
UNEVEN = rules("barbette", points={"dominoes": (40, 20, 10, -10)})


@pytest.mark.parametrize(
    ("played", "block"),
    [
        pytest.param((), None, id="open-choice-unknown"),
        pytest.param(("no-queens", "barbu"), None, id="negatives-only-still-unknown"),
        pytest.param(("trumps",), 0, id="trumps-chosen-zero"),
        pytest.param(("barbu", "dominoes"), -5, id="dominoes-chosen-minus-5"),
    ],
)
def test_barbette_block_total_waits_for_the_choice(played, block):
    assert UNEVEN.block_total(tuple(contract(UNEVEN, id) for id in played)) == block


def test_barbette_uneven_choice_is_neither_zero_sum_nor_known():
    assert UNEVEN.expected_game_total is None
    assert UNEVEN.zero_sum is False


def points_case(name, game, changes, message=None, *, players=None, **settings):
    return pytest.param(game, players, changes, settings, message, id=name)


POINTS = [
    points_case("barbu-value-1000-allowed", "barbu", {"barbu": -1000}),
    points_case("barbu-value-minus-1001-refused", "barbu", {"barbu": -1001}, "rules.scheme.barbu: a value"),
    points_case("barbu-value-1001-refused", "barbu", {"trumps": 1001}, "between −1000 and 1000"),
    points_case("barbu-3-value-bounded", "barbu-3", {"no-last-three": (-5, -10, -1001)}, "between −1000"),
    points_case("barbette-value-bounded", "barbette", {"dominoes": (1001, 0, 0, 0)}, "between −1000"),
    points_case("barbu-5-value-bounded", "barbu-5", {"no-hearts": (-2, 1001)}, "between −1000"),
    points_case("french-value-1000-allowed", "french", {"barbu": 1000}, players=4),
    points_case("french-value-bounded", "french", {"dominoes": (-1001, 0, 1001)}, "between −1000", players=3),
    points_case("ravage-multiple-of-12", "barbu", {"ravage-city": -24}, **RAVAGE),
    points_case(
        "ravage-not-multiple-of-12",
        "barbu",
        {"ravage-city": -30},
        "Ravage City must be a multiple of 12 so that ties share it evenly, not -30",
        **RAVAGE,
    ),
    points_case("ravage-positive-multiple-of-12", "barbu", {"ravage-city": 12}, **RAVAGE),
    points_case("dominoes-one-value-a-place", "barbu-5", {"dominoes": (45, 25, 10, -80)}, "give 5 numbers"),
    points_case(
        "french-dominoes-one-value-a-player",
        "french",
        {"dominoes": (-50, 0, 50)},
        "rules.scheme.dominoes: give 4 numbers",
        players=4,
    ),
    points_case("not-a-contract-of-the-game", "barbette", {"no-tricks": -2}, "'no-tricks' is not a contract"),
]


@pytest.mark.parametrize(("game", "players", "changes", "settings", "message"), POINTS)
def test_players_own_points(game, players, changes, settings, message):
    if message is None:
        assert rules(game, players, changes, **settings).scheme.name is None
        return
    with pytest.raises(GameError, match=re.escape(message)):
        rules(game, players, changes, **settings)


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        pytest.param("barbu", 3, "Barbu needs 4 players, not 3", id="barbu-four"),
        pytest.param("barbu-3", 4, "Three-player Barbu needs 3 players, not 4", id="barbu-3-three"),
        pytest.param("barbette", 5, "Barbette needs 4 players, not 5", id="barbette-four"),
        pytest.param("barbu-5", 4, "Five-player Barbu needs 5 players, not 4", id="barbu-5-five"),
        pytest.param("french", 6, "French Barbu needs 3 to 5 players, not 6", id="french-three-to-five"),
        pytest.param("french", 2, "needs 3 to 5 players, not 2", id="french-not-two"),
        pytest.param(
            "barbu",
            0,
            "Barbu needs 4 players, not 0",
            id="zero-players-refused",
        ),
    ],
)
def test_players_at_the_table(game, players, message):
    with pytest.raises(GameError, match=re.escape(message)):
        rules(game, players)


@pytest.mark.parametrize(
    ("positive", "total"),
    [
        pytest.param(("trumps",) * 4, 0, id="all-trumps-add-up-to-0"),
        pytest.param(("dominoes", "trumps", "trumps", "trumps"), -5, id="one-dominoes-adds-up-to-minus-5"),
    ],
)
def test_barbette_uneven_choice_game_total_follows_the_choices(positive, total):
    game = table(UNEVEN)
    for choice in positive:
        game = play(game, "no-queens", "no-last-two", "barbu", choice)
    sheet = score(game)
    assert sheet.complete and sheet.game_total == sheet.expected_game_total == total
    assert sheet.zero_sum is (total == 0)
    assert not UNEVEN.zero_sum
