"""The reference scorer's Salad make-ups (game-format.md, "The Salad's make-up"), worked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from .reference import Invalid, score_game

P4 = ["Ann", "Beth", "Cat", "Diana"]
VIV1BIN = {
    "no-tricks": 10,
    "no-hearts": 10,
    "no-queens": 20,
    "barbu": 80,
    "tricks": -5,
    "no-first-last": [40, 40],
    "dominoes": [-120, 0],
    "no-last-two": [20, 60],
}


def seats(*values: int) -> dict[str, int]:
    return dict(zip(P4, values, strict=True))


def game(salad: Any, result: dict[str, Any] | None = None, **rules: Any) -> dict[str, Any]:
    hands = [] if result is None else [{"contract": "salad", "result": result}]
    return {
        "format": "barbu-game/1",
        "players": P4,
        "first_declarer": "Ann",
        "rules": {"game": "french", "salad": salad, **rules},
        "hands": hands,
    }


def raw(doc: dict[str, Any]) -> list[int]:
    return list(score_game(doc)["hands"][0]["raw"].values())


def test_viv1bins_salad_totals_250_for_a_player_who_takes_everything() -> None:
    everything = {
        "tricks": seats(13, 0, 0, 0),
        "hearts": seats(13, 0, 0, 0),
        "queens": seats(4, 0, 0, 0),
        "king": "Ann",
        "penultimate": "Ann",
        "last": "Ann",
    }
    salad = {"parts": ["barbu", "no-hearts", "no-last-two", "no-queens", "no-tricks"], "halved": True}
    assert raw(game(salad, everything, scheme=VIV1BIN)) == [250, 0, 0, 0]
    # Without the last two tricks: 210.
    del everything["penultimate"], everything["last"]
    salad["parts"] = salad["parts"][:2] + salad["parts"][3:]
    assert raw(game(salad, everything, scheme=VIV1BIN)) == [210, 0, 0, 0]


def test_a_reward_of_the_king_and_the_last_trick() -> None:
    # Barbu 80 and the last trick 40 (no-first-last's last value), signs turned.
    salad = {"parts": ["last-trick", "barbu"], "scored": "reward"}
    assert raw(game(salad, {"king": "Cat", "last": "Beth"})) == [0, -40, -80, 0]
    assert score_game(game(salad, {"king": "Cat", "last": "Cat"}))["hands"][0]["contract_total"] == -120


@pytest.mark.parametrize(
    ("salad", "rules"),
    [
        ({"parts": ["trumps"]}, {}),
        ({"parts": []}, {}),
        ({"parts": ["barbu", "barbu"]}, {}),
        ({"halved": True}, {}),  # 5 a trick cannot be halved
        ({"halved": "true"}, {}),
        ({"scored": "bonus"}, {}),
        ({"parts": ["barbu"], "extra": 1}, {}),
        ({"parts": ["no-last-two"]}, {"scheme": {k: v for k, v in VIV1BIN.items() if k != "no-last-two"}}),
    ],
)
def test_bad_make_ups_are_invalid(salad: Any, rules: dict[str, Any]) -> None:
    with pytest.raises(Invalid):
        score_game(game(salad, **rules))


def test_a_deal_records_what_the_parts_need() -> None:
    salad = {"parts": ["barbu", "no-last-two"]}
    with pytest.raises(Invalid):
        score_game(game(salad, {"king": "Ann", "last": "Ann"}))
    with pytest.raises(Invalid):
        score_game(
            game(salad, {"king": "Ann", "last": "Ann", "penultimate": "Ann", "tricks": seats(13, 0, 0, 0)})
        )
    with pytest.raises(Invalid):
        score_game(game(["barbu"], {"king": "Ann"}, game="barbu"))
