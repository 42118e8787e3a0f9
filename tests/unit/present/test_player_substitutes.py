"""A player's page and the best-N ladder credit each person with the deals they sat in: a
substitute has the game too."""

from __future__ import annotations

import pytest

from scorekeeper.present.group_stats import Names, records
from scorekeeper.present.player import player_page
from scorekeeper.present.ratings import rated
from scorekeeper.present.rivals import ladders, rivals
from scorekeeper.scoring import load
from scorekeeper.scoring.streaks import places

from .test_group_stats_substitutes import group_of, replaced


def page(name: str):
    played = group_of(replaced(13))
    names = Names(played, {})
    return player_page(
        played,
        names,
        name,
        rated((one.game for one in played), names),
        records(played, names),
        rivals(played, names),
    )


@pytest.mark.parametrize("name", ["Ann", "Cat", "Zoe"])
def test_each_person_has_their_share_and_their_place_among_everyone_who_sat(name):
    game = load(replaced(13))
    split = game.person_totals()
    placed = dict(zip(split, places(tuple(split.values())), strict=True))
    found = page(name)
    assert found is not None
    (barbu,) = found.kinds
    (result,) = barbu.results
    assert (result.total, result.place, result.worst) == (split[name], placed[name], max(placed.values()))
    assert barbu.rating is None  # a game whose seat changed hands is not rated


def test_the_substitute_met_everyone_who_sat_at_the_table():
    found = page("Zoe")
    assert found is not None
    assert dict(found.met) == {"Ann": 1, "Beth": 1, "Cat": 1, "Diana": 1}


def test_the_ladder_counts_each_persons_part():
    played = group_of(replaced(13))
    split = load(replaced(13)).person_totals()
    (ladder,) = ladders(played, Names(played, {}), 1)
    assert {r.name: r.total for r in ladder.rungs} == split
