"""Builders shared by the tests: game documents and hands without repeated setup."""

from __future__ import annotations

import copy
from typing import Any

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]


def worked_example() -> dict[str, Any]:
    """The two deals of the worked example in rules.md, as a game file."""
    return {
        "format": "barbu-game/1",
        "players": list(PLAYERS),
        "first_declarer": "Ann",
        "hands": [
            {
                "declarer": "Ann",
                "contract": "no-queens",
                "doubles": [
                    ["Beth", "Ann"],
                    ["Beth", "Cat"],
                    ["Beth", "Diana"],
                    ["Cat", "Ann"],
                    ["Ann", "Cat"],
                ],
                "result": {"queens": {"Ann": 1, "Beth": 0, "Cat": 1, "Diana": 2}},
            },
            {
                "declarer": "Ann",
                "contract": "no-hearts",
                "doubles": [["Diana", "Ann"], ["Diana", "Beth"], ["Diana", "Cat"], ["Ann", "Diana"]],
                "result": {"hearts": {"Ann": 0, "Beth": 3, "Cat": 8, "Diana": 2}, "ace": "Cat"},
            },
        ],
    }


def game(hands: list[dict[str, Any]] | None = None, **rules: Any) -> dict[str, Any]:
    """A game file for Ann, Beth, Cat and Diana with Ann declaring first."""
    doc: dict[str, Any] = {
        "format": "barbu-game/1",
        "players": list(PLAYERS),
        "first_declarer": "Ann",
        "hands": copy.deepcopy(hands or []),
    }
    if rules:
        doc["rules"] = rules
    return doc


def counts(a: int, b: int, c: int, d: int) -> dict[str, int]:
    """A count per player, in seating order."""
    return dict(zip(PLAYERS, (a, b, c, d), strict=True))


RESULTS: dict[str, dict[str, Any]] = {
    "no-tricks": {"tricks": counts(4, 3, 3, 3)},
    "no-queens": {"queens": counts(1, 1, 1, 1)},
    "no-last-two": {"penultimate": "Beth", "last": "Cat"},
    "no-hearts": {"hearts": counts(1, 4, 4, 4), "ace": "Ann"},
    "barbu": {"king": "Diana"},
    "trumps": {"tricks": counts(4, 3, 3, 3)},
    "dominoes": {"order": ["Beth", "Ann", "Diana", "Cat"]},
    "ravage-city": {"most": ["Cat"]},
}
"""A legal result for every contract."""


def hand(contract: str, doubles: list[list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    """A hand of `contract` with a legal result unless `extra` gives another."""
    h: dict[str, Any] = {"contract": contract, "doubles": doubles or []}
    if "result" not in extra:
        h["result"] = copy.deepcopy(RESULTS[contract])
    h.update(extra)
    return h


def block(declarer: str, contracts: list[str] | None = None) -> list[dict[str, Any]]:
    """A declarer's full block in which every opponent doubles the declarer in the first two deals."""
    order = contracts or ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu", "trumps", "dominoes"]
    others = [p for p in PLAYERS if p != declarer]
    return [hand(c, [[p, declarer] for p in others] if i < 2 else []) for i, c in enumerate(order)]


def full_game(**rules: Any) -> dict[str, Any]:
    """A complete standard game: four blocks, Ann, Beth, Cat then Diana declaring."""
    contracts = None
    if rules.get("ravage_city"):
        contracts = [*RESULTS]
    return game([h for p in PLAYERS for h in block(p, contracts)], **rules)
