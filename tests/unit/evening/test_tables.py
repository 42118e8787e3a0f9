"""How a head count splits into tables: fewest tables not of four, then fewest tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.evening import PlanError, parse_sizes, table_sizes


@pytest.mark.parametrize(
    ("players", "sizes", "tables"),
    [
        (3, {3, 4, 5}, (3,)),
        (4, {3, 4, 5}, (4,)),
        (5, {3, 4, 5}, (5,)),
        (6, {3, 4, 5}, (3, 3)),
        (7, {3, 4, 5}, (4, 3)),
        (8, {3, 4, 5}, (4, 4)),
        (9, {3, 4, 5}, (4, 5)),
        (10, {3, 4, 5}, (5, 5)),
        (11, {3, 4, 5}, (4, 4, 3)),
        (13, {3, 4, 5}, (4, 4, 5)),
        (14, {3, 4, 5}, (4, 5, 5)),
        (15, {3, 4, 5}, (4, 4, 4, 3)),
        (40, {3, 4, 5}, (4,) * 10),
        (10, {4}, (4, 4)),
        (7, {4}, (4,)),
        (9, {5}, (5,)),
        (7, {4, 5}, (5,)),
        (11, {4, 5}, (5, 5)),
        (11, {3, 4}, (4, 4, 3)),
        (5, {3, 4}, (4,)),
        (6, {4, 5}, (5,)),
        (8, {3, 5}, (5, 3)),
        (4, {3, 5}, (3,)),
    ],
    ids=lambda v: str(sorted(v)) if isinstance(v, set) else str(v),
)
def test_table_sizes(players, sizes, tables):
    assert table_sizes(players, sizes) == tables


@pytest.mark.parametrize(("players", "sizes"), [(2, {3, 4, 5}), (0, {3}), (3, {4}), (4, {5}), (-1, {3})])
def test_too_few_players_for_a_table(players, sizes):
    with pytest.raises(PlanError, match="cannot fill a table"):
        table_sizes(players, sizes)


@pytest.mark.parametrize("sizes", [set(), {2}, {4, 6}])
def test_only_sizes_3_to_5(sizes):
    with pytest.raises(PlanError):
        table_sizes(8, sizes)


@pytest.mark.parametrize(
    ("text", "sizes"), [("3,4,5", {3, 4, 5}), ("4", {4}), (" 5, 3 ", {3, 5}), ("4,4", {4})]
)
def test_parse_sizes(text, sizes):
    assert parse_sizes(text) == sizes


@pytest.mark.parametrize("text", ["", "2", "3,6", "four", "3,,4", "-4"])
def test_parse_sizes_refuses(text):
    with pytest.raises(PlanError, match="3, 4 or 5"):
        parse_sizes(text)


@given(st.integers(3, 200))
def test_every_size_allowed_seats_everyone_and_a_brute_force_agrees(players):
    tables = table_sizes(players)
    assert sum(tables) == players
    # every split into 3s, 4s and 5s, by brute force: none has fewer tables not of four, or as few
    # and fewer tables
    best = min(
        (t + f, t + f + (players - 3 * t - 5 * f) // 4)
        for t in range(players // 3 + 1)
        for f in range(players // 5 + 1)
        if players - 3 * t - 5 * f >= 0 and (players - 3 * t - 5 * f) % 4 == 0
    )
    assert (sum(1 for s in tables if s != 4), len(tables)) == best


@given(st.integers(3, 60), st.sets(st.sampled_from([3, 4, 5]), min_size=1))
def test_some_sizes_allowed_seat_as_many_as_can_be(players, sizes):
    if players < min(sizes):
        return
    tables = table_sizes(players, sizes)
    assert set(tables) <= sizes
    seated = sum(tables)
    assert seated <= players
    # nobody more could be seated: no count between seated+1 and players is a sum of the sizes
    sums = {0}
    for _ in range(players):
        sums |= {s + k for s in sums for k in sizes if s + k <= players}
    assert max(sums) == seated
