"""Custom schemes: zero-sum or not, and dominoes values that balance them."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.scoring import BASE_CONTRACTS, SCHEMES, STANDARD, Contract, GameError, Rules

WITH_RAVAGE = (*BASE_CONTRACTS, Contract.RAVAGE_CITY)


@pytest.mark.parametrize("name", ["standard", "barbu-15", "dominoes-30"])
def test_named_zero_sum_schemes(name):
    assert Rules(scheme=SCHEMES[name]).zero_sum


def test_brader_is_not_zero_sum():
    assert Rules(scheme=SCHEMES["brader"], ravage_city=True).expected_game_total == -684


@pytest.mark.parametrize(
    ("changes", "contracts"),
    [
        pytest.param({"barbu": -25}, BASE_CONTRACTS, id="heavier-barbu"),
        pytest.param({"no_queens": -8}, BASE_CONTRACTS, id="heavier-queens"),
        pytest.param({"trumps": 4}, BASE_CONTRACTS, id="lighter-trumps"),
        pytest.param({}, WITH_RAVAGE, id="ravage-city-added"),
        pytest.param({"ravage_city": -24}, WITH_RAVAGE, id="light-ravage-city"),
    ],
)
def test_balancing_dominoes_make_the_scheme_zero_sum(changes, contracts):
    scheme = dataclasses.replace(STANDARD, name=None, **changes)
    balanced = dataclasses.replace(scheme, dominoes=scheme.balancing_dominoes(contracts))
    assert balanced.block_total(contracts) == 0
    assert list(balanced.dominoes) == sorted(balanced.dominoes, reverse=True)


def test_balanced_scheme_suggests_itself():
    assert STANDARD.balancing_dominoes(BASE_CONTRACTS) == STANDARD.dominoes


def test_ravage_city_must_share_evenly():
    with pytest.raises(GameError, match="multiple of 12"):
        dataclasses.replace(STANDARD, ravage_city=-30)
