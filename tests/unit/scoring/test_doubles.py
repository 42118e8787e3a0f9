"""Doubling in every game: who may double whom, "maximum", the order of speaking, and the doubles a
deal may record. Ann (seat 0) declares."""

from __future__ import annotations

import re

import pytest

from scorekeeper.scoring import GameError, doubling_order, maximum, targets
from tests.unit.family import contract, deal, rules, table

ANN = 0
DECLARER_ONLY = {"doubling": "declarer-only"}
NONE = {"doubling": "none"}


def may(name, game, id, player, expected, made=(), *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), id, player, frozenset(made), expected, id=name)


TARGETS = [
    # Four-player Barbu.
    may("barbu-negative-anyone", "barbu", "no-queens", 1, {0, 2, 3}),
    may("barbu-trumps-declarer-only", "barbu", "trumps", 1, {0}),
    may("barbu-dominoes-declarer-only", "barbu", "dominoes", 3, {0}),
    may("barbu-declarer-only-rule", "barbu", "no-queens", 2, {0}, **DECLARER_ONLY),
    may("barbu-no-doubling", "barbu", "no-queens", 2, set(), **NONE),
    may("barbu-declarer-redoubles-doublers", "barbu", "no-queens", 0, {1, 2}, {(1, 0), (2, 0), (1, 2)}),
    may("barbu-declarer-nobody-doubled", "barbu", "no-queens", 0, set(), {(1, 2)}),
    may("barbu-declarer-positive-redouble", "barbu", "dominoes", 0, {3}, {(3, 0)}),
    # Three players.
    may("barbu-3-negative-anyone", "barbu-3", "no-last-three", 1, {0, 2}),
    may("barbu-3-positive-declarer-only", "barbu-3", "trumps", 2, {0}),
    may("barbu-3-declarer-only-rule", "barbu-3", "barbu", 1, {0}, **DECLARER_ONLY),
    may("barbu-3-no-doubling", "barbu-3", "barbu", 1, set(), **NONE),
    may("barbu-3-declarer-redoubles", "barbu-3", "no-tricks", 0, {1}, {(1, 0), (2, 1)}),
    # Five players.
    may("barbu-5-negative-anyone", "barbu-5", "no-hearts", 2, {0, 1, 3, 4}),
    may("barbu-5-positive-declarer-only", "barbu-5", "dominoes", 4, {0}),
    may("barbu-5-declarer-only-rule", "barbu-5", "no-tricks", 3, {0}, **DECLARER_ONLY),
    may("barbu-5-no-doubling", "barbu-5", "no-tricks", 3, set(), **NONE),
    may("barbu-5-declarer-redoubles-all", "barbu-5", "barbu", 0, {1, 2, 3, 4}, {(s, 0) for s in range(1, 5)}),
    # Barbette.
    may("barbette-negative-anyone", "barbette", "barbu", 3, {0, 1, 2}),
    may("barbette-positive-declarer-only", "barbette", "trumps", 3, {0}),
    # French Barbu has no doubling at all.
    may("french-3-no-doubling", "french", "no-tricks", 1, set(), players=3),
    may("french-4-no-doubling", "french", "barbu", 2, set(), players=4),
    may("french-5-dealer-no-doubling", "french", "dominoes", 0, set(), players=5),
]


@pytest.mark.parametrize(("rules", "id", "player", "made", "expected"), TARGETS)
def test_targets_and_maximum(rules, id, player, made, expected):
    played = contract(rules, id)
    assert targets(player, ANN, played, rules, made) == expected
    assert maximum(player, ANN, played, rules, made) == {(player, t) for t in expected}


@pytest.mark.parametrize(
    ("declarer", "players", "order"),
    [
        pytest.param(0, 3, (1, 2, 0), id="three-from-the-left-to-the-declarer"),
        pytest.param(2, 3, (0, 1, 2), id="three-round-the-table"),
        pytest.param(0, 4, (1, 2, 3, 0), id="four"),
        pytest.param(3, 4, (0, 1, 2, 3), id="four-last-seat"),
        pytest.param(1, 5, (2, 3, 4, 0, 1), id="five"),
    ],
)
def test_doubling_order(declarer, players, order):
    assert doubling_order(declarer, players) == order


def doubles(name, game, id, made, message=None, *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), id, made, message, id=name)


DEALS = [
    # Legal.
    doubles("barbu-non-declarers-both-ways", "barbu", "no-queens", {(1, 2), (2, 1)}),
    doubles("barbu-positive-redouble", "barbu", "trumps", {(1, 0), (0, 1)}),
    doubles(
        "barbu-redouble-all-complete",
        "barbu",
        "no-tricks",
        {(1, 0), (2, 0), (0, 1), (0, 2)},
        redouble_all=True,
    ),
    doubles("barbu-redouble-all-none-redoubled", "barbu", "no-tricks", {(1, 0), (2, 0)}, redouble_all=True),
    doubles("barbu-declarer-only-double", "barbu", "barbu", {(3, 0)}, **DECLARER_ONLY),
    doubles("barbu-3-non-declarers-both-ways", "barbu-3", "no-hearts", {(1, 2), (2, 1), (1, 0)}),
    doubles("barbu-5-maximum", "barbu-5", "no-queens", {(4, 0), (4, 1), (4, 2), (4, 3)}),
    doubles(
        "barbette-redouble-all", "barbette", "no-queens", {(1, 0), (3, 0), (0, 1), (0, 3)}, redouble_all=True
    ),
    # Refused.
    doubles("barbu-self", "barbu", "no-queens", {(2, 2)}, "Cat cannot double themselves"),
    doubles(
        "barbu-declarer-first",
        "barbu",
        "no-queens",
        {(0, 1)},
        "Ann can only redouble players who doubled them, not Beth",
    ),
    doubles(
        "barbu-positive-between-others",
        "barbu",
        "trumps",
        {(1, 2)},
        "Beth may double only the declarer, not Cat",
    ),
    doubles(
        "barbu-3-dominoes-between-others",
        "barbu-3",
        "dominoes",
        {(1, 2)},
        "Bob may double only the declarer, not Cy",
    ),
    doubles(
        "barbu-5-declarer-only-rule",
        "barbu-5",
        "no-tricks",
        {(2, 4)},
        "Cat may double only the declarer, not Eve",
        **DECLARER_ONLY,
    ),
    doubles("barbu-none", "barbu", "no-hearts", {(1, 0)}, "this game is played without doubling", **NONE),
    doubles("barbette-none", "barbette", "barbu", {(1, 0)}, "this game is played without doubling", **NONE),
    doubles("french-never", "french", "barbu", {(1, 0)}, "this game is played without doubling", players=4),
    doubles(
        "barbu-redouble-all-partial",
        "barbu",
        "no-tricks",
        {(1, 0), (2, 0), (0, 1)},
        "a declarer who redoubles must redouble everyone who doubled them (Cat)",
        redouble_all=True,
    ),
    doubles(
        "barbu-3-redouble-all-partial",
        "barbu-3",
        "no-queens",
        {(1, 0), (2, 0), (0, 1)},
        "must redouble everyone who doubled them (Cy)",
        redouble_all=True,
    ),
    doubles(
        "barbu-5-redouble-all-partial",
        "barbu-5",
        "barbu",
        {(1, 0), (3, 0), (4, 0), (0, 3)},
        "must redouble everyone who doubled them (Beth, Eve)",
        redouble_all=True,
    ),
    doubles("barbu-seat-at-table", "barbu", "barbu", {(4, 0)}, "doubles: a seat is not at the table"),
    doubles("barbu-3-seat-at-table", "barbu-3", "barbu", {(1, 3)}, "a seat is not at the table"),
]


@pytest.mark.parametrize(("rules", "id", "made", "message"), DEALS)
def test_doubles_of_a_deal(rules, id, made, message):
    first = deal(rules, id, made)
    if message is None:
        assert table(rules).add(first).rows[0].deal.doubles == made
        return
    with pytest.raises(GameError, match=re.escape(message)) as caught:
        table(rules).add(first)
    assert {(p.deal, p.field) for p in caught.value.problems} == {(1, "doubles")}


@pytest.mark.parametrize(
    ("game", "players", "allowed"),
    [
        pytest.param("barbu", None, True, id="barbu"),
        pytest.param("barbu-3", None, True, id="barbu-3"),
        pytest.param("barbette", None, True, id="barbette"),
        pytest.param("barbu-5", None, True, id="barbu-5"),
        pytest.param("french", 4, False, id="french"),
    ],
)
def test_which_games_double(game, players, allowed):
    played = rules(game, players)
    # French Barbu has doubling as an option ("dealer"), off by default.
    assert played.game.doubling is (allowed or game == "french")
    assert (played.doubling == "standard") is allowed
