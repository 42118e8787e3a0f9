"""Raw scores of every contract under every named scheme, and result checks."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import (
    SCHEMES,
    Contract,
    Dominoes,
    GameError,
    Hearts,
    King,
    LastTwo,
    Queens,
    Ravage,
    Tricks,
)

C = Contract
RAW = [
    # (scheme, contract, result, raw scores)
    ("standard", C.NO_TRICKS, Tricks((4, 3, 6, 0)), (-8, -6, -12, 0)),
    ("standard", C.NO_QUEENS, Queens((0, 4, 0, 0)), (0, -24, 0, 0)),
    ("standard", C.NO_LAST_TWO, LastTwo(2, 1), (0, -20, -10, 0)),
    ("standard", C.NO_LAST_TWO, LastTwo(3, 3), (0, 0, 0, -30)),
    ("standard", C.NO_HEARTS, Hearts((0, 3, 8, 2), 2), (0, -6, -20, -4)),
    ("standard", C.NO_HEARTS, Hearts((13, 0, 0, 0), 0), (-30, 0, 0, 0)),
    ("standard", C.BARBU, King(1), (0, -20, 0, 0)),
    ("standard", C.TRUMPS, Tricks((13, 0, 0, 0)), (65, 0, 0, 0)),
    ("standard", C.DOMINOES, Dominoes((2, 0, 3, 1)), (20, -5, 45, 5)),
    ("standard", C.RAVAGE_CITY, Ravage((1,)), (0, -36, 0, 0)),
    ("standard", C.RAVAGE_CITY, Ravage((0, 3)), (-18, 0, 0, -18)),
    ("standard", C.RAVAGE_CITY, Ravage((0, 1, 2)), (-12, -12, -12, 0)),
    ("standard", C.RAVAGE_CITY, Ravage((0, 1, 2, 3)), (-9, -9, -9, -9)),
    ("barbu-15", C.BARBU, King(0), (-15, 0, 0, 0)),
    ("barbu-15", C.DOMINOES, Dominoes((0, 1, 2, 3)), (40, 20, 10, -10)),
    ("dominoes-30", C.BARBU, King(3), (0, 0, 0, -15)),
    ("dominoes-30", C.DOMINOES, Dominoes((3, 2, 1, 0)), (0, 10, 20, 30)),
    ("brader", C.NO_TRICKS, Tricks((1, 2, 3, 7)), (-5, -10, -15, -35)),
    ("brader", C.NO_QUEENS, Queens((1, 1, 2, 0)), (-15, -15, -30, 0)),
    ("brader", C.NO_HEARTS, Hearts((1, 4, 4, 4), 0), (-12, -16, -16, -16)),
    ("brader", C.BARBU, King(2), (0, 0, -25, 0)),
    ("brader", C.DOMINOES, Dominoes((0, 1, 2, 3)), (40, 20, 0, -20)),
]


@pytest.mark.parametrize(
    ("scheme", "contract", "result", "raw"),
    RAW,
    ids=[f"{s}-{c}-{i}" for i, (s, c, _, _) in enumerate(RAW)],
)
def test_raw_scores(scheme, contract, result, raw):
    assert result.raw(contract, SCHEMES[scheme]) == raw


TOTALS = {
    "standard": (-26, -24, -30, -30, -20, 65, 65, -36),
    "barbu-15": (-26, -24, -30, -30, -15, 65, 60, -36),
    "dominoes-30": (-26, -24, -30, -30, -15, 65, 60, -36),
    "brader": (-65, -60, -30, -60, -25, 65, 40, -36),
}


@pytest.mark.parametrize("scheme", TOTALS)
def test_contract_totals(scheme):
    assert tuple(SCHEMES[scheme].contract_total(c) for c in Contract) == TOTALS[scheme]


BAD = [
    pytest.param(lambda: Tricks((4, 3, 3, 2)), "tricks add up to 12, not 13", id="tricks-sum"),
    pytest.param(lambda: Tricks((14, 0, 0, -1)), "cannot be negative", id="tricks-negative"),
    pytest.param(lambda: Queens((2, 2, 1, 0)), "queens add up to 5, not 4", id="queens-sum"),
    pytest.param(lambda: Hearts((4, 3, 3, 2), 0), "hearts add up to 12, not 13", id="hearts-sum"),
    pytest.param(lambda: Hearts((0, 5, 4, 4), 0), "at least one heart", id="ace-without-heart"),
    pytest.param(lambda: Dominoes((0, 1, 1, 2)), "exactly once", id="dominoes-repeat"),
    pytest.param(lambda: Ravage(()), "at least one", id="ravage-empty"),
    pytest.param(lambda: Ravage((1, 1)), "named twice", id="ravage-twice"),
    pytest.param(lambda: King(4), "not at the table", id="king-seat"),
    pytest.param(lambda: LastTwo(0, 7), "not at the table", id="last-seat"),
]


@pytest.mark.parametrize(("build", "message"), BAD)
def test_impossible_results_are_refused(build, message):
    with pytest.raises(GameError, match=message):
        build()
