"""The rivalry ledger (scoring/rivals.py): the worked example by hand, and its properties over
generated games of every kind."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import load
from scorekeeper.scoring.rivals import Foes, Pair, favourite, foes, ledger, nemesis, net
from scorekeeper.scoring.stats import game_stats
from tests.builders import worked_example
from tests.oracle.generate import random_game

# rules.md's worked example: deal 1 raw (−6, 0, −6, −12), deal 2 raw (0, −6, −20, −4).
WORKED = [
    Pair("Ann", "Beth", -6, 0, 1, 0, 6),  # Beth doubled Ann in deal 1 and did 6 better
    Pair("Ann", "Cat", 0, 1, 1, 0, 0),  # both ways in deal 1, equal raw scores
    Pair("Ann", "Diana", 8, 1, 1, 4, -4),  # both ways in deal 2: 2 × (0 − −4)
    Pair("Beth", "Cat", 6, 1, 0, 6, 0),
    Pair("Beth", "Diana", 10, 1, 1, 12, 2),  # +12 in deal 1, −2 in deal 2
    Pair("Cat", "Diana", -16, 0, 1, 0, 16),
]


def test_the_worked_example():
    assert ledger([load(worked_example())]) == tuple(WORKED)


@pytest.mark.parametrize(
    ("name", "against", "worst", "best"),
    [
        ("Ann", {"Beth": -6, "Cat": 0, "Diana": 8}, "Beth", "Diana"),
        ("Beth", {"Ann": 6, "Cat": 6, "Diana": 10}, None, "Diana"),
        ("Cat", {"Ann": 0, "Beth": -6, "Diana": -16}, "Diana", None),
        ("Diana", {"Ann": -8, "Beth": -10, "Cat": 16}, "Beth", "Cat"),
        ("Eve", {}, None, None),
    ],
)
def test_nemesis_and_favourite(name, against, worst, best):
    assert net(WORKED, name) == against
    assert nemesis(WORKED, name) == worst
    assert favourite(WORKED, name) == best


def test_equal_amounts_name_the_first_by_name():
    pairs = [Pair("Ann", "Beth", -5), Pair("Ann", "Cat", -5)]
    assert nemesis(pairs, "Ann") == "Beth"


def test_merged_names_are_matched_and_one_player_is_no_pair():
    game = load(worked_example())
    merged = ledger([game, game], key=lambda n: "Ann" if n == "Beth" else n)
    assert all(p.a != p.b for p in merged)
    assert {(p.a, p.b) for p in merged} == {("Ann", "Cat"), ("Ann", "Diana"), ("Cat", "Diana")}
    assert next(p for p in merged if p.b == "Diana" and p.a == "Ann").a_won == 2 * (8 + 10)


SEEDS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SEEDS
@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=3))
def test_each_players_ledger_is_their_points_from_doubles(seeds):
    games = [load(random_game(Random(seed), game="barbu" if seed % 2 else None)) for seed in seeds]
    games.append(games[0])  # the same players again: their pairs add up
    pairs = ledger(games)
    expected: dict[str, int] = {}
    for game in games:
        sign = -1 if game.rules.game.lower_wins else 1  # penalties: fewer is what a player takes
        for player in game_stats(game).players:
            expected[player.name] = expected.get(player.name, 0) + sign * player.doubles.net
    for name, points in expected.items():
        assert sum(net(pairs, name).values()) == points
    for p in pairs:
        # antisymmetric: a's row against b is minus b's against a
        assert net(pairs, p.a)[p.b] == -net(pairs, p.b)[p.a] == p.a_won
        # what a took is what a's doubles paid a, less what b's doubles paid b
        assert p.a_won == p.a_doubles_paid - p.b_doubles_paid
    doubles = sum(len(row.deal.doubles) for game in games for row in game.rows)
    assert sum(p.doubles_a_on_b + p.doubles_b_on_a for p in pairs) == doubles


def test_foes_of_every_player():
    assert foes(tuple(WORKED)) == (
        Foes("Ann", "Beth", 6, "Diana", 8),
        Foes("Beth", None, 0, "Diana", 10),
        Foes("Cat", "Diana", 16, None, 0),
        Foes("Diana", "Beth", 10, "Cat", 16),
    )


@pytest.mark.parametrize(
    ("pair", "expected"),
    [
        # Deal 1's pairs with Cat stay hers; deal 2's Cat-Diana doubles were Zoe's.
        (("Ann", "Cat"), Pair("Ann", "Cat", 0, 1, 1, 0, 0)),
        (("Beth", "Cat"), Pair("Beth", "Cat", 6, 1, 0, 6, 0)),
        (("Diana", "Zoe"), Pair("Diana", "Zoe", 16, 1, 0, 16, 0)),
        (("Cat", "Diana"), None),
    ],
)
def test_a_substitute_settles_their_own_deals(pair, expected):
    doc = {**worked_example(), "substitutes": [{"seat": 2, "from_deal": 2, "name": "Zoe"}]}
    found = {(p.a, p.b): p for p in ledger([load(doc)])}
    assert found.get(pair) == expected
