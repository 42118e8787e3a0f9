"""The rating (scoring/rating.py): the step of one game, the ramp, provisional players, and its
properties over random sequences of tables."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.scoring import load, loads
from scorekeeper.scoring.rating import (
    MAX_PROVISIONAL,
    RAMP,
    Table,
    in_date_order,
    rate,
    steps,
    table_of,
    weight,
)
from tests.builders import PLAYERS, full_game
from tests.oracle.generate import random_game


def strengths(tables, provisional=0):
    return {(r.game, p.name): p.strength for r in rate(tables, provisional) for p in r.players}


@pytest.mark.parametrize(
    ("games_before", "expected"),
    [(0, 1.0), (1, 1 / 2), (3, 1 / 4), (RAMP - 1, 1 / RAMP), (RAMP, 1 / RAMP), (500, 1 / RAMP)],
)
def test_the_ramp(games_before, expected):
    assert weight(games_before) == pytest.approx(expected)


# (per deal at the table, strengths after one game of newcomers): a newcomer's first game sets their
# strength to what they scored per deal minus the others' mean.
FIRST_GAMES = [
    ((3.0, 1.0, -1.0, -3.0), (3 - (-1), 1 - (-1 / 3), -1 - 1 / 3, -3 - 1)),
    ((-2.0, -2.0, -2.0, -2.0), (0.0, 0.0, 0.0, 0.0)),  # not zero-sum, everyone equal
    ((10.0, 4.0, 4.0), (6.0, -3.0, -3.0)),  # three players
    ((5.0, 0.0, 0.0, 0.0, -5.0), (6.25, 0.0, 0.0, 0.0, -6.25)),  # five
]


@pytest.mark.parametrize(("per_deal", "after"), FIRST_GAMES)
def test_a_first_game(per_deal, after):
    names = tuple("ABCDE"[: len(per_deal)])
    ((_table, changes),) = steps([Table("barbu", names, per_deal)])
    assert [c.after for c in changes] == pytest.approx(after)
    assert all(c.weight == 1 and c.expected == 0 for c in changes)


def test_an_expected_result_changes_nothing():
    first = Table("barbu", ("A", "B", "C", "D"), (3.0, 1.0, -1.0, -3.0))
    ((_t, after_first),) = steps([first])
    # Scoring (n-1)/n of the expected per deal is scoring the expected against the others' mean.
    strengths_now = [c.after for c in after_first]
    expected = [s - (sum(strengths_now) - s) / 3 for s in strengths_now]
    second = Table("barbu", first.names, tuple(e * 3 / 4 for e in expected))
    *_, (_t, changes) = steps([first, second])
    assert [c.scored for c in changes] == pytest.approx([c.expected for c in changes])
    assert [c.after for c in changes] == pytest.approx([c.before for c in changes])


def test_game_kinds_are_rated_apart_and_listed_in_the_apps_order():
    tables = [
        Table("french", ("A", "B", "C"), (1.0, 0.0, -1.0)),
        Table("barbu", ("A", "B", "C", "D"), (-1.0, 0.0, 0.0, 1.0)),
    ]
    ratings = rate(tables)
    assert [r.game for r in ratings] == ["barbu", "french"]
    assert [p.name for p in ratings[0].players] == ["D", "B", "C", "A"]  # equal strengths by name
    assert [p.name for p in ratings[1].players] == ["A", "B", "C"]


@pytest.mark.parametrize(("minimum", "provisional"), [(0, False), (1, False), (2, False), (3, True)])
def test_provisional_until_the_minimum(minimum, provisional):
    table = Table("barbu", ("A", "B", "C", "D"), (1.0, 0.0, 0.0, -1.0))
    (ratings,) = rate([table, table], minimum)
    assert all(p.games == 2 and p.provisional is provisional for p in ratings.players)


@pytest.mark.parametrize("minimum", [-1, MAX_PROVISIONAL + 1])
def test_the_minimum_is_bounded(minimum):
    with pytest.raises(ValueError):
        rate([], minimum)


def test_a_finished_game_per_deal_and_penalty_points_turned():
    doc = full_game()
    game = loads(json.dumps(doc))
    table = table_of(game, str.upper)
    assert table is not None
    assert table.names == tuple(p.upper() for p in PLAYERS)
    assert table.per_deal == tuple(t / 28 for t in game.totals)
    unfinished = dict(doc, hands=doc["hands"][:-1])
    assert table_of(loads(json.dumps(unfinished))) is None
    assert table_of(game, lambda name: "same") is None  # two names merged into one player


def test_penalty_points_count_lower_as_better():
    rng = Random("rating-french")
    game = next(g for g in (load(random_game(rng, game="french")) for _ in range(50)) if g.complete)
    table = table_of(game)
    assert table is not None
    assert table.per_deal == tuple(-t / len(game.rows) for t in game.totals)


def test_date_order_is_stable_undated_first():
    day = datetime(2026, 3, 1, tzinfo=UTC)
    later = datetime(2026, 3, 2, tzinfo=UTC)
    assert in_date_order([("b", later), ("a", day), ("u", None), ("c", day)]) == ["u", "a", "c", "b"]


# Properties over random sequences of tables of one kind among six players.
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
per_deal = st.floats(min_value=-40, max_value=40, allow_nan=False, width=32)


@st.composite
def tables(draw, min_size=1, max_size=8):
    found = []
    for _ in range(draw(st.integers(min_size, max_size))):
        seats = draw(st.permutations(NAMES))[: draw(st.integers(3, 5))]
        found.append(Table("barbu", tuple(seats), tuple(draw(per_deal) for _ in seats)))
    return found


@given(tables(), st.randoms(use_true_random=False))
def test_renaming_and_reseating_only_rename(played, random):
    renamed = dict(zip(NAMES, random.sample([f"P{i}" for i in range(20)], len(NAMES)), strict=True))
    moved = []
    for t in played:
        seats = list(range(len(t.names)))
        random.shuffle(seats)
        moved.append(
            Table(t.game, tuple(renamed[t.names[i]] for i in seats), tuple(t.per_deal[i] for i in seats))
        )
    before, after = strengths(played), strengths(moved)
    assert {(g, renamed[n]): s for (g, n), s in before.items()} == after


@given(tables())
def test_equally_established_players_changes_add_up_to_zero(played):
    # Everyone at the last table has played the ramp out, so every weight is the same.
    warm = [Table("barbu", t.names, t.per_deal) for t in played for _ in range(RAMP)]
    *_, (_table, changes) = steps(warm)
    assert {c.weight for c in changes} == {1 / RAMP}
    assert sum(c.after - c.before for c in changes) == pytest.approx(0, abs=1e-9)


@given(tables(), st.integers(0, 4))
def test_scoring_the_table_mean_moves_toward_the_expected_zero(played, seat):
    last = played[-1]
    seat %= len(last.names)
    others = [v for i, v in enumerate(last.per_deal) if i != seat]
    mean = tuple(sum(others) / len(others) if i == seat else v for i, v in enumerate(last.per_deal))
    *_, (_t, changes) = steps([*played[:-1], Table("barbu", last.names, mean)])
    change = changes[seat]
    assert change.scored == pytest.approx(0, abs=1e-9)
    # The strength moves by weight × (0 − expected): toward scoring as the others do.
    moved = change.after - change.before
    assert moved == pytest.approx(-change.weight * change.expected, abs=1e-9)
    assert abs(change.expected + moved) <= abs(change.expected) + 1e-9


@given(tables(), tables(max_size=3))
def test_a_later_game_changes_nothing_before_it(played, more):
    first = [changes for _t, changes in steps(played)]
    again = [changes for _t, changes in steps(played + more)]
    assert again[: len(first)] == first


@given(st.lists(st.lists(st.floats(0.5, 30, width=32), min_size=3, max_size=3), min_size=1, max_size=12))
def test_a_player_who_wins_every_game_ends_first(margins):
    # The same four play every game, so each has the same weight in every game.
    played = [
        Table("barbu", ("Ann", "Bob", "Cy", "Dee"), (40.0, 40 - m[0], 40 - m[1], 40 - m[2])) for m in margins
    ]
    (ratings,) = rate(played)
    assert ratings.players[0].name == "Ann"
    assert ratings.players[0].strength > ratings.players[1].strength


@pytest.mark.parametrize(
    ("subs", "counts"),
    [
        ([], True),
        ([{"seat": 2, "from_deal": 13, "name": "Zoe"}], False),
        ([{"seat": 0, "from_deal": 28, "name": "Zoe"}], False),  # even for the last deal only
    ],
)
def test_a_game_whose_seat_changed_hands_counts_for_nobody(subs, counts):
    game = loads(json.dumps({**full_game(), "substitutes": subs}))
    assert (table_of(game) is not None) == counts
