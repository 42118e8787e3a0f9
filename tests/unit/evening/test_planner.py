"""Seating every round: everyone once a round, allowed sizes, balanced, the same for a seed."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.evening import PlanError, Round, Table, meetings_of, plan, repeats, seat_round


def check_round(one: Round, present: set[int], sizes: set[int]) -> None:
    seated = [p for t in one.tables for p in t.seats]
    assert sorted(seated + list(one.sitting_out)) == sorted(present)  # each once, seated or out
    assert all(len(t.seats) in sizes for t in one.tables)


evenings = st.tuples(
    st.integers(3, 40),
    st.integers(1, 8),
    st.sets(st.sampled_from([3, 4, 5]), min_size=1),
    st.integers(0, 10**6),
).filter(lambda v: v[0] >= min(v[2]))


@settings(max_examples=10, deadline=None)
@given(evenings)
def test_everyone_seated_once_a_round_at_allowed_sizes_and_the_seed_decides(case):
    players, rounds, sizes, seed = case
    evening = plan([range(players)] * rounds, sizes, seed)
    assert len(evening.rounds) == rounds
    for one in evening.rounds:
        check_round(one, set(range(players)), sizes)
    assert plan([range(players)] * rounds, sizes, seed) == evening
    sat_out = Counter(p for r in evening.rounds for p in r.sitting_out)
    counts = [sat_out[p] for p in range(players)]
    assert max(counts) - min(counts) <= 1  # sitting out goes round in turn


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 40), st.integers(2, 8), st.integers(0, 10**6))
def test_the_first_declarer_at_each_table_has_been_first_least(players, rounds, seed):
    evening = plan([range(players)] * rounds, seed=seed)
    firsts: Counter[int] = Counter()
    for one in evening.rounds:
        for table in one.tables:
            assert firsts[table.seats[0]] == min(firsts[p] for p in table.seats)
        firsts.update(t.seats[0] for t in one.tables)


def test_different_seeds_give_different_first_rounds():
    firsts = {plan([range(12)], seed=s).rounds[0] for s in range(10)}
    assert len(firsts) > 1


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        ([[(0, 1, 2, 3)], [(0, 1, 4, 5)]], 1),
        ([[(0, 1, 2, 3)], [(0, 1, 2, 3)]], 6),
        ([[(0, 1, 2)], [(0, 1, 3)], [(0, 1, 4)]], 2),  # a pair meeting in three rounds counts 2
        ([[(0, 1, 2, 3)], [(4, 5, 6, 7)]], 0),
    ],
)
def test_repeats_counts_each_meeting_after_a_pairs_first(rounds, expected):
    assert repeats(t for r in rounds for t in r) == expected


def test_repeats_count_every_meeting_of_a_pair_that_met_on_an_earlier_evening():
    earlier = meetings_of([(0, 1, 2)])
    assert repeats([(0, 1, 5, 6)], earlier) == 1
    assert repeats([(0, 1, 5, 6), (0, 1, 7)], earlier) == 2
    assert repeats([(3, 4, 5, 6)], earlier) == 0


def test_eight_players_two_rounds_meet_the_fewest_possible_again():
    # after two tables of four, each new table of four holds at least two from one old table
    evening = plan([range(8)] * 2, seed=3)
    assert evening.repeats == 4
    assert plan([range(16)] * 2, seed=3).repeats == 0


def splits(players: list[int], sizes: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """Every way to seat `players` at tables of `sizes` (in that order), by brute force."""
    if not sizes:
        return [[]]
    found = []
    for table in combinations(players, sizes[0]):
        rest = [p for p in players if p not in table]
        found += [[table, *more] for more in splits(rest, sizes[1:])]
    return found


def lexicographic(done: list[Round], tables: list[tuple[int, ...]]) -> tuple[int, int]:
    """(repeat meetings, meetings of pairs who sat together in the last round) of a next round."""
    before = meetings_of(t.seats for r in done for t in r.tables)
    last = meetings_of(t.seats for t in done[-1].tables)
    now = meetings_of(tables)
    return sum(1 for p in now if before[p]), sum(1 for p in now if last[p])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(6, (3, 3)), (7, (4, 3)), (8, (4, 4)), (9, (4, 5))]), st.integers(1, 3), st.randoms())
def test_the_next_round_is_the_best_by_brute_force(case, past, lots):
    # random earlier rounds among these players (and strangers), then the planner's next round:
    # no split has fewer repeats, nor as few and fewer meetings from the round just played
    players, sizes = case
    done = []
    for _ in range(past):
        order = list(range(players + 3))
        lots.shuffle(order)
        done.append(Round(tuple(Table(tuple(order[i : i + 3])) for i in range(0, players + 1, 3)), ()))
    one = seat_round(done, range(players), seed=lots.randint(0, 99))
    assert tuple(len(t.seats) for t in one.tables) == sizes
    best = min(lexicographic(done, s) for s in splits(list(range(players)), sizes))
    assert lexicographic(done, [t.seats for t in one.tables]) == best


def test_earlier_evenings_are_kept_apart():
    earlier = meetings_of([(0, 1, 2, 3), (4, 5, 6, 7)])
    first = seat_round([], range(8), {4}, seed=1, earlier=earlier)
    assert repeats((t.seats for t in first.tables), earlier) == 4
    fours = meetings_of([range(i, i + 4) for i in range(0, 16, 4)])
    assert plan([range(16)], {4}, seed=1, earlier=fours).repeats == 0


def test_round_one_in_rating_order():
    one = seat_round([], range(9), rating=[8, 7, 6, 5, 4, 3, 2, 1, 0])
    assert [set(t.seats) for t in one.tables] == [{8, 7, 6, 5}, {4, 3, 2, 1, 0}]
    later = plan([range(9)] * 2, rating=list(range(9)))
    assert [set(t.seats) for t in later.rounds[0].tables] == [{0, 1, 2, 3}, {4, 5, 6, 7, 8}]


def test_late_arrivals_and_leavers_between_rounds():
    present = [range(8), [*range(1, 8), 8, 9, 10, 11], [2, 3, 4, 5, 8, 9, 10, 11, 12]]
    evening = plan(present, seed=5)
    for one, players in zip(evening.rounds, present, strict=True):
        check_round(one, set(players), {3, 4, 5})
    assert [len(r.tables) for r in evening.rounds] == [2, 3, 2]


def test_players_who_sat_out_play_next_and_newcomers_do_not_jump_the_queue():
    evening = plan([range(5)] * 5, {4}, seed=2)
    assert sorted(p for r in evening.rounds for p in r.sitting_out) == [0, 1, 2, 3, 4]
    done = [Round((Table((0, 1, 2, 3)),), (4,))]
    # 5 arrives having played nothing and sat out nothing: 4 sat out, so 4 plays now
    two = seat_round(done, range(6), {5})
    assert 4 in two.tables[0].seats


def test_a_round_that_cannot_fill_a_table():
    with pytest.raises(PlanError):
        plan([range(5), range(2)])
