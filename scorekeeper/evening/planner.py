"""Seating a club evening, round after round.

Each round: the tables the head count makes (tables.py); who sits out when the allowed sizes leave
players over (those who sat out least, then those who played most, then by lot); who sits with whom
(round 1 by lot, or in rating order when one is given; later rounds by the local search of
grouping.py); and who declares first at each table (whoever has declared first least often, then by
lot). Everything drawn by lot comes from the seed, so a seed gives the same evening every time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .grouping import best_groups
from .meetings import Meetings, Pair, meetings_of, pair, repeats
from .polish import Seating, climb, walk
from .tables import ALL_SIZES, table_sizes

# A pair's cost when it sits together again. Any repeat meeting outweighs all the rest of a round
# (at most 40 players make fewer than 100 pairs a round), and meeting again in the very next round
# outweighs any number of older repeats' extra meetings: so the search first keeps repeats down,
# then keeps them away from the round just played, then spreads them over different pairs.
REPEAT = 1_000_000
NEXT_ROUND = 1_000
EXTRA = 1


@dataclass(frozen=True)
class Table:
    """One table of a round: its players, clockwise from the first declarer (seat 0)."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    """One round: its tables, and the players present who sit it out."""

    tables: tuple[Table, ...]
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True)
class Evening:
    """The rounds of an evening and their repeat meetings (earlier evenings' meetings counted)."""

    rounds: tuple[Round, ...]
    repeats: int


@dataclass(frozen=True)
class _Past:
    """What the rounds already seated say about the next one."""

    met: Counter[Pair]
    last: frozenset[Pair]
    firsts: Counter[int]
    sat_out: Counter[int]
    played: Counter[int]


def _past(done: Sequence[Round], earlier: Meetings | None) -> _Past:
    met: Counter[Pair] = Counter(earlier or {})
    firsts: Counter[int] = Counter()
    sat_out: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for one in done:
        met.update(meetings_of(t.seats for t in one.tables))
        firsts.update(t.seats[0] for t in one.tables)
        sat_out.update(one.sitting_out)
        played.update(p for t in one.tables for p in t.seats)
    last = frozenset(meetings_of(t.seats for t in done[-1].tables)) if done else frozenset()
    return _Past(met, last, firsts, sat_out, played)


def _cost(a: int, b: int, past: _Past) -> int:
    times = past.met.get(pair(a, b), 0)
    if not times:
        return 0
    return REPEAT + (NEXT_ROUND if pair(a, b) in past.last else 0) + EXTRA * (times - 1)


def _sitting_out(players: list[int], count: int, past: _Past, rng: random.Random) -> list[int]:
    lots = {p: rng.random() for p in players}
    order = sorted(players, key=lambda p: (past.sat_out[p], -past.played[p], lots[p]))
    return sorted(order[:count])


def _declarer_first(seats: list[int], past: _Past, rng: random.Random) -> Table:
    rng.shuffle(seats)
    first = min(seats, key=lambda p: past.firsts[p])  # the first of the least, so the lot decides ties
    seats.remove(first)
    return Table((first, *seats))


def _by_rating(seated: list[int], rating: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    rank = {p: i for i, p in enumerate(rating)}
    order = sorted(seated, key=lambda p: (rank.get(p, len(rank)), p))
    groups, start = [], 0
    for size in sizes:
        groups.append(order[start : start + size])
        start += size
    return groups


def seat_round(
    done: Sequence[Round],
    present: Iterable[int],
    sizes: Iterable[int] = ALL_SIZES,
    seed: int | str = 0,
    earlier: Meetings | None = None,
    rating: Sequence[int] | None = None,
) -> Round:
    """The next round after `done` for the players `present` (late arrivals in, leavers out).

    `earlier` holds earlier evenings' meetings, to keep apart too; `rating` (best first) seats
    round 1 in rating order instead of by lot. PlanError when the players cannot fill a table.
    """
    players = sorted(set(present))
    tables = table_sizes(len(players), sizes)
    rng = random.Random(f"barbu-evening/{seed}/{len(done)}")
    past = _past(done, earlier)
    out = _sitting_out(players, len(players) - sum(tables), past, rng)
    seated = [p for p in players if p not in set(out)]
    if rating is not None and not done:
        groups = _by_rating(seated, rating, tables)
    else:
        cost = [[_cost(a, b, past) for b in seated] for a in seated]
        groups = [[seated[i] for i in g] for g in best_groups(tables, cost, rng)]
    return Round(tuple(_declarer_first(g, past, rng) for g in groups), tuple(out))


# How hard the planner looks: 24 random seatings besides its own, 1000 swaps tried from each, and
# twice the swaps for an evening of at most SMALL players, whose swaps are cheap and whose fewest repeats
# can sit in a narrow valley (11 players in 5+3+3 for four rounds: 9 when three of them sit together
# every round, 13 at best otherwise; 13 players at tables of 4 for five rounds: 16, where the smaller
# budget found 17).
STARTS = 24
TRIES = 1000
SMALL = 16


def _best_seating(rounds: list[Round], fixed: int, earlier: Meetings, rng: random.Random) -> Seating:
    """The round-by-round seating and a few random ones, each polished; the cheapest."""
    best: Seating | None = None
    players = len({p for r in rounds for t in r.tables for p in t.seats})
    scale = 2 if players <= SMALL else 1
    # one round and no earlier meetings: nothing to avoid, and the seating by lot stands
    starts = STARTS + 1 if len(rounds) - fixed > 1 or (earlier and len(rounds) > fixed) else 1
    for start in range(starts):
        tables = [[list(t.seats) for t in r.tables] for r in rounds]
        for number in range(fixed, len(rounds)) if start else ():
            seated = [p for g in tables[number] for p in g]
            rng.shuffle(seated)
            for g in tables[number]:
                g[:], seated = seated[: len(g)], seated[len(g) :]
        seating = Seating(tables, earlier, REPEAT, NEXT_ROUND)
        walk(seating, range(fixed, len(rounds)), rng, TRIES * scale)
        if best is None or seating.cost() < best.cost():
            best = seating
    assert best is not None
    climb(best, range(fixed, len(rounds)))
    return best


def plan(
    present: Sequence[Iterable[int]],
    sizes: Iterable[int] = ALL_SIZES,
    seed: int | str = 0,
    earlier: Meetings | None = None,
    rating: Sequence[int] | None = None,
) -> Evening:
    """An evening of one round per entry of `present` (the players there in that round).

    Seated round by round, then improved as a whole (polish.py), then each table's first declarer
    chosen round by round again, as the seating changed.
    """
    allowed = frozenset(sizes)
    rounds: list[Round] = []
    for players in present:
        rounds.append(seat_round(rounds, players, allowed, seed, earlier, rating))
    fixed = 1 if rating is not None else 0
    seating = _best_seating(rounds, fixed, earlier or {}, random.Random(f"barbu-evening/{seed}/polish"))
    final: list[Round] = rounds[:fixed]
    for number in range(fixed, len(rounds)):
        past, rng = _past(final, earlier), random.Random(f"barbu-evening/{seed}/{number}/first")
        tables = tuple(_declarer_first(g[:], past, rng) for g in seating.rounds[number])
        final.append(Round(tables, rounds[number].sitting_out))
    return Evening(tuple(final), repeats((t.seats for r in final for t in r.tables), earlier))
