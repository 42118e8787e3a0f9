"""Raw scores of every contract of every game, worked out by hand, and the checks of a result.

Seats are in clockwise order: Ann first. Each row gives a result and the raw
scores the rules give it, under the game's standard points unless a scheme
or changed points are named.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.scoring import GameError, Result
from scorekeeper.scoring.parts import check_result
from tests.unit.family import contract, deal, rules, table


def settings(game):
    """Barbu is played with Ravage City here, so that all eight of its contracts are priced."""
    return {"ravage_city": True} if game == "barbu" else {}


def raw(name, game, id, expected, *, players=None, points=None, **result):
    played = rules(game, players, points, **settings(game))
    return pytest.param(played, id, Result.of(**result), expected, id=name)


RAW = [
    # Barbu, standard points.
    raw("barbu-no-tricks-2-a-trick", "barbu", "no-tricks", (-8, -6, -12, 0), tricks=(4, 3, 6, 0)),
    raw("barbu-no-queens-6-a-queen", "barbu", "no-queens", (0, -24, 0, 0), queens=(0, 4, 0, 0)),
    raw("barbu-no-last-two-10-and-20", "barbu", "no-last-two", (0, -20, -10, 0), penultimate=2, last=1),
    raw("barbu-no-last-two-same-taker-30", "barbu", "no-last-two", (0, 0, 0, -30), penultimate=3, last=3),
    raw(
        "barbu-no-hearts-ace-6-instead-of-2",
        "barbu",
        "no-hearts",
        (0, -6, -20, -4),
        hearts=(0, 3, 8, 2),
        ace=2,
    ),
    raw("barbu-no-hearts-all-13-is-30", "barbu", "no-hearts", (-30, 0, 0, 0), hearts=(13, 0, 0, 0), ace=0),
    raw("barbu-barbu-king-20", "barbu", "barbu", (0, -20, 0, 0), king=1),
    raw("barbu-trumps-5-a-trick", "barbu", "trumps", (65, 0, 0, 0), tricks=(13, 0, 0, 0)),
    raw("barbu-dominoes-45-20-5-minus-5", "barbu", "dominoes", (20, -5, 45, 5), order=(2, 0, 3, 1)),
    raw("barbu-ravage-one-takes-36", "barbu", "ravage-city", (0, -36, 0, 0), most=(1,)),
    raw("barbu-ravage-two-tied-share-18", "barbu", "ravage-city", (-18, 0, 0, -18), most=(0, 3)),
    raw("barbu-ravage-three-tied-share-12", "barbu", "ravage-city", (-12, -12, -12, 0), most=(0, 1, 2)),
    raw("barbu-ravage-four-tied-share-9", "barbu", "ravage-city", (-9, -9, -9, -9), most=(0, 1, 2, 3)),
    raw(
        "barbu-light-ravage-24-two-tied-12",
        "barbu",
        "ravage-city",
        (0, -12, -12, 0),
        points={"ravage-city": -24},
        most=(1, 2),
    ),
    raw(
        "barbu-light-ravage-24-four-tied-6",
        "barbu",
        "ravage-city",
        (-6, -6, -6, -6),
        points={"ravage-city": -24},
        most=(0, 1, 2, 3),
    ),
    # Barbu's named schemes.
    raw("barbu-15-king-15", "barbu", "barbu", (-15, 0, 0, 0), points="barbu-15", king=0),
    raw(
        "barbu-15-dominoes-40-20-10-minus-10",
        "barbu",
        "dominoes",
        (40, 20, 10, -10),
        points="barbu-15",
        order=(0, 1, 2, 3),
    ),
    raw("dominoes-30-king-15", "barbu", "barbu", (0, 0, 0, -15), points="dominoes-30", king=3),
    raw(
        "dominoes-30-dominoes-30-20-10-0",
        "barbu",
        "dominoes",
        (0, 10, 20, 30),
        points="dominoes-30",
        order=(3, 2, 1, 0),
    ),
    raw(
        "brader-no-tricks-5", "barbu", "no-tricks", (-5, -10, -15, -35), points="brader", tricks=(1, 2, 3, 7)
    ),
    raw(
        "brader-no-queens-15", "barbu", "no-queens", (-15, -15, -30, 0), points="brader", queens=(1, 1, 2, 0)
    ),
    raw(
        "brader-no-hearts-4-ace-12",
        "barbu",
        "no-hearts",
        (-12, -16, -16, -16),
        points="brader",
        hearts=(1, 4, 4, 4),
        ace=0,
    ),
    raw("brader-barbu-25", "barbu", "barbu", (0, 0, -25, 0), points="brader", king=2),
    raw(
        "brader-dominoes-40-20-0-minus-20",
        "barbu",
        "dominoes",
        (40, 20, 0, -20),
        points="brader",
        order=(0, 1, 2, 3),
    ),
    raw("brader-trumps-5", "barbu", "trumps", (15, 20, 10, 20), points="brader", tricks=(3, 4, 2, 4)),
    raw("brader-ravage-36", "barbu", "ravage-city", (-18, -18, 0, 0), points="brader", most=(0, 1)),
    # Three-player Barbu: 16 tricks, 12 hearts.
    raw("barbu-3-no-tricks-2-a-trick", "barbu-3", "no-tricks", (-12, -10, -10), tricks=(6, 5, 5)),
    raw("barbu-3-no-queens-6-a-queen", "barbu-3", "no-queens", (-12, -6, -6), queens=(2, 1, 1)),
    raw(
        "barbu-3-no-last-three-5-10-15",
        "barbu-3",
        "no-last-three",
        (-5, -10, -15),
        antepenultimate=0,
        penultimate=1,
        last=2,
    ),
    raw(
        "barbu-3-no-last-three-same-taker-30",
        "barbu-3",
        "no-last-three",
        (0, -30, 0),
        antepenultimate=1,
        penultimate=1,
        last=1,
    ),
    raw("barbu-3-no-hearts-ace-6", "barbu-3", "no-hearts", (-4, -18, -6), hearts=(2, 7, 3), ace=1),
    raw("barbu-3-no-hearts-all-12-is-28", "barbu-3", "no-hearts", (-28, 0, 0), hearts=(12, 0, 0), ace=0),
    raw("barbu-3-barbu-king-21", "barbu-3", "barbu", (0, 0, -21), king=2),
    raw("barbu-3-trumps-5-a-trick", "barbu-3", "trumps", (20, 45, 15), tricks=(4, 9, 3)),
    raw("barbu-3-dominoes-45-15-minus-5", "barbu-3", "dominoes", (-5, 45, 15), order=(1, 2, 0)),
    # Barbette.
    raw("barbette-no-queens-5-a-queen", "barbette", "no-queens", (0, -10, -5, -5), queens=(0, 2, 1, 1)),
    raw("barbette-no-last-two-10-and-15", "barbette", "no-last-two", (-15, -10, 0, 0), penultimate=1, last=0),
    raw(
        "barbette-no-last-two-same-taker-25", "barbette", "no-last-two", (0, 0, -25, 0), penultimate=2, last=2
    ),
    raw("barbette-barbu-king-20", "barbette", "barbu", (0, 0, 0, -20), king=3),
    raw("barbette-trumps-5-a-trick", "barbette", "trumps", (15, 30, 5, 15), tricks=(3, 6, 1, 3)),
    raw("barbette-dominoes-40-25-10-minus-10", "barbette", "dominoes", (25, -10, 40, 10), order=(2, 0, 3, 1)),
    # Five-player Barbu: 10 tricks.
    raw("barbu-5-no-tricks-2-a-trick", "barbu-5", "no-tricks", (-2, -4, -6, 0, -8), tricks=(1, 2, 3, 0, 4)),
    raw("barbu-5-no-queens-6-a-queen", "barbu-5", "no-queens", (0, -6, -6, -12, 0), queens=(0, 1, 1, 2, 0)),
    raw(
        "barbu-5-no-last-two-10-and-20", "barbu-5", "no-last-two", (-20, 0, 0, 0, -10), penultimate=4, last=0
    ),
    raw(
        "barbu-5-no-hearts-ace-alone-6",
        "barbu-5",
        "no-hearts",
        (-6, 0, -10, -6, -8),
        hearts=(3, 0, 5, 1, 4),
        ace=3,
    ),
    raw("barbu-5-barbu-king-20", "barbu-5", "barbu", (0, 0, 0, 0, -20), king=4),
    raw("barbu-5-trumps-5-a-trick", "barbu-5", "trumps", (10, 15, 5, 0, 20), tricks=(2, 3, 1, 0, 4)),
    raw(
        "barbu-5-dominoes-five-places-45-25-10-0-minus-6",
        "barbu-5",
        "dominoes",
        (10, 0, 25, 45, -6),
        order=(3, 2, 0, 1, 4),
    ),
    # French Barbu, four players: penalty points.
    raw(
        "french-4-no-tricks-5-a-trick",
        "french",
        "no-tricks",
        (15, 20, 10, 20),
        players=4,
        tricks=(3, 4, 2, 4),
    ),
    raw(
        "french-4-no-hearts-5-a-heart", "french", "no-hearts", (10, 25, 0, 30), players=4, hearts=(2, 5, 0, 6)
    ),
    raw(
        "french-4-no-hearts-no-ace-all-13-is-65",
        "french",
        "no-hearts",
        (65, 0, 0, 0),
        players=4,
        hearts=(13, 0, 0, 0),
    ),
    raw(
        "french-4-no-queens-20-a-queen",
        "french",
        "no-queens",
        (20, 20, 0, 40),
        players=4,
        queens=(1, 1, 0, 2),
    ),
    raw("french-4-barbu-king-80", "french", "barbu", (0, 80, 0, 0), players=4, king=1),
    raw(
        "french-4-salad-all-four-at-once",
        "french",
        "salad",
        (45, 145, 10, 90),
        players=4,
        tricks=(3, 4, 2, 4),
        hearts=(2, 5, 0, 6),
        queens=(1, 1, 0, 2),
        king=1,
    ),
    raw(
        "french-4-tricks-minus-5-a-trick",
        "french",
        "tricks",
        (-25, -10, -15, -15),
        players=4,
        tricks=(5, 2, 3, 3),
    ),
    raw(
        "french-4-no-first-last-40-and-40",
        "french",
        "no-first-last",
        (40, 40, 0, 0),
        players=4,
        first=0,
        last=1,
    ),
    raw(
        "french-4-no-first-last-same-taker-80",
        "french",
        "no-first-last",
        (0, 0, 0, 80),
        players=4,
        first=3,
        last=3,
    ),
    raw(
        "french-4-dominoes-minus-50-minus-20-20-40",
        "french",
        "dominoes",
        (-20, 40, -50, 20),
        players=4,
        order=(2, 0, 3, 1),
    ),
    # French Barbu, three players: 17 tricks.
    raw("french-3-no-tricks-17-tricks", "french", "no-tricks", (30, 25, 30), players=3, tricks=(6, 5, 6)),
    raw("french-3-no-hearts-5-a-heart", "french", "no-hearts", (20, 0, 45), players=3, hearts=(4, 0, 9)),
    raw(
        "french-3-salad",
        "french",
        "salad",
        (85, 125, 100),
        players=3,
        tricks=(6, 5, 6),
        hearts=(3, 4, 6),
        queens=(2, 0, 2),
        king=1,
    ),
    raw("french-3-tricks-all-17", "french", "tricks", (-85, 0, 0), players=3, tricks=(17, 0, 0)),
    raw("french-3-dominoes-minus-40-0-40", "french", "dominoes", (0, -40, 40), players=3, order=(1, 0, 2)),
    # French Barbu, five players: 10 tricks.
    raw(
        "french-5-tricks-minus-5-a-trick",
        "french",
        "tricks",
        (-10, -15, -5, 0, -20),
        players=5,
        tricks=(2, 3, 1, 0, 4),
    ),
    raw(
        "french-5-salad",
        "french",
        "salad",
        (25, 25, 140, 55, 30),
        players=5,
        tricks=(2, 1, 3, 2, 2),
        hearts=(3, 0, 5, 1, 4),
        queens=(0, 1, 1, 2, 0),
        king=2,
    ),
    raw(
        "french-5-no-first-last-same-taker-80",
        "french",
        "no-first-last",
        (0, 0, 0, 0, 80),
        players=5,
        first=4,
        last=4,
    ),
    raw(
        "french-5-dominoes-minus-50-minus-25-0-25-50",
        "french",
        "dominoes",
        (-25, 25, 50, 0, -50),
        players=5,
        order=(4, 0, 3, 1, 2),
    ),
]


@pytest.mark.parametrize(("rules", "id", "result", "expected"), RAW)
def test_raw_scores(rules, id, result, expected):
    played = contract(rules, id)
    assert check_result(played.parts, result, rules.deck, rules.players) == []
    assert rules.raw(played, result) == expected


def bad(name, game, id, message, *, players=None, **result):
    return pytest.param(rules(game, players, **settings(game)), id, Result.of(**result), message, id=name)


BAD = [
    # Counts: one per player, each within the deck, adding up to the deck's number.
    bad(
        "barbu-tricks-add-up-to-13", "barbu", "no-tricks", "tricks add up to 12, not 13", tricks=(4, 3, 3, 2)
    ),
    bad("barbu-queens-add-up-to-4", "barbu", "no-queens", "queens add up to 5, not 4", queens=(2, 2, 1, 0)),
    bad(
        "barbu-hearts-add-up-to-13",
        "barbu",
        "no-hearts",
        "hearts add up to 12, not 13",
        hearts=(4, 3, 3, 2),
        ace=0,
    ),
    bad(
        "barbu-count-not-negative",
        "barbu",
        "trumps",
        "tricks: a count must be between 0 and 13",
        tricks=(14, 0, 0, -1),
    ),
    bad(
        "barbu-count-for-each-player",
        "barbu",
        "no-tricks",
        "tricks: need a count for each of the 4 players",
        tricks=(13, 0, 0),
    ),
    bad(
        "barbu-3-tricks-add-up-to-16", "barbu-3", "no-tricks", "tricks add up to 15, not 16", tricks=(5, 5, 5)
    ),
    bad("barbu-3-tricks-at-most-16", "barbu-3", "trumps", "between 0 and 16", tricks=(17, 0, -1)),
    bad(
        "barbu-3-hearts-add-up-to-12",
        "barbu-3",
        "no-hearts",
        "hearts add up to 13, not 12",
        hearts=(5, 4, 4),
        ace=0,
    ),
    bad(
        "barbette-queens-add-up-to-4",
        "barbette",
        "no-queens",
        "queens add up to 3, not 4",
        queens=(1, 1, 1, 0),
    ),
    bad(
        "barbu-5-tricks-add-up-to-10",
        "barbu-5",
        "trumps",
        "tricks add up to 13, not 10",
        tricks=(3, 3, 3, 2, 2),
    ),
    bad(
        "barbu-5-hearts-add-up-to-13",
        "barbu-5",
        "no-hearts",
        "hearts add up to 10, not 13",
        hearts=(2, 2, 2, 2, 2),
        ace=0,
    ),
    bad(
        "french-3-tricks-add-up-to-17",
        "french",
        "tricks",
        "tricks add up to 16, not 17",
        players=3,
        tricks=(6, 5, 5),
    ),
    bad(
        "french-5-tricks-add-up-to-10",
        "french",
        "no-tricks",
        "tricks add up to 13, not 10",
        players=5,
        tricks=(3, 3, 3, 2, 2),
    ),
    bad(
        "french-salad-queens-add-up-to-4",
        "french",
        "salad",
        "queens add up to 3, not 4",
        players=4,
        tricks=(4, 3, 3, 3),
        hearts=(4, 3, 3, 3),
        queens=(1, 1, 1, 0),
        king=0,
    ),
    # A taker sits at the table and holds what the card needs.
    bad("barbu-king-seat-at-table", "barbu", "barbu", "king: seat 4 is not at the table", king=4),
    bad(
        "barbu-last-seat-at-table",
        "barbu",
        "no-last-two",
        "last: seat 7 is not at the table",
        penultimate=0,
        last=7,
    ),
    bad(
        "barbu-3-last-three-seat-at-table",
        "barbu-3",
        "no-last-three",
        "antepenultimate: seat 3 is not at the table",
        antepenultimate=3,
        penultimate=0,
        last=0,
    ),
    bad(
        "barbu-ace-taker-holds-a-heart",
        "barbu",
        "no-hearts",
        "ace: whoever took the ace of hearts took at least one heart",
        hearts=(0, 5, 4, 4),
        ace=0,
    ),
    bad(
        "barbu-5-ace-taker-holds-a-heart",
        "barbu-5",
        "no-hearts",
        "whoever took the ace of hearts took at least one heart",
        hearts=(3, 0, 5, 1, 4),
        ace=1,
    ),
    bad(
        "french-salad-king-taker-holds-a-heart",
        "french",
        "salad",
        "king: whoever took the king of hearts took at least one heart",
        players=3,
        tricks=(6, 5, 6),
        hearts=(3, 0, 10),
        queens=(2, 0, 2),
        king=1,
    ),
    bad(
        "french-no-first-last-seat-at-table",
        "french",
        "no-first-last",
        "first: seat 5 is not at the table",
        players=5,
        first=5,
        last=0,
    ),
    # An order names every player once.
    bad(
        "barbu-order-every-player-once",
        "barbu",
        "dominoes",
        "list every player exactly once",
        order=(0, 1, 1, 2),
    ),
    bad("barbu-order-not-short", "barbu", "dominoes", "list every player exactly once", order=(0, 1, 2)),
    bad(
        "barbu-5-order-all-five", "barbu-5", "dominoes", "list every player exactly once", order=(0, 1, 2, 3)
    ),
    bad("barbu-3-order-at-table", "barbu-3", "dominoes", "list every player exactly once", order=(0, 1, 3)),
    # A group names at least one player, each once, at the table.
    bad("barbu-ravage-group-not-empty", "barbu", "ravage-city", "most: name at least one player", most=()),
    bad("barbu-ravage-group-no-repeat", "barbu", "ravage-city", "most: a player is named twice", most=(1, 1)),
    bad(
        "barbu-ravage-group-at-table", "barbu", "ravage-city", "most: seat 4 is not at the table", most=(0, 4)
    ),
    # The result records the contract's parts.
    bad(
        "barbu-result-of-the-contract",
        "barbu",
        "no-queens",
        "result: the result must record queens",
        tricks=(4, 3, 3, 3),
    ),
    bad(
        "french-no-hearts-has-no-ace",
        "french",
        "no-hearts",
        "result: the result must record hearts",
        players=4,
        hearts=(1, 4, 4, 4),
        ace=0,
    ),
    bad(
        "barbu-no-hearts-needs-the-ace",
        "barbu",
        "no-hearts",
        "result: the result must record hearts, ace",
        hearts=(1, 4, 4, 4),
    ),
]


@pytest.mark.parametrize(("rules", "id", "result", "message"), BAD)
def test_impossible_results_are_refused(rules, id, result, message):
    with pytest.raises(GameError, match=re.escape(message)) as caught:
        table(rules).add(deal(rules, id, result=result))
    assert [p.deal for p in caught.value.problems] == [1]
