"""A Game folds its deals once: loading records each deal once, adding a deal records only that
deal and keeps the earlier rows, and scoring and turns read the fold instead of replaying it."""

from __future__ import annotations

import pytest

from scorekeeper.present.report import sheet_json
from scorekeeper.scoring import Game, GameError, dump, load, score
from tests.unit.family import complete, deal, play_on, rules, table

GAMES = [
    pytest.param(rules("barbu"), id="barbu"),
    pytest.param(rules("barbu", ravage_city=True, rotation="every-deal"), id="barbu-every-deal-ravage"),
    pytest.param(rules("barbu-3"), id="barbu-3"),
    pytest.param(rules("barbette"), id="barbette"),
    pytest.param(rules("barbu-5"), id="barbu-5"),
    pytest.param(rules("french", 3), id="french-3"),
    pytest.param(rules("french", 5, sequence="fixed"), id="french-5-fixed"),
]


@pytest.fixture
def records(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The index of every deal `Game._record` checks and scores, in order."""
    calls: list[int] = []
    original = Game._record

    def counting(self, ledger, index, deal):
        calls.append(index)
        return original(self, ledger, index, deal)

    monkeypatch.setattr(Game, "_record", counting)
    return calls


@pytest.mark.parametrize("rules", GAMES)
def test_load_records_each_deal_once(rules, records):
    doc = dump(complete(rules))
    records.clear()
    load(doc)
    assert records == list(range(rules.total_deals))


@pytest.mark.parametrize("rules", GAMES)
def test_scoring_and_turns_read_the_fold(rules, records):
    doc = dump(play_on(table(rules), 6))
    records.clear()
    game = load(doc)
    assert records == list(range(6))
    records.clear()
    sheet = score(game)
    sheet_json(sheet)
    turns = [game.turn(i) for i in range(7)]
    assert game.next_turn() is turns[6] is game.next
    assert records == []
    assert sheet.deals is game.rows
    assert all(turns[i] is row.turn for i, row in enumerate(game.rows))


@pytest.mark.parametrize("rules", GAMES)
def test_add_records_only_the_new_deal(rules, records):
    game = play_on(table(rules), 5)
    records.clear()
    grown = play_on(game, 1)
    assert records == [5]
    assert all(new is old for new, old in zip(grown.rows, game.rows, strict=False))
    assert len(grown.rows) == 6 and len(game.rows) == 5
    assert grown.rows[5].turn == game.next_turn()


@pytest.mark.parametrize("rules", GAMES)
def test_an_added_deal_scores_as_a_fresh_fold(rules):
    grown = play_on(table(rules), 8)
    fresh = Game(grown.players, grown.first_declarer, grown.rules, grown.deals)
    assert grown == fresh
    assert (grown.rows, grown.totals, grown.next_turn()) == (fresh.rows, fresh.totals, fresh.next_turn())


def test_two_games_grown_from_one_share_nothing():
    barbu = rules("barbu")
    base = table(barbu).add(deal(barbu, "no-tricks"))
    queens = base.add(deal(barbu, "no-queens"))
    hearts = base.add(deal(barbu, "no-hearts"))
    assert [k.id for k in hearts.next_turn().contracts_left] == [
        "no-queens",
        "no-last-two",
        "barbu",
        "trumps",
        "dominoes",
    ]
    assert [k.id for k in queens.next_turn().contracts_left] == [
        "no-last-two",
        "no-hearts",
        "barbu",
        "trumps",
        "dominoes",
    ]
    assert [k.id for k in base.next_turn().contracts_left][:2] == ["no-queens", "no-last-two"]


def test_a_refused_deal_leaves_the_game_as_it_was():
    barbu = rules("barbu")
    game = play_on(table(barbu), 3)
    before = (game.rows, game.totals, game.next_turn())
    with pytest.raises(GameError):
        game.add(deal(barbu, "no-tricks"))  # played already
    assert (game.rows, game.totals, game.next_turn()) == before
    grown = play_on(game, 1)
    assert grown.totals == Game(game.players, 0, barbu, grown.deals).totals


def test_replace_checks_the_later_deals_again(records):
    barbu = rules("barbu")
    game = play_on(table(barbu), 4)
    records.clear()
    fixed = game.replace(1, deal(barbu, "no-queens", result=game.deals[1].result))
    assert set(range(1, 4)) <= set(records)
    assert fixed == game
    with pytest.raises(GameError, match="Ann has already declared No tricks"):
        game.replace(1, deal(barbu, "no-tricks"))


def test_undo_is_the_game_before_the_last_deal():
    barbu = rules("barbette")
    game = play_on(table(barbu), 5)
    assert game.undo() == play_on(table(barbu), 4)
    assert game.undo().next_turn() == play_on(table(barbu), 4).next_turn()


@pytest.mark.parametrize("n", [0, 3, 7, 12])
def test_upto_is_the_game_as_it_stood_after_that_many_deals(n):
    barbu = rules("barbu")
    game = play_on(table(barbu), 12)
    assert game.upto(n) == play_on(table(barbu), n)
    assert game.upto(n).totals == play_on(table(barbu), n).totals
