"""The 32-card deck (`"deck": 32`): counts, ranks, trick numbers and standard points follow it,
files without it keep their meaning, and files that break it are refused naming the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GAMES, GameError, Rules, dump, load, loads
from scorekeeper.scoring.contracts import trick_number

P4 = ["Ann", "Beth", "Cat", "Diana"]


def doc(hands: list[dict[str, Any]], players: list[str] = P4, **rules: Any) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": players,
        "first_declarer": players[0],
        "rules": rules,
        "hands": hands,
    }


@pytest.mark.parametrize(
    ("game", "players", "tricks", "hearts"),
    [
        ("barbu", 4, 8, 8),
        ("barbette", 4, 8, 8),
        ("french", 3, 10, 8),  # the 7♣ and 7♦ go
        ("french", 4, 8, 8),
        ("french", 5, 6, 8),  # the 7♣ and 7♦ go
    ],
)
def test_counts_follow_the_deck(game: str, players: int, tricks: int, hearts: int) -> None:
    rules = Rules.of(GAMES[game], players, deck=32)
    assert (rules.deck.tricks, rules.deck.count("hearts"), rules.deck.count("queens")) == (tricks, hearts, 4)
    assert rules.deck.ranks == ("7", "8", "9", "10", "J", "Q", "K", "A")
    assert Rules.of(GAMES[game], players).deck.tricks != tricks  # 52 cards still by default


@pytest.mark.parametrize("game", ["barbu", "barbette"])
def test_standard_points_stay_zero_sum(game: str) -> None:
    rules = Rules.of(GAMES[game], deck=32)
    assert rules.zero_sum and rules.expected_game_total == 0
    assert rules.scheme != Rules.of(GAMES[game]).scheme


def test_barbu_32_contract_totals() -> None:
    rules = Rules.of(GAMES["barbu"], deck=32)
    totals = {k.id: rules.contract_total(k) for k in rules.contracts}
    assert totals == {
        "no-tricks": -16,
        "no-queens": -24,
        "no-last-two": -30,
        "no-hearts": -20,
        "barbu": -20,
        "trumps": 40,
        "dominoes": 70,
    }


def test_the_last_two_tricks_are_7_and_8() -> None:
    rules = Rules.of(GAMES["barbu"], deck=32)
    assert [trick_number(k, rules.deck.tricks) for k in ("penultimate", "last")] == [7, 8]


def test_games_without_the_key_keep_their_meaning_and_files() -> None:
    old = doc([{"contract": "no-tricks", "result": {"tricks": dict(zip(P4, (4, 3, 3, 3), strict=True))}}])
    game = load(old)
    assert game.rules.cards == 52
    assert "deck" not in dump(game)["rules"]


def test_a_32_card_game_scores_and_round_trips() -> None:
    hands = [
        {
            "contract": "no-hearts",
            "result": {"hearts": dict(zip(P4, (5, 1, 1, 1), strict=True)), "ace": "Ann"},
        },
        {"contract": "dominoes", "rank": "7", "result": {"order": P4}},
    ]
    game = load(doc(hands, deck=32, scheme="standard"))
    sheet = score_document(doc(hands, deck=32))
    assert [h["raw"] for h in sheet["hands"]] == [
        dict(zip(P4, (-14, -2, -2, -2), strict=True)),
        dict(zip(P4, (45, 25, 5, -5), strict=True)),
    ]
    again = loads(json.dumps(dump(game)))
    assert again.rules == game.rules and dump(again)["rules"]["deck"] == 32


@pytest.mark.parametrize(
    ("hands", "rules", "field"),
    [
        (
            [{"contract": "no-tricks", "result": {"tricks": dict(zip(P4, (4, 3, 3, 3), strict=True))}}],
            {},
            "tricks",
        ),
        ([{"contract": "dominoes", "rank": "2", "result": {"order": P4}}], {}, "rank"),
        (
            [{"contract": "no-queens", "result": {"queens": dict(zip(P4, (1, 1, 1, 1), strict=True))}}],
            {"deck": 36},
            "rules.deck",
        ),
        ([], {"deck": "32"}, "rules.deck"),
        ([], {"game": "barbu-5", "deck": 32}, "deck"),
    ],
)
def test_files_that_break_the_deck_are_refused_naming_the_field(
    hands: list[dict[str, Any]], rules: dict[str, Any], field: str
) -> None:
    players = ["Ann", "Beth", "Cat", "Diana", "Eve"] if rules.get("game") == "barbu-5" else P4
    with pytest.raises(GameError) as error:
        load(doc(hands, players, **({"deck": 32} | rules)))
    assert any(field in problem.message for problem in error.value.problems), error.value.problems
