"""The CLI's text sheet (present/text_sheet.py) after a player is replaced: the seat's head names
everyone who sat there, a line marks the deal the substitute sat down at, and each person's part
of the seat's total is given by the deals they played."""

from __future__ import annotations

import pytest

from scorekeeper.present.text_sheet import render
from scorekeeper.scoring import load, score
from tests.builders import full_game, game, hand


def sheet_of(*subs: dict) -> str:
    return render(score(load({**full_game(), "substitutes": list(subs)})))


ZOE = {"seat": 2, "from_deal": 13, "name": "Zoe"}
YAN = {"seat": 2, "from_deal": 20, "name": "Yan"}


@pytest.mark.parametrize(
    ("subs", "head", "marked"),
    [
        ((), "Cat (C)", []),
        ((ZOE,), "Cat → Zoe (C)", ["Cat → Zoe from deal 13"]),
        ((ZOE, YAN), "Cat → Zoe → … (C)", ["Cat → Zoe from deal 13", "Zoe → Yan from deal 20"]),
    ],
)
def test_the_seat_names_who_sat_there_and_where_they_sat_down(subs, head, marked):
    lines = sheet_of(*subs).splitlines()
    assert head in lines[0]
    assert [line.strip() for line in lines if " from deal " in line] == marked
    if marked:  # each line comes just before the row of the deal it names
        for said in marked:
            at = [line.strip() for line in lines].index(said)
            assert lines[at + 1].split()[0] == said.rsplit(" ", 1)[1]


@pytest.mark.parametrize("subs", [(), (ZOE,), (ZOE, YAN)])
def test_each_persons_part_of_the_total(subs):
    game = load({**full_game(), "substitutes": list(subs)})
    lines = sheet_of(*subs).splitlines()
    split = [line for line in lines if line.startswith("by person: ")]
    if not subs:
        assert split == []
        return
    totals, played = game.person_totals(), game.deals_played()
    expected = ", ".join(
        f"{n} {totals[n]:+d} ({played[n]} deals)" if totals[n] else f"{n} 0 ({played[n]} deals)"
        for n in game.people
    )
    assert split == [f"by person: {expected}"]


@pytest.mark.parametrize(
    ("subs", "said"),
    [
        ((), "Cat's deals add up to"),
        (({"seat": 2, "from_deal": 15, "name": "Zoe"},), "Zoe's deals add up to"),  # Zoe declares 15-21
        ((ZOE,), "Zoe's deals add up to"),
    ],
)
def test_a_declarers_check_names_who_declared(subs, said):
    assert said in sheet_of(*subs)


ANN_TAKES_ALL = {
    "no-tricks": {"tricks": {"Ann": 13, "Beth": 0, "Cat": 0, "Diana": 0}},
    "no-queens": {"queens": {"Ann": 4, "Beth": 0, "Cat": 0, "Diana": 0}},
}


@pytest.mark.parametrize(
    ("capots", "said"),
    [(0, ""), (1, " (+52 of it from the capot)"), (2, " (+100 of it from the 2 capots)")],
)
def test_the_game_total_says_how_much_of_it_the_capots_moved(capots, said):
    """A capot turns its deal's total (No tricks: -26 becomes +26): the game's total is off by that
    much from what the points say, and the text sheet says so, as the page and the PDF do."""
    deals = [hand(c, result=ANN_TAKES_ALL[c]) if n < capots else hand(c) for n, c in enumerate(ANN_TAKES_ALL)]
    sheet = score(load(game(deals, capot=True)))
    total = [line for line in render(sheet).splitlines() if line.startswith("game total ")]
    assert total == [
        f"game total {sheet.game_total}, a complete game totals {sheet.expected_game_total}{said}"
    ]
