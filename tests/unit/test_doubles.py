"""Doubling under every rule: who may double whom, and "maximum"."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import Contract, Doubling, GameError, Rules, load, maximum
from tests.builders import game, hand

ANN, BETH, CAT, DIANA = range(4)
STANDARD = Rules()
DECLARER_ONLY = Rules(doubling=Doubling.DECLARER_ONLY)
NONE = Rules(doubling=Doubling.NONE)

MAXIMUM = [
    # (rules, contract, player, doubles already made, expected targets); Ann declares
    ("standard", STANDARD, Contract.NO_QUEENS, BETH, set(), {ANN, CAT, DIANA}),
    ("positive", STANDARD, Contract.TRUMPS, BETH, set(), {ANN}),
    ("declarer-only", DECLARER_ONLY, Contract.NO_QUEENS, CAT, set(), {ANN}),
    ("none", NONE, Contract.NO_QUEENS, CAT, set(), set()),
    (
        "declarer-redoubles",
        STANDARD,
        Contract.NO_QUEENS,
        ANN,
        {(BETH, ANN), (CAT, ANN), (BETH, CAT)},
        {BETH, CAT},
    ),
    ("declarer-nobody", STANDARD, Contract.NO_QUEENS, ANN, {(BETH, CAT)}, set()),
    ("declarer-positive", STANDARD, Contract.DOMINOES, ANN, {(DIANA, ANN)}, {DIANA}),
]


@pytest.mark.parametrize(
    ("rules", "contract", "player", "made", "expected"),
    [m[1:] for m in MAXIMUM],
    ids=[m[0] for m in MAXIMUM],
)
def test_maximum(rules, contract, player, made, expected):
    assert maximum(player, ANN, contract, rules, made) == {(player, t) for t in expected}


LEGAL = [
    pytest.param("no-queens", [["Beth", "Cat"], ["Cat", "Beth"]], {}, id="non-declarers-both-ways"),
    pytest.param("trumps", [["Beth", "Ann"], ["Ann", "Beth"]], {}, id="positive-redouble"),
    pytest.param(
        "no-tricks",
        [["Beth", "Ann"], ["Cat", "Ann"], ["Ann", "Beth"], ["Ann", "Cat"]],
        {"redouble_all": True},
        id="redouble-all-complete",
    ),
    pytest.param("barbu", [["Diana", "Ann"]], {"doubling": "declarer-only"}, id="declarer-only-ok"),
]


@pytest.mark.parametrize(("contract", "doubles", "rules"), LEGAL)
def test_legal_doubles(contract, doubles, rules):
    load(game([hand(contract, doubles)], **rules))


ILLEGAL = [
    pytest.param("no-queens", [["Beth", "Beth"]], {}, "cannot double themselves", id="self"),
    pytest.param(
        "no-queens", [["Ann", "Beth"]], {}, "only redouble players who doubled", id="declarer-first"
    ),
    pytest.param("trumps", [["Beth", "Cat"]], {}, "only the declarer", id="positive-between-others"),
    pytest.param("dominoes", [["Cat", "Diana"]], {}, "only the declarer", id="dominoes-between-others"),
    pytest.param(
        "no-hearts", [["Beth", "Cat"]], {"doubling": "declarer-only"}, "only the declarer", id="declarer-only"
    ),
    pytest.param("no-hearts", [["Beth", "Ann"]], {"doubling": "none"}, "without doubling", id="none"),
    pytest.param(
        "no-tricks",
        [["Beth", "Ann"], ["Cat", "Ann"], ["Ann", "Beth"]],
        {"redouble_all": True},
        "must redouble everyone",
        id="redouble-all-partial",
    ),
]


@pytest.mark.parametrize(("contract", "doubles", "rules", "message"), ILLEGAL)
def test_illegal_doubles(contract, doubles, rules, message):
    with pytest.raises(GameError, match=message) as caught:
        load(game([hand(contract, doubles)], **rules))
    assert caught.value.problems[0].deal == 1
    assert caught.value.problems[0].field == "doubles"
