"""How a game went, checked against a direct computation from `scorekeeper score` output.

Games come from the oracle's generator for every kind; the expected figures are
computed here from the JSON document that `score_document` prints, not from the engine's
objects, so the two paths only share the scoring itself.
"""

from __future__ import annotations

from collections import defaultdict
from random import Random
from typing import Any

import pytest

from scorekeeper.present.report import score_document
from scorekeeper.scoring import load
from scorekeeper.scoring.stats import DECLARER, OPPONENT, Doubles, Tally, combine, game_stats
from tests.oracle.generate import random_game
from tests.unit import family

GAMES = ("barbu", "barbu-3", "barbette", "barbu-5", "french")


def expected(doc: dict[str, Any]) -> dict[str, Any]:
    """Running totals, tallies by role and contract, and doubles, straight from the scored JSON."""
    out = score_document(doc)
    names = out["players"]
    running = {n: [h["running"][n] for h in out["hands"]] for n in names}
    tallies: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    doubles = {n: [0, 0, 0, 0, 0] for n in names}
    for hand in out["hands"]:
        for n in names:
            role = DECLARER if n == hand["declarer"] else OPPONENT
            tally = tallies[n, role, hand["contract"]]
            tally[0] += hand["score"][n]
            tally[1] += 1
        for p in hand["payments"]:
            if p["amount"]:
                doubles[p["to"]][0] += 1
                doubles[p["to"]][1] += p["amount"]
                doubles[p["from"]][2] += 1
                doubles[p["from"]][3] += p["amount"]
            else:
                doubles[p["to"]][4] += 1
                doubles[p["from"]][4] += 1
    return {"totals": out["totals"], "running": running, "tallies": tallies, "doubles": doubles}


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("kind", GAMES)
def test_stats_agree_with_the_scored_document(kind: str, seed: int) -> None:
    doc = random_game(Random(f"stats-{kind}-{seed}"), game=kind)
    stats = game_stats(load(doc))
    want = expected(doc)
    assert stats.game == kind
    assert stats.deals == len(doc["hands"])
    for p in stats.players:
        assert p.total == want["totals"][p.name]
        assert list(p.running) == want["running"][p.name]
        assert p.doubles == Doubles(*want["doubles"][p.name])
        for role, row in p.by_role.items():
            for contract, tally in row.items():
                assert [tally.points, tally.deals] == want["tallies"][p.name, role, contract]
        seen = sum(t.deals for row in p.by_role.values() for t in row.values())
        assert seen == stats.deals
        # Points by contract, as declarer and as opponent, add up to the total.
        assert sum(t.points for row in p.by_role.values() for t in row.values()) == p.total
    assert set(stats.contracts) == {h["contract"] for h in doc["hands"]}


def test_the_worked_example_doubles() -> None:
    """Deal 1 of the rules' worked example: Beth wins three doubles, Ann and Cat are even once."""
    rules = family.rules("barbu")
    game = family.table(rules)
    ann, beth, cat, diana = range(4)
    doubles = {(beth, ann), (beth, cat), (beth, diana), (cat, ann), (ann, cat)}
    queens = ("queens", (1, 0, 1, 2))
    game = game.add(family.deal(rules, "no-queens", doubles, family.Result((queens,))))
    stats = game_stats(game)
    by_name = {p.name: p for p in stats.players}
    assert by_name["Beth"].doubles == Doubles(won=3, won_points=24)
    assert by_name["Ann"].doubles == Doubles(lost=1, lost_points=6, even=1)
    assert by_name["Cat"].doubles == Doubles(lost=1, lost_points=6, even=1)
    assert by_name["Diana"].doubles == Doubles(lost=1, lost_points=12)
    assert by_name["Ann"].tally(DECLARER, "no-queens") == Tally(-12, 1)
    assert by_name["Beth"].tally(OPPONENT, "no-queens") == Tally(24, 1)
    assert by_name["Beth"].tally(DECLARER, "no-queens") == Tally()
    assert by_name["Beth"].running == (24,)


def test_combine_adds_games_up_per_name() -> None:
    one = game_stats(family.complete(family.rules("barbu")))
    two = game_stats(family.complete(family.rules("barbu"), first=1))
    three = game_stats(family.complete(family.rules("french", 3)))
    records = {r.name: r for r in combine([one, two, three])}
    ann = records["Ann"]
    assert ann.games == 3
    assert ann.total == one.players[0].total + two.players[0].total + three.players[0].total
    a1, a2 = one.players[0], two.players[0]
    both = a1.tally(DECLARER, "barbu") + a2.tally(DECLARER, "barbu")
    assert ann.tally(DECLARER, "barbu").deals == both.deals + 1  # French Barbu's Barbu too
    assert records["Bob"].games == 1 and records["Beth"].games == 2
    assert ann.average == ann.total / 3


def test_combine_merges_spellings_by_key() -> None:
    one = game_stats(family.complete(family.rules("barbu")))
    records = combine([one, one], key=lambda n: "Ann" if n in ("Ann", "Beth") else n)
    assert [r.name for r in records] == ["Ann", "Cat", "Diana"]
    assert records[0].games == 4
    assert records[0].total == 2 * (one.players[0].total + one.players[1].total)


def test_tally_average() -> None:
    assert Tally().average is None
    assert Tally(-12, 4).average == -3
