"""The worked example of rules.md: both deals, every payment and total."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import Payment, load, score
from tests.builders import worked_example

ANN, BETH, CAT, DIANA = range(4)


@pytest.fixture(scope="module")
def sheet():
    return score(load(worked_example()))


def test_deal_1_no_queens(sheet):
    row = sheet.deals[0]
    assert row.raw == (-6, 0, -6, -12)
    assert row.payments == (
        Payment(ANN, BETH, 6, 1),  # A/B single
        Payment(ANN, CAT, 0, 2),  # A/C both ways, equal raw
        Payment(CAT, BETH, 6, 1),  # B/C single
        Payment(DIANA, BETH, 12, 1),  # B/D single
    )
    assert row.score == (-12, 24, -12, -24)
    assert row.contract_total == -24 == sum(row.score)


def test_deal_2_no_hearts(sheet):
    row = sheet.deals[1]
    assert row.raw == (0, -6, -20, -4)
    assert row.payments == (
        Payment(DIANA, ANN, 8, 2),
        Payment(BETH, DIANA, 2, 1),
        Payment(CAT, DIANA, 16, 1),
    )
    assert row.score == (8, -8, -36, 6)
    assert row.contract_total == -30 == sum(row.score)


def test_running_totals(sheet):
    assert sheet.deals[0].running == (-12, 24, -12, -24)
    assert sheet.totals == (-4, 16, -48, -18)
    assert sheet.deals_balance
    assert not sheet.complete and sheet.zero_sum is None
    assert sheet.expected_game_total == 0


def test_roles_of_the_first_deal(sheet):
    roles = sheet.deals[0].roles
    assert (roles.declarer, roles.dealer, roles.cutter, roles.leader) == (ANN, DIANA, CAT, ANN)
