"""End-of-evening awards (scoring/awards.py), worked out by hand from rules.md's worked example
and from small games of the builders."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import load
from scorekeeper.scoring.awards import AWARDS, Award, awards
from tests.builders import counts, game, hand, worked_example

# rules.md's worked example. Doubled: Ann by Beth and Cat, then Diana; Cat by Beth and Ann, then
# Diana; Diana by Beth, then Ann; Beth by Diana. Doubling: Beth 3 (deal 1), Diana 3 (deal 2).
# No queens: Beth alone takes none. Redoubles: Ann-Cat at 0 (equal raws), then Ann-Diana: Diana
# (-4) pays twice the difference to Ann (0), 8. Deal scores: Beth +24 in deal 1, Cat -36 in deal 2.
WORKED = {
    "most-doubled": Award("most-doubled", ("Ann", "Cat"), 3),
    "most-doubles": Award("most-doubles", ("Beth", "Diana"), 3),
    "clean-queens": Award("clean-queens", ("Beth",), 1),
    "redoubles-paid": Award("redoubles-paid", ("Diana",), 8),
    "best-deal": Award("best-deal", ("Beth",), 24),
    "worst-deal": Award("worst-deal", ("Cat",), -36),
}

TRUMPS = game([hand("trumps", result={"tricks": counts(2, 6, 3, 2)})])
UNDOUBLED_QUEENS = game([hand("no-queens", result={"queens": counts(0, 4, 0, 0)})])


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        ([], {}),
        ([worked_example()], WORKED),
        # +5 a trick: Beth's 6 tricks make 30; nobody doubled, so no doubling award.
        (
            [TRUMPS],
            {
                "biggest-trumps": Award("biggest-trumps", ("Beth",), 30),
                "best-deal": Award("best-deal", ("Beth",), 30),
                "worst-deal": Award("worst-deal", ("Ann", "Diana"), 10),
            },
        ),
        # Three clean players of four (-6 a queen: Beth -24).
        (
            [UNDOUBLED_QUEENS],
            {
                "clean-queens": Award("clean-queens", ("Ann", "Cat", "Diana"), 1),
                "best-deal": Award("best-deal", ("Ann", "Cat", "Diana"), 0),
                "worst-deal": Award("worst-deal", ("Beth",), -24),
            },
        ),
        # Two games add up: one clean No queens each; the deals' extremes stay the worked example's.
        (
            [worked_example(), UNDOUBLED_QUEENS],
            WORKED | {"clean-queens": Award("clean-queens", ("Ann", "Beth", "Cat", "Diana"), 1)},
        ),
    ],
)
def test_awards(games, expected):
    found = awards([load(doc) for doc in games])
    assert {a.id: a for a in found} == expected
    assert [a.id for a in found] == [a for a in AWARDS if a in expected]


def test_merged_names_add_up():
    doc = worked_example()
    merged = {"Ann": "Cat"}  # two seats under one key: each seat's figures still count
    found = {a.id: a for a in awards([load(doc)], lambda n: merged.get(n, n))}
    assert found["most-doubled"] == Award("most-doubled", ("Cat",), 6)


# Zoe takes Cat's seat from deal 2: Cat keeps deal 1 (doubled by Beth and Ann, -12), Zoe deal 2
# (doubled by Diana, -36 the worst deal).
SUBBED = {
    "most-doubled": Award("most-doubled", ("Ann",), 3),
    "worst-deal": Award("worst-deal", ("Zoe",), -36),
    "best-deal": Award("best-deal", ("Beth",), 24),
}


@pytest.mark.parametrize(("award", "expected"), SUBBED.items())
def test_a_deals_award_goes_to_whoever_sat_there(award, expected):
    doc = {**worked_example(), "substitutes": [{"seat": 2, "from_deal": 2, "name": "Zoe"}]}
    found = {a.id: a for a in awards([load(doc)])}
    assert found[award] == expected
