"""A player's page (present/player.py): results, wins and last places, best and worst, the
strength history and the players met, worked out from the games as the engine scores them."""

from __future__ import annotations

from scorekeeper.present.group_stats import Names, records
from scorekeeper.present.player import player_page
from scorekeeper.present.ratings import rated
from scorekeeper.present.rivals import rivals
from scorekeeper.scoring.rating import history, table_of
from scorekeeper.scoring.rivals import ledger, net
from scorekeeper.scoring.streaks import places
from tests.builders import worked_example
from tests.web.groups.test_group_ratings import renamed

from .test_group_stats import as_group

ORDERS = (["Ann", "Beth", "Cat", "Diana"], ["Beth", "Eve", "Diana", "ann"], ["Cat", "Ann", "Beth", "Diana"])


def page(name: str):
    played = as_group([renamed(order) for order in ORDERS] + [worked_example()])
    names = Names(played, {"ann": "Ann"})
    finished = [one for one in played if one.game.complete]
    found = player_page(
        played,
        names,
        name,
        rated((one.game for one in played), names),
        records(finished, names),
        rivals(finished, names),
    )
    return played, names, found


def test_the_figures_of_a_player():
    played, names, found = page("ANN")  # any spelling the group folds to the player
    assert found is not None and found.name == "Ann"
    (barbu,) = found.kinds
    games = [one.game for one in played[:3]]  # the worked example is not over: not counted
    seat = [[names.shown(n) for n in g.players].index("Ann") for g in games]
    totals = [g.totals[s] for g, s in zip(games, seat, strict=True)]
    placed = [places(g.totals)[s] for g, s in zip(games, seat, strict=True)]
    assert [r.total for r in barbu.results] == totals and [r.place for r in barbu.results] == placed
    assert barbu.wins == placed.count(1) and barbu.lasts == placed.count(4)
    assert barbu.best.total == max(totals) and barbu.worst.total == min(totals)
    assert barbu.average == sum(totals) / 3
    tables = [t for t in (table_of(g, names.shown) for g in games) if t is not None]
    assert list(barbu.strengths) == history(tables, "Ann")["barbu"]
    assert barbu.rating is not None and barbu.rating.strength == barbu.strengths[-1]
    against = net(ledger(games, names.shown), "Ann")
    assert {f.name: f.won for f in barbu.foes} == against
    assert dict(found.met) == {"Beth": 3, "Cat": 2, "Diana": 3, "Eve": 1}


def test_a_player_of_no_finished_game_has_no_page():
    assert page("Nobody")[2] is None
    assert player_page([], Names([], {}), "Ann", (), (), ()) is None
