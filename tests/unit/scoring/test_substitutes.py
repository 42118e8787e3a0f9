"""A player replaced at their seat (game-format.md, "A player replaced mid-game"): the seat folds
unchanged, each person is credited with the seat's scores of the deals they sat in, and a wrong
replacement names its field."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.scoring import GameError, dump, load
from tests.builders import full_game, game

Doc = dict[str, Any]


def with_subs(doc: Doc, *subs: Doc) -> Doc:
    return {**doc, "substitutes": list(subs)}


def test_seats_fold_unchanged_and_people_split_by_deals_played() -> None:
    plain = load(full_game())
    subbed = load(with_subs(full_game(), {"seat": 2, "from_deal": 13, "name": "Zoe"}))
    assert subbed.totals == plain.totals
    assert [r.score for r in subbed.rows] == [r.score for r in plain.rows]
    people = subbed.person_totals()
    assert people["Cat"] == sum(r.score[2] for r in plain.rows[:12])
    assert people["Zoe"] == sum(r.score[2] for r in plain.rows[12:])
    assert people["Cat"] + people["Zoe"] == plain.totals[2]
    assert [people[p] for p in ("Ann", "Beth", "Diana")] == [plain.totals[s] for s in (0, 1, 3)]
    assert subbed.deals_played() == {"Ann": 28, "Beth": 28, "Cat": 12, "Diana": 28, "Zoe": 16}
    assert subbed.seated(11) == ("Ann", "Beth", "Cat", "Diana")
    assert subbed.seated(12) == ("Ann", "Beth", "Zoe", "Diana")


def test_a_seat_taken_over_twice() -> None:
    subs = ({"seat": 0, "from_deal": 5, "name": "Zoe"}, {"seat": 0, "from_deal": 20, "name": "Yan"})
    g = load(with_subs(full_game(), *subs))
    assert g.deals_played()["Ann"] == 4
    assert g.deals_played()["Zoe"] == 15
    assert g.deals_played()["Yan"] == 9
    assert sum(g.person_totals().values()) == sum(g.totals)


def test_the_replacement_keeps_the_seats_contracts_and_doubles_owed() -> None:
    # Ann declares deals 1-7; she leaves after deal 1 and Zoe owes nothing new: the turn is the seat's.
    doc = full_game()
    doc["hands"] = doc["hands"][:1]
    before = load(doc)
    after = before.substitute(0, "Zoe")
    assert after.substitutes[0].from_deal == 2
    assert after.next_turn() == before.next_turn()
    assert after.deals == before.deals


def test_the_next_deal_may_come_after_the_hands_entered() -> None:
    g = load(with_subs(game(), {"seat": 1, "from_deal": 2, "name": "Zoe"}))
    assert g.person_totals() == {"Ann": 0, "Beth": 0, "Cat": 0, "Diana": 0, "Zoe": 0}


@pytest.mark.parametrize(
    ("subs", "field"),
    [
        ([{"seat": 4, "from_deal": 3, "name": "Zoe"}], "substitutes[0].seat"),
        ([{"seat": -1, "from_deal": 3, "name": "Zoe"}], "substitutes[0].seat"),
        ([{"seat": True, "from_deal": 3, "name": "Zoe"}], "substitutes[0].seat"),
        ([{"seat": 1, "from_deal": 1, "name": "Zoe"}], "substitutes[0].from_deal"),
        ([{"seat": 1, "from_deal": 29, "name": "Zoe"}], "substitutes[0].from_deal"),
        ([{"seat": 1, "from_deal": 2.0, "name": "Zoe"}], "substitutes[0].from_deal"),
        ([{"seat": 1, "from_deal": 3, "name": "cat"}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3, "name": " Zoe"}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3, "name": ""}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3, "name": "Z\u202eoe"}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3, "name": 7}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3}], "substitutes[0].name"),
        ([{"seat": 1, "from_deal": 3, "name": "Zoe", "why": "ill"}], "substitutes[0]"),
        (
            [{"seat": 1, "from_deal": 3, "name": "Zoe"}, {"seat": 2, "from_deal": 4, "name": "ZOE"}],
            "substitutes[1].name",
        ),
        (
            [{"seat": 1, "from_deal": 9, "name": "Zoe"}, {"seat": 1, "from_deal": 9, "name": "Yan"}],
            "substitutes[1].from_deal",
        ),
        (
            [{"seat": 1, "from_deal": 9, "name": "Zoe"}, {"seat": 1, "from_deal": 4, "name": "Yan"}],
            "substitutes[1].from_deal",
        ),
        ("Zoe", "substitutes"),
        (["Zoe"], "substitutes[0]"),
    ],
)
def test_a_wrong_replacement_names_its_field(subs: Any, field: str) -> None:
    with pytest.raises(GameError) as error:
        load({**full_game(), "substitutes": subs})
    assert [p.field for p in error.value.problems] == [field]
    assert str(error.value).startswith(f"{field}: ")


def test_the_file_keeps_them_and_leaves_them_out_when_nobody_was_replaced() -> None:
    subs = [{"seat": 3, "from_deal": 8, "name": "Zoe"}]
    doc = dump(load(with_subs(full_game(), *subs)))
    assert doc["substitutes"] == subs
    assert load(doc).person_totals() == load(with_subs(full_game(), *subs)).person_totals()
    assert "substitutes" not in dump(load(full_game()))


def test_a_replacement_after_the_game_is_over_is_refused() -> None:
    with pytest.raises(GameError) as error:
        load(full_game()).substitute(1, "Zoe")
    assert error.value.problems[0].field == "substitutes[0].from_deal"
