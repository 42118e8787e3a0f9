"""Entering deals through the form: the worked example of rules.md and every contract."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.report import score_document
from tests.builders import game
from tests.web.helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    WORKED_TOTALS,
    create_game,
    enter,
    export,
    hands,
    import_game,
    post_deal,
    text_of,
    totals,
)


def test_the_worked_example_entered_through_the_form(client: FlaskClient) -> None:
    links = create_game(client)
    response = post_deal(client, links, WORKED_DEAL_1)
    assert response.status_code == 303
    assert response.headers["Location"] == f"{links.edit}#deal-1"
    enter(client, links, WORKED_DEAL_2)

    sheet = score_document(export(client, links.edit))
    assert [h["score"] for h in sheet["hands"]] == [
        {"Ann": -12, "Beth": 24, "Cat": -12, "Diana": -24},
        {"Ann": 8, "Beth": -8, "Cat": -36, "Diana": 6},
    ]
    assert sheet["totals"] == WORKED_TOTALS

    text = text_of(client.get(links.edit).text)
    assert "Running total −4 +16 −48 −18" in text
    # Deal rows: per player doubles, raw score and deal score, then the contract total.
    assert re.search(r"1 A Queens C −6 −12 X 0 \+24 A −6 −12 −12 −24 −24", text), text
    assert re.search(r"2 A Hearts D 0 \+8 −6 −8 −20 −36 X −4 \+6 −30", text), text
    assert "Every deal adds up to its contract total: passed" in text


def test_the_worked_example_doubles_are_stored_as_entered(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    first, second = hands(client, links)
    assert sorted(first["doubles"]) == sorted(
        [["Beth", "Ann"], ["Beth", "Cat"], ["Beth", "Diana"], ["Cat", "Ann"], ["Ann", "Cat"]]
    )
    assert sorted(second["doubles"]) == sorted(
        [["Diana", "Ann"], ["Diana", "Beth"], ["Diana", "Cat"], ["Ann", "Diana"]]
    )


COUNTS = {"Ann": 4, "Beth": 3, "Cat": 3, "Diana": 3}
CONTRACTS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "no-tricks, the blank count worked out from 13",
        {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "3", "tricks_2": "", "tricks_3": "3"},
        {"contract": "no-tricks", "result": {"tricks": COUNTS}},
    ),
    (
        "no-queens, each queen assigned",
        {
            "contract": "no-queens",
            "queen_spades": "1",
            "queen_hearts": "1",
            "queen_diamonds": "3",
            "queen_clubs": "0",
        },
        {"contract": "no-queens", "result": {"queens": {"Ann": 1, "Beth": 2, "Cat": 0, "Diana": 1}}},
    ),
    (
        "no-last-two, one player took both",
        {"contract": "no-last-two", "penultimate": "2", "last": "2"},
        {"contract": "no-last-two", "result": {"penultimate": "Cat", "last": "Cat"}},
    ),
    (
        "no-hearts with the ace",
        {
            "contract": "no-hearts",
            "hearts_0": "1",
            "hearts_1": "",
            "hearts_2": "4",
            "hearts_3": "4",
            "ace": "0",
        },
        {
            "contract": "no-hearts",
            "result": {"hearts": {"Ann": 1, "Beth": 4, "Cat": 4, "Diana": 4}, "ace": "Ann"},
        },
    ),
    (
        "barbu",
        {"contract": "barbu", "king": "3"},
        {"contract": "barbu", "result": {"king": "Diana"}},
    ),
    (
        "trumps with the suit",
        {
            "contract": "trumps",
            "trump": "diamonds",
            "tricks_0": "",
            "tricks_1": "3",
            "tricks_2": "3",
            "tricks_3": "3",
        },
        {"contract": "trumps", "trump": "diamonds", "result": {"tricks": COUNTS}},
    ),
    (
        "dominoes, three places and the last inferred",
        {"contract": "dominoes", "rank": "J", "place_1": "1", "place_2": "3", "place_3": "0"},
        {"contract": "dominoes", "rank": "J", "result": {"order": ["Beth", "Diana", "Ann", "Cat"]}},
    ),
    (
        "ravage-city with a tie",
        {"contract": "ravage-city", "most": ["1", "3"]},
        {"contract": "ravage-city", "result": {"most": ["Beth", "Diana"]}},
    ),
]


@pytest.mark.parametrize(("form", "stored"), [c[1:] for c in CONTRACTS], ids=[c[0] for c in CONTRACTS])
def test_every_contract_can_be_entered(
    app: Flask, client: FlaskClient, form: dict[str, Any], stored: dict[str, Any]
) -> None:
    links = import_game(app, game(ravage_city=True))
    response = post_deal(client, links, form)
    assert response.status_code == 303, response.text
    (hand,) = hands(client, links)
    assert {k: v for k, v in hand.items() if k not in ("declarer", "doubles")} == stored
    assert hand["doubles"] == []


def test_ravage_city_scores_a_shared_penalty(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, game(ravage_city=True))
    enter(client, links, {"contract": "ravage-city", "most": ["1", "3"]})
    assert totals(client, links) == {"Ann": 0, "Beth": -18, "Cat": 0, "Diana": -18}


@pytest.mark.parametrize(
    ("typed", "count"),
    [("۴", 4), ("٤", 4), (" 4 ", 4), ("+4", 4), ("۱۰", 10)],
    ids=["persian", "arabic", "spaces", "plus", "persian 10"],
)
def test_counts_typed_on_any_phone_keyboard(client: FlaskClient, typed: str, count: int) -> None:
    links = create_game(client)
    rest = 13 - count
    form = {
        "contract": "no-tricks",
        "tricks_0": typed,
        "tricks_1": str(rest),
        "tricks_2": "0",
        "tricks_3": "0",
    }
    assert post_deal(client, links, form).status_code == 303
    assert hands(client, links)[0]["result"]["tricks"] == {"Ann": count, "Beth": rest, "Cat": 0, "Diana": 0}


def test_maximum_of_a_declarer_redoubles_everyone_who_doubled(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, {**WORKED_DEAL_1, "dbl_0_2": "", "max_0": "y"})
    assert ["Ann", "Beth"] in hands(client, links)[0]["doubles"]
    assert ["Ann", "Cat"] in hands(client, links)[0]["doubles"]
    assert ["Ann", "Diana"] not in hands(client, links)[0]["doubles"]


def test_the_next_deal_moves_on(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    text = text_of(client.get(links.edit).text)
    assert "Deal 2 of 28" in text
    assert "Beth : 1" in text and "Cat : 1" in text and "Diana : 2" in text


class TestSettledWithoutPlay:
    """Under undoubled_negative=settle an undoubled negative contract needs no result."""

    def test_no_result_needed(self, client: FlaskClient) -> None:
        links = create_game(client, undoubled_negative="settle")
        page = client.get(f"{links.entry}?contract=barbu").text
        assert "settled without play" in page
        assert post_deal(client, links, {"contract": "barbu"}).status_code == 303
        (hand,) = hands(client, links)
        assert "result" not in hand
        assert totals(client, links) == {"Ann": 1, "Beth": -7, "Cat": -7, "Diana": -7}
        assert "settled" in text_of(client.get(links.edit).text)

    def test_a_doubled_negative_contract_still_needs_its_result(self, client: FlaskClient) -> None:
        links = create_game(client, undoubled_negative="settle")
        response = post_deal(client, links, {"contract": "barbu", "dbl_1_0": "y"})
        assert response.status_code == 422
        assert hands(client, links) == []

    def test_a_positive_contract_is_always_played(self, client: FlaskClient) -> None:
        links = create_game(client, undoubled_negative="settle")
        response = post_deal(client, links, {"contract": "dominoes", "rank": "7"})
        assert response.status_code == 422
        assert hands(client, links) == []


def test_counts_that_leave_less_than_nothing_say_what_they_add_up_to(client: FlaskClient) -> None:
    links = create_game(client)
    form = {
        "contract": "no-hearts",
        "hearts_0": "7",
        "hearts_1": "7",
        "hearts_2": "0",
        "hearts_3": "",
        "ace": "0",
    }
    response = post_deal(client, links, form)
    assert response.status_code == 422
    assert "hearts add up to 14, not 13" in text_of(response.text)
    assert "between 0 and" not in text_of(response.text)


def test_when_nothing_is_left_every_blank_count_is_0(client: FlaskClient) -> None:
    links = create_game(client)
    form = {"contract": "no-tricks", "tricks_0": "13", "tricks_1": "", "tricks_2": "", "tricks_3": ""}
    assert post_deal(client, links, form).status_code == 303
    assert hands(client, links)[0]["result"]["tricks"] == {"Ann": 13, "Beth": 0, "Cat": 0, "Diana": 0}


def test_everyone_doubles_the_declarer_in_one_field(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, {"contract": "barbu", "all_doubled": "y", "dbl_0_2": "y", "king": "1"})
    assert sorted(hands(client, links)[0]["doubles"]) == [
        ["Ann", "Cat"],
        ["Beth", "Ann"],
        ["Cat", "Ann"],
        ["Diana", "Ann"],
    ]
    # A correction shows it ticked, since everyone did.
    assert re.search(
        r'name="all_doubled" value="y" data-all checked', client.get(f"{links.edit}/deal/1/edit").text
    )
