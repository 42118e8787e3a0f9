"""Rotation, roles, contracts left, compulsory doubles and settlement."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import Contract, GameError, load, score
from tests.builders import PLAYERS, block, full_game, game, hand

ANN, BETH, CAT, DIANA = range(4)


@pytest.mark.parametrize(
    ("rules", "deal_index", "declarer", "dealer"),
    [
        pytest.param({}, 0, ANN, DIANA, id="blocks-first"),
        pytest.param({}, 6, ANN, DIANA, id="blocks-seventh"),
        pytest.param({}, 7, BETH, ANN, id="blocks-next-declarer-left"),
        pytest.param({}, 27, DIANA, CAT, id="blocks-last"),
        pytest.param({"ravage_city": True}, 7, ANN, DIANA, id="ravage-eight-per-block"),
        pytest.param({"ravage_city": True}, 8, BETH, ANN, id="ravage-next-block"),
        pytest.param({"rotation": "every-deal"}, 1, BETH, ANN, id="every-deal-second"),
        pytest.param({"rotation": "every-deal"}, 6, CAT, BETH, id="every-deal-seventh"),
        pytest.param({"dealer_declares": True}, 0, ANN, ANN, id="dealer-declares"),
    ],
)
def test_roles(rules, deal_index, declarer, dealer):
    roles = load(game(**rules)).roles(deal_index)
    assert (roles.declarer, roles.dealer) == (declarer, dealer)


def test_turn_tracks_contracts_left_and_doubles_owed():
    g = load(game(block("Ann")[:3]))
    turn = g.next_turn()
    assert turn.number == 4 and turn.roles.declarer == ANN
    assert turn.contracts_left == (Contract.NO_HEARTS, Contract.BARBU, Contract.TRUMPS, Contract.DOMINOES)
    assert turn.owed == {BETH: 0, CAT: 0, DIANA: 0}
    assert turn.deals_left == 4 and not turn.forced


def test_forced_doubles_when_owed_equals_deals_left():
    hands = [hand(c) for c in ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu"]]
    turn = load(game(hands)).next_turn()
    assert turn.deals_left == 2
    assert turn.owed == {BETH: 2, CAT: 2, DIANA: 2}
    assert turn.forced == {BETH, CAT, DIANA}


def test_a_record_that_makes_compulsory_doubles_impossible_is_refused():
    hands = [hand(c) for c in ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu", "trumps"]]
    with pytest.raises(GameError) as caught:
        load(game(hands))
    assert [p.deal for p in caught.value.problems] == [6, 6, 6]
    assert "Beth must double Ann in this deal" in str(caught.value.problems[0])


def test_no_compulsory_doubles_when_turned_off():
    hands = [hand(c) for c in ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu", "trumps"]]
    load(game(hands, compulsory_doubles=0))


@pytest.mark.parametrize(
    ("contract", "scheme", "declarer_raw", "opponent_raw"),
    [
        pytest.param("no-tricks", "standard", 1, -9, id="no-tricks"),
        pytest.param("no-queens", "standard", 0, -8, id="no-queens"),
        pytest.param("no-last-two", "standard", 0, -10, id="no-last-two"),
        pytest.param("no-hearts", "standard", 0, -10, id="no-hearts"),
        pytest.param("barbu", "standard", 1, -7, id="barbu"),
        pytest.param("barbu", "barbu-15", 0, -5, id="barbu-15"),
    ],
)
def test_settled_without_play(contract, scheme, declarer_raw, opponent_raw):
    doc = game([hand(contract, result=None)], undoubled_negative="settle", scheme=scheme)
    del doc["hands"][0]["result"]
    row = score(load(doc)).deals[0]
    assert row.settled
    assert row.raw == (declarer_raw, opponent_raw, opponent_raw, opponent_raw)


def test_settle_still_plays_doubled_and_positive_contracts():
    doc = game([hand("no-tricks", [["Beth", "Ann"]]), hand("trumps")], undoubled_negative="settle")
    sheet = score(load(doc))
    assert not any(row.settled for row in sheet.deals)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param({}, id="standard"),
        pytest.param({"scheme": "barbu-15"}, id="barbu-15"),
        pytest.param({"scheme": "dominoes-30"}, id="dominoes-30"),
        pytest.param({"undoubled_negative": "settle"}, id="settle"),
    ],
)
def test_complete_zero_sum_game(rules):
    doc = full_game(**rules)
    if rules.get("undoubled_negative") == "settle":
        for h in doc["hands"]:
            if not h["doubles"] and h["contract"] not in ("trumps", "dominoes"):
                del h["result"]
    sheet = score(load(doc))
    assert sheet.complete and sheet.zero_sum is True and sheet.game_total == 0
    assert all(b.complete and b.balanced and b.total == 0 for b in sheet.blocks)
    assert load(doc).next_turn() is None


def test_ravage_city_added_to_standard_points_is_not_zero_sum():
    sheet = score(load(full_game(ravage_city=True)))
    assert sheet.complete and len(sheet.deals) == 32
    assert sheet.expected_game_total == -144 == sheet.game_total
    assert sheet.zero_sum is False
    assert all(b.balanced and b.expected == -36 for b in sheet.blocks)


def test_brader_game_totals_minus_684():
    sheet = score(load(full_game(scheme="brader", ravage_city=True)))
    assert sheet.expected_game_total == -684 == sheet.game_total
    assert sheet.zero_sum is False


def test_players_in_any_script():
    doc = game([hand("barbu", result={"king": "نگار"})])
    doc["players"] = ["Željka", "نگار", "<b>&amp;</b>", "Ава"]
    doc["first_declarer"] = "Željka"
    assert score(load(doc)).totals == (0, -20, 0, 0)
    assert PLAYERS  # the builders' default names are untouched
