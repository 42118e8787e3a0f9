"""French Barbu's "last_two": the last two tricks (20 and 60) instead of No first or last trick."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GAMES, GameError, Rules, load

P4 = ["Ann", "Beth", "Cat", "Diana"]


def doc(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": P4,
        "first_declarer": "Ann",
        "rules": {"game": "french", **rules},
        "hands": hands,
    }


def test_the_seventh_contract_is_the_last_two() -> None:
    ids = [k.id for k in Rules.of(GAMES["french"], 4, last_two=True).contracts]
    assert "no-last-two" in ids and "no-first-last" not in ids and len(ids) == 8


def test_the_last_two_score_20_and_60() -> None:
    hands = [{"contract": "no-last-two", "result": {"penultimate": "Beth", "last": "Cat"}}]
    scored = score_document(doc(hands, last_two=True))
    assert scored["hands"][0]["raw"] == {"Ann": 0, "Beth": 20, "Cat": 60, "Diana": 0}


@pytest.mark.parametrize(
    ("rules", "contract", "result"),
    [
        ({}, "no-last-two", {"penultimate": "Beth", "last": "Cat"}),
        ({"last_two": True}, "no-first-last", {"first": "Beth", "last": "Cat"}),
    ],
)
def test_only_the_chosen_one_is_played(rules: dict[str, Any], contract: str, result: dict[str, Any]) -> None:
    with pytest.raises(GameError):
        load(doc([{"contract": contract, "result": result}], **rules))


def test_a_points_object_needs_only_the_contract_played() -> None:
    points = {"no-tricks": 5, "no-hearts": 5, "no-queens": 20, "barbu": 80, "tricks": -5}
    points |= {"dominoes": [-50, -20, 20, 40], "no-last-two": [10, 30]}
    rules = load(doc([], last_two=True, scheme=points)).rules
    assert rules.scheme["no-last-two"] == (10, 30)
    with pytest.raises(GameError) as error:
        load(doc([], scheme=points))
    assert error.value.problems[0].field == "rules.scheme.no-first-last"
