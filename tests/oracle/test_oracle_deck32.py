"""Self-tests of the oracle's 32-card deck: counts, ranks, standard points and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from .reference import Invalid, score_game
from .reference_rules import contract_total, parse_rules

P4 = ["Ann", "Beth", "Cat", "Diana"]


def doc(hands: list[dict[str, Any]], players: list[str] = P4, **rules: Any) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": players,
        "first_declarer": players[0],
        "rules": rules,
        "hands": hands,
    }


def test_barbu_32_standard_totals_add_up_to_zero() -> None:
    rules = parse_rules({"deck": 32}, 4)
    totals = {c: contract_total(rules, c) for c in rules.contracts}
    assert totals == {
        "no-tricks": -16,
        "no-queens": -24,
        "no-last-two": -30,
        "no-hearts": -20,
        "barbu": -20,
        "trumps": 40,
        "dominoes": 70,
    }
    assert parse_rules({"deck": 32, "scheme": "standard"}, 4).points == rules.points


def test_barbette_32_each_declarer_adds_up_to_zero_either_way() -> None:
    rules = parse_rules({"game": "barbette", "deck": 32}, 4)
    negatives = sum(contract_total(rules, c) for c in ("barbu", "no-last-two", "no-queens"))
    assert negatives == -40 == -contract_total(rules, "trumps") == -contract_total(rules, "dominoes")


@pytest.mark.parametrize(("players", "tricks"), [(3, 10), (4, 8), (5, 6)])
def test_french_32_tricks_by_table(players: int, tricks: int) -> None:
    names = ["Ann", "Beth", "Cat", "Diana", "Eve"][:players]
    taken = {p: 0 for p in names} | {"Ann": tricks}
    scored = score_game(
        doc([{"contract": "tricks", "result": {"tricks": taken}}], names, game="french", deck=32)
    )
    assert scored["hands"][0]["raw"]["Ann"] == -5 * tricks
    with pytest.raises(Invalid):
        score_game(
            doc(
                [{"contract": "no-hearts", "result": {"hearts": taken | {"Ann": 13}}}],
                names,
                game="french",
                deck=32,
            )
        )


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        (
            {"deck": 32},
            [{"contract": "no-tricks", "result": {"tricks": dict(zip(P4, (4, 3, 3, 3), strict=True))}}],
        ),
        ({"deck": 32}, [{"contract": "dominoes", "rank": "6", "result": {"order": P4}}]),
        ({"deck": 36}, []),
        ({"deck": 32.0}, []),
        ({"deck": "32"}, []),
    ],
)
def test_refused(rules: dict[str, Any], hands: list[dict[str, Any]]) -> None:
    with pytest.raises(Invalid):
        score_game(doc(hands, **rules))


def test_no_deck_in_barbu_5_or_barbu_3() -> None:
    with pytest.raises(Invalid):
        score_game(doc([], [*P4, "Eve"], game="barbu-5", deck=32))
    with pytest.raises(Invalid):
        score_game(doc([], P4[:3], game="barbu-3", deck=52))
