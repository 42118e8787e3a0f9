"""Places and streaks (scoring/streaks.py), and a player's rating history (rating.history)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring.rating import Table, history, rate
from scorekeeper.scoring.streaks import Streaks, places, streaks


@pytest.mark.parametrize(
    ("totals", "lower_wins", "expected"),
    [
        ((30, 10, -5, -35), False, (1, 2, 3, 4)),
        ((30, 30, -5, -55), False, (1, 1, 3, 4)),
        ((0, 0, 0, 0), False, (1, 1, 1, 1)),
        ((10, 40, 40), True, (1, 2, 2)),
        ((-20, 5, 5, 10), True, (1, 2, 2, 4)),
    ],
)
def test_places(totals, lower_wins, expected):
    assert places(totals, lower_wins) == expected


W, L, M = (1, 4), (4, 4), (2, 4)  # a win, a last place, a place between at a table of four


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([], Streaks()),
        ([W], Streaks(1, 0, "win", 1)),
        ([L], Streaks(0, 1, "last", 1)),
        ([M], Streaks(0, 0, "", 0)),
        ([W, W, M, W], Streaks(2, 0, "win", 1)),
        ([L, L, L, W, L], Streaks(1, 3, "last", 1)),
        ([W, W, W, L, L], Streaks(3, 2, "last", 2)),
        ([(1, 1), (1, 1)], Streaks(2, 0, "win", 2)),  # everybody equal: first, and nobody last
        ([(3, 3), (2, 3), (3, 3)], Streaks(0, 1, "last", 1)),
    ],
)
def test_streaks(results, expected):
    assert streaks(results) == expected


@given(st.lists(st.sampled_from([W, L, M]), max_size=30))
def test_a_streak_is_never_longer_than_the_results(results):
    found = streaks(results)
    assert found.current_length <= max(found.longest_wins, found.longest_lasts) <= len(results)
    assert found.longest_wins + found.longest_lasts <= len(results)


def test_the_history_ends_at_the_rating():
    tables = [
        Table("barbu", ("A", "B", "C", "D"), (2.0, 1.0, -1.0, -2.0)),
        Table("barbu", ("B", "A", "C", "E"), (3.0, 0.0, -1.0, -2.0)),
        Table("french", ("A", "B", "C"), (-1.0, 0.5, 0.5)),
        Table("barbu", ("C", "D", "E", "F"), (1.0, 1.0, -1.0, -1.0)),
    ]
    found = history(tables, "A")
    assert sorted(found) == ["barbu", "french"] and len(found["barbu"]) == 2 and len(found["french"]) == 1
    # The first game puts a newcomer where it says: 2 per deal against the others' mean of -2/3.
    assert found["barbu"][0] == pytest.approx(2 + 2 / 3)
    last = {(r.game, p.name): p.strength for r in rate(tables, 0) for p in r.players}
    assert found["barbu"][-1] == last[("barbu", "A")] and found["french"][-1] == last[("french", "A")]
    assert history(tables, "nobody") == {}
