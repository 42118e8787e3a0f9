"""Standings across tables of different sizes: places on one scale, ties split, points per deal."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scorekeeper.evening.standings import TableResult, place_points, standings


@pytest.mark.parametrize(
    ("totals", "lower_wins", "expected"),
    [
        ({"a": 30, "b": 10, "c": -40}, False, {"a": 10, "b": 5, "c": 0}),
        ({"a": 30, "b": 10, "c": -15, "d": -25}, False, {"a": 10, "b": F(20, 3), "c": F(10, 3), "d": 0}),
        (
            {"a": 5, "b": 4, "c": 3, "d": 2, "e": 1},
            False,
            {"a": 10, "b": F(15, 2), "c": 5, "d": F(5, 2), "e": 0},
        ),
        ({"a": 10, "b": 10, "c": -20}, False, {"a": F(15, 2), "b": F(15, 2), "c": 0}),
        ({"a": 0, "b": 0, "c": 0, "d": 0}, False, {"a": 5, "b": 5, "c": 5, "d": 5}),
        ({"a": 30, "b": 10, "c": 40}, True, {"a": 5, "b": 10, "c": 0}),
    ],
    ids=["three", "four", "five", "tie-for-first", "all-tied", "lowest-wins"],
)
def test_place_points(totals, lower_wins, expected):
    assert place_points(totals, lower_wins) == expected


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_table_gives_five_a_player_on_average(size):
    totals = {str(i): i * 7 % 5 for i in range(size)}
    assert sum(place_points(totals).values()) == 5 * size


def test_the_evening_sums_and_breaks_ties_by_points_per_deal():
    tables = [
        TableResult({"Ann": 40, "Beth": 0, "Cat": -40}, deals=21),
        TableResult({"Dan": 80, "Eve": -10, "Fay": -20, "Gil": -50}, deals=28),
        TableResult({"Ann": -10, "Dan": 10, "Eve": 0}, deals=21),
    ]
    table = standings(tables)
    assert [(s.name, s.points) for s in table] == [
        ("Dan", 20),
        ("Eve", F(35, 3)),
        ("Ann", 10),
        ("Beth", 5),
        ("Fay", F(10, 3)),
        ("Gil", 0),
        ("Cat", 0),
    ]
    assert [s.name for s in table] == ["Dan", "Eve", "Ann", "Beth", "Fay", "Gil", "Cat"]
    assert table[0].tables == 2
    # Gil and Cat both have 0 points: Gil lost 50 in 28 deals, Cat 40 in 21, so Gil is ahead
    assert table[-1].per_deal == F(-40, 21)


def test_a_seat_taken_over_shares_its_place_by_the_deals_each_played():
    # Seat "c" comes first; Cat sat in 21 of its 28 deals, Zoe in 7 (Cat +20, Zoe +10).
    table = TableResult(
        {"a": 10, "b": -20, "c": 30, "d": -20}, 28, sitters={"c": (("c", 21, 20), ("Zoe", 7, 10))}
    )
    found = {s.name: s for s in standings([table])}
    assert found["c"].points == F(10) * F(21, 28)
    assert found["Zoe"].points == F(10) * F(7, 28)
    assert found["c"].per_deal == F(20, 28)
    assert found["Zoe"].per_deal == F(10, 28)
    assert found["Zoe"].tables == found["c"].tables == 1
    assert sum(s.points for s in found.values()) == sum(place_points(table.totals).values())


def test_without_sitters_the_standings_are_as_before():
    plain = TableResult({"a": 10, "b": -20, "c": 30, "d": -20}, 28)
    assert [s.name for s in standings([plain])] == ["c", "a", "b", "d"]
    assert plain.shares("c") == (("c", 28, 30),)
