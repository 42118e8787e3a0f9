"""Capot (`"capot": true`): taking every counted card of a negative contract turns its total's sign."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GameError, dump, load

P4 = ["Ann", "Beth", "Cat", "Diana"]


def doc(hands: list[dict[str, Any]], players: list[str] = P4, **rules: Any) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": players,
        "first_declarer": players[0],
        "rules": rules,
        "hands": hands,
    }


def seats(*values: int, players: list[str] = P4) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


@pytest.mark.parametrize(
    ("rules", "hand", "raw"),
    [
        ({}, {"contract": "no-tricks", "result": {"tricks": seats(13, 0, 0, 0)}}, (26, 0, 0, 0)),
        ({}, {"contract": "no-queens", "result": {"queens": seats(0, 4, 0, 0)}}, (0, 24, 0, 0)),
        (
            {},
            {"contract": "no-hearts", "result": {"hearts": seats(0, 0, 13, 0), "ace": "Cat"}},
            (0, 0, 30, 0),
        ),
        (
            {"deck": 32},
            {"contract": "no-hearts", "result": {"hearts": seats(8, 0, 0, 0), "ace": "Ann"}},
            (20, 0, 0, 0),
        ),
        (
            {"game": "french"},
            {"contract": "no-queens", "result": {"queens": seats(4, 0, 0, 0)}},
            (-80, 0, 0, 0),
        ),
        # Not every card: the usual scores.
        ({}, {"contract": "no-tricks", "result": {"tricks": seats(12, 1, 0, 0)}}, (-24, -2, 0, 0)),
        # Single cards have no capot, nor the positive contracts.
        ({}, {"contract": "barbu", "result": {"king": "Ann"}}, (-20, 0, 0, 0)),
    ],
)
def test_capot_raw_scores(rules: dict[str, Any], hand: dict[str, Any], raw: tuple[int, ...]) -> None:
    scored = score_document(doc([hand], **{"capot": True} | rules))
    assert tuple(scored["hands"][0]["raw"].values()) == raw
    assert scored["hands"][0]["contract_total"] == sum(raw)
    assert scored["checks"]["deals_balance"]


def test_without_the_option_taking_everything_scores_as_ever() -> None:
    scored = score_document(doc([{"contract": "no-tricks", "result": {"tricks": seats(13, 0, 0, 0)}}]))
    assert tuple(scored["hands"][0]["raw"].values()) == (-26, 0, 0, 0)


def test_doubles_settle_on_the_capot_scores_and_the_block_still_balances() -> None:
    hands = [
        {"contract": "no-queens", "doubles": [["Beth", "Ann"]], "result": {"queens": seats(4, 0, 0, 0)}},
        {"contract": "no-tricks", "result": {"tricks": seats(4, 3, 3, 3)}},
    ]
    scored = score_document(doc(hands, capot=True))
    assert scored["hands"][0]["score"] == seats(48, -24, 0, 0)
    block = scored["checks"]["blocks"][0]
    assert block["expected"] == 48  # 0 for the seven contracts, and +24 instead of −24
    assert block["balanced"]


def test_capot_round_trips_and_is_refused_where_it_does_not_apply() -> None:
    game = load(doc([], capot=True))
    assert dump(game)["rules"]["capot"] is True
    with pytest.raises(GameError) as error:
        load(doc([], capot="yes"))
    assert error.value.problems[0].field == "rules.capot"
    with pytest.raises(GameError) as error:
        load(doc([], ["Ann", "Bob", "Cy"], game="barbu-3", capot=True))
    assert "capot" in str(error.value.problems[0])


@pytest.mark.parametrize(
    ("deck", "hand", "field"),
    [
        # A capot is never claimed: the counts say whether there was one, so a claim is refused.
        (52, {"contract": "no-tricks", "result": {"tricks": seats(12, 1, 0, 0), "capot": "Ann"}}, "result"),
        (52, {"contract": "no-queens", "capot": "Ann", "result": {"queens": seats(3, 1, 0, 0)}}, "hand"),
        # Every card is the deck's number: 13 tricks with 32 cards is refused, naming the counts.
        (32, {"contract": "no-tricks", "result": {"tricks": seats(13, 0, 0, 0)}}, "tricks"),
    ],
)
def test_a_capot_cannot_be_claimed_without_every_card(deck: int, hand: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as error:
        load(doc([hand], capot=True, deck=deck))
    assert error.value.problems[0].field.startswith(field), error.value
    assert error.value.problems[0].deal == 1
