"""Settling in poker chips (rules.md, end): hand-worked deals and the net-chips identity.

A non-declarer nets their deal score; the declarer nets deal score minus the
contract total (see `chip_nets`' docstring for the derivation). Checked here
on hand-worked deals and on every hand of many generated games.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

from .generate import random_game
from .reference import chip_moves, chip_nets, score_game
from .test_oracle_self import WORKED

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return doc


def move(frm: str, to: str, amount: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount}


def test_negative_contract_worked_example() -> None:
    """rules.md deal 1, No queens: raw Ann -6, Beth 0, Cat -6, Diana -12; Ann declares."""
    assert chip_moves(WORKED)[0] == [
        # Doubles: Ann/Beth 6, Ann/Cat redoubled but equal stacks (no move), Cat/Beth 6, Diana/Beth 12.
        move("Ann", "Beth", 6),
        move("Cat", "Beth", 6),
        move("Diana", "Beth", 12),
        # Ann collects the stacks from her left: Beth has none, Cat 6, Diana 12.
        move("Cat", "Ann", 6),
        move("Diana", "Ann", 12),
    ]
    # Ann: -6 + 6 + 12 = 12 = her deal score -12 minus the contract total -24.
    assert chip_nets(WORKED)[0] == {"Ann": 12, "Beth": 24, "Cat": -12, "Diana": -24}


def test_negative_contract_five_players() -> None:
    """barbu-5 example, deal 1, No tricks: raw Ann -2, Beth -4, Cat -6, Diana 0, Eve -8."""
    assert chip_moves(load("barbu-5"))[0] == [
        move("Beth", "Ann", 2),
        move("Eve", "Ann", 12),
        move("Eve", "Beth", 4),
        move("Beth", "Ann", 4),
        move("Cat", "Ann", 6),
        move("Eve", "Ann", 8),  # Diana's empty stack: no move
    ]
    assert chip_nets(load("barbu-5"))[0] == {"Ann": 32, "Beth": -2, "Cat": -6, "Diana": 0, "Eve": -24}


def test_positive_contract_dominoes_last_player_pays_the_declarer() -> None:
    """barbu-5 example, deal 2, Dominoes: raw Ann 10, Beth 0, Cat 25, Diana 45, Eve -6."""
    assert chip_moves(load("barbu-5"))[1] == [
        move("Ann", "Cat", 15),  # Cat doubled Ann and did better
        move("Ann", "Diana", 70),  # Diana doubled, Ann redoubled: 2 x 35
        move("Ann", "Cat", 25),
        move("Ann", "Diana", 45),
        move("Eve", "Ann", 6),  # the last out pays the declarer
    ]
    # Ann: -15 - 70 - 25 - 45 + 6 = -149 = deal score -75 minus contract total 74.
    assert chip_nets(load("barbu-5"))[1] == {"Ann": -149, "Beth": 0, "Cat": 40, "Diana": 115, "Eve": -6}


def test_positive_contracts_three_players_and_barbette() -> None:
    # barbu-3, deal 3: Cy declares Dominoes; out Bob 45, Cy 15, Ann -5. Cy's left is Ann.
    assert chip_moves(load("barbu-3"))[2] == [
        move("Ann", "Cy", 20),
        move("Cy", "Bob", 60),
        move("Ann", "Cy", 5),
        move("Cy", "Bob", 45),
    ]
    assert chip_nets(load("barbu-3"))[2] == {"Ann": -25, "Bob": 105, "Cy": -80}
    # barbette, deal 5: Beth declares Trumps; raw Ann 15, Beth 30, Cat 5, Diana 15.
    assert chip_moves(load("barbette"))[4] == [
        move("Ann", "Beth", 15),
        move("Cat", "Beth", 50),
        move("Beth", "Cat", 5),
        move("Beth", "Diana", 15),
        move("Beth", "Ann", 15),
    ]
    assert chip_nets(load("barbette"))[4] == {"Ann": 0, "Beth": 30, "Cat": -45, "Diana": 15}


def test_settled_without_play_and_positive_points_in_a_negative_contract() -> None:
    base = {"format": "barbu-game/1", "players": ["Ann", "Beth", "Cat", "Diana"], "first_declarer": "Ann"}
    settled = {**base, "rules": {"undoubled_negative": "settle"}, "hands": [{"contract": "no-tricks"}]}
    # Ann +1, the others -9 each: each pays Ann 9; Ann nets 27 = 1 - (-26).
    assert chip_moves(settled) == [[move("Beth", "Ann", 9), move("Cat", "Ann", 9), move("Diana", "Ann", 9)]]
    # Convention: a positive raw score in a negative contract is paid by the declarer.
    points = {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-two": [-10, -20],
        "no-hearts": {"heart": -2, "ace": -6},
        "barbu": 20,
        "trumps": 5,
        "dominoes": [45, 20, 5, -5],
    }
    odd = {**base, "rules": {"scheme": points}, "hands": [{"contract": "barbu", "result": {"king": "Beth"}}]}
    assert chip_moves(odd) == [[move("Ann", "Beth", 20)]]
    assert chip_nets(odd) == [{"Ann": -20, "Beth": 20, "Cat": 0, "Diana": 0}]


def test_french_has_no_chips() -> None:
    with pytest.raises(ValueError):
        chip_moves(load("french"))


@pytest.mark.parametrize("game", ["barbu", "barbu-3", "barbette", "barbu-5"])
def test_nets_are_deal_scores_less_the_contract_total_for_the_declarer(game: str) -> None:
    for seed in range(40):
        doc = random_game(Random(seed), game=game)
        scored = score_game(doc)
        players = scored["players"]
        for hand, moves, net in zip(scored["hands"], chip_moves(doc), chip_nets(doc), strict=True):
            declarer = hand["declarer"]
            assert all(m["amount"] > 0 and m["from"] != m["to"] for m in moves)
            assert sum(net.values()) == 0
            for p in players:
                expected = hand["score"][p] - (hand["contract_total"] if p == declarer else 0)
                assert net[p] == expected, (seed, hand["number"], p)
            # Doubles first, as the payments; then the collection, round from the declarer's left.
            doubles = [
                move(pay["from"], pay["to"], pay["amount"]) for pay in hand["payments"] if pay["amount"]
            ]
            assert moves[: len(doubles)] == doubles
            d = players.index(declarer)
            others = [players[(d + k) % len(players)] for k in range(1, len(players))]
            collection = moves[len(doubles) :]
            assert [m["to"] if m["from"] == declarer else m["from"] for m in collection] == [
                p for p in others if hand["raw"][p] != 0
            ]
            assert all(declarer in (m["from"], m["to"]) for m in collection)
