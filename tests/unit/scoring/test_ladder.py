"""The best-N ladder (scoring/ladder.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring.ladder import MAX_BEST, Rung, best_of

RESULTS = [("Ann", 30), ("Bob", 50), ("Ann", -10), ("Cy", 20), ("Ann", 40), ("Bob", -60), ("Cy", 20)]


@pytest.mark.parametrize(
    ("n", "lower_wins", "ladder"),
    [
        (1, False, [Rung(1, "Bob", 50, 2), Rung(2, "Ann", 40, 3), Rung(3, "Cy", 20, 2)]),
        (2, False, [Rung(1, "Ann", 70, 3), Rung(2, "Cy", 40, 2), Rung(3, "Bob", -10, 2)]),
        (3, False, [Rung(1, "Ann", 60, 3)]),  # only Ann played three games
        (4, False, []),
        (1, True, [Rung(1, "Bob", -60, 2), Rung(2, "Ann", -10, 3), Rung(3, "Cy", 20, 2)]),
        (2, True, [Rung(1, "Bob", -10, 2), Rung(2, "Ann", 20, 3), Rung(3, "Cy", 40, 2)]),
    ],
)
def test_the_best_games_of_those_who_played_enough(n, lower_wins, ladder):
    assert list(best_of(RESULTS, n, lower_wins)) == ladder


def test_equal_totals_share_a_place_in_name_order():
    assert best_of([("Cy", 5), ("Ann", 5), ("Bob", 1)], 1) == (
        Rung(1, "Ann", 5, 1),
        Rung(1, "Cy", 5, 1),
        Rung(3, "Bob", 1, 1),
    )


@pytest.mark.parametrize("n", [0, -1, MAX_BEST + 1])
def test_n_is_bounded(n):
    with pytest.raises(ValueError):
        best_of(RESULTS, n)


results = st.lists(
    st.tuples(st.sampled_from(["Ann", "Bob", "Cy", "Dee"]), st.integers(-300, 300)), max_size=30
)


@given(results, st.integers(1, 5), st.booleans())
def test_one_more_game_never_lowers_a_players_best(played, n, lower_wins):
    before = {r.name: r.total for r in best_of(played, n, lower_wins)}
    after = {r.name: r.total for r in best_of([*played, ("Ann", 0)], n, lower_wins)}
    if "Ann" in before:
        assert (after["Ann"] <= before["Ann"]) if lower_wins else (after["Ann"] >= before["Ann"])
    assert set(before) <= set(after)


@given(results, st.integers(1, 5))
def test_the_order_of_the_games_does_not_matter(played, n):
    assert best_of(played, n) == best_of(list(reversed(played)), n)
