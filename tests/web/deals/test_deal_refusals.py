"""Bad deals are refused: status 422, the message next to the field, nothing stored, the entry kept."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import DealRow
from tests.builders import game
from tests.web.helpers import (
    WORKED_DEAL_1,
    all_errors,
    checked,
    count_rows,
    create_game,
    enter,
    errors_after,
    hands,
    import_game,
    input_value,
    post_deal,
)

TRICKS = {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
HEARTS = {
    "contract": "no-hearts",
    "hearts_0": "0",
    "hearts_1": "3",
    "hearts_2": "8",
    "hearts_3": "2",
    "ace": "2",
}
QUEENS = {
    "contract": "no-queens",
    "queen_spades": "0",
    "queen_hearts": "1",
    "queen_diamonds": "2",
    "queen_clubs": "3",
}
DOMINOES = {
    "contract": "dominoes",
    "rank": "8",
    "place_1": "0",
    "place_2": "1",
    "place_3": "2",
    "place_4": "3",
}

# (id, form, the field the message is shown after, the message, a field -> value still entered)
REFUSALS: list[tuple[str, dict[str, Any], str, str, dict[str, str]]] = [
    (
        "tricks add up to 12",
        {**TRICKS, "tricks_0": "3"},
        "tricks_3",
        "tricks add up to 12, not 13",
        {"tricks_0": "3"},
    ),
    (
        "count not a number",
        {**TRICKS, "tricks_0": "four"},
        "tricks_3",
        "Enter whole numbers.",
        {"tricks_0": "four"},
    ),
    (
        "two counts blank",
        {**TRICKS, "tricks_0": "", "tricks_1": ""},
        "tricks_3",
        "Enter a number for each player.",
        {"tricks_2": "3"},
    ),
    (
        "negative count",
        {**TRICKS, "tricks_0": "-1", "tricks_1": "8"},
        "tricks_3",
        "a count must be between 0 and 13",
        {"tricks_1": "8"},
    ),
    (
        "hearts add up to 14",
        {**HEARTS, "hearts_0": "1"},
        "hearts_3",
        "hearts add up to 14, not 13",
        {"ace": "2"},
    ),
    (
        "queen missing",
        {**QUEENS, "queen_clubs": ""},
        "queen_clubs",
        "Who took the queen of Clubs?",
        {"queen_diamonds": "2"},
    ),
    (
        "ace taker has no hearts",
        {**HEARTS, "ace": "0"},
        "ace",
        "whoever took the ace of hearts took at least one heart",
        {"hearts_2": "8"},
    ),
    ("ace missing", {**HEARTS, "ace": ""}, "ace", "Who took the ace of hearts?", {"hearts_1": "3"}),
    (
        "last trick missing",
        {"contract": "no-last-two", "penultimate": "1"},
        "last",
        "Who took trick 13, the last?",
        {"penultimate": "1"},
    ),
    (
        "king missing",
        {"contract": "barbu", "dbl_1_0": "y"},
        "king",
        "Who took the king of hearts?",
        {"dbl_1_0": "y"},
    ),
    (
        "dominoes player repeated",
        {**DOMINOES, "place_2": "0"},
        "place_4",
        "list every player exactly once",
        {"place_3": "2"},
    ),
    (
        "dominoes two places blank",
        {**DOMINOES, "place_3": "", "place_4": ""},
        "place_4",
        "Say in what order every player went out.",
        {"place_1": "0"},
    ),
    (
        "declarer redoubles someone who did not double",
        {"contract": "barbu", "dbl_0_1": "y", "king": "1"},
        "max_0",
        "Ann can only redouble players who doubled them, not Beth",
        {"king": "1"},
    ),
    (
        "opponents double each other in a positive contract",
        {**DOMINOES, "dbl_1_2": "y"},
        "max_0",
        "Beth may double only the declarer, not Cat",
        {"place_2": "1"},
    ),
]


@pytest.mark.parametrize(
    ("form", "field", "message", "kept"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_a_bad_deal_is_refused(
    app: Flask, client: FlaskClient, form: dict[str, Any], field: str, message: str, kept: dict[str, str]
) -> None:
    links = create_game(client)
    response = post_deal(client, links, form)
    assert response.status_code == 422
    assert message in errors_after(response.text, field), all_errors(response.text)
    assert hands(client, links) == []
    assert count_rows(app, DealRow) == 0
    for name, value in kept.items():
        if name.startswith(("tricks_", "hearts_")):
            assert input_value(response.text, name) == value, name
        else:
            assert checked(response.text, name, value), name


def test_a_ravage_city_deal_with_nobody_ticked_is_refused(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, game(ravage_city=True))
    response = post_deal(client, links, {"contract": "ravage-city"})
    assert response.status_code == 422
    assert errors_after(response.text, "most") == [
        "Tick the player, or the tied players, with the most cards of one suit."
    ]
    assert hands(client, links) == []


def test_the_same_contract_twice_is_not_stored_twice(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    response = post_deal(client, links, WORKED_DEAL_1)
    assert response.status_code != 303
    assert len(hands(client, links)) == 1


UNPLAYABLE = [
    pytest.param(
        WORKED_DEAL_1, "Ann has already declared No queens", ("queen_clubs", "3"), id="already played"
    ),
    pytest.param(
        {"contract": "ravage-city", "most": "1"},
        "Ravage City is not played in this game",
        ("most", "1"),
        id="not in this game",
    ),
]


@pytest.mark.parametrize(("form", "message", "kept"), UNPLAYABLE)
def test_a_contract_that_cannot_be_played_now_is_refused(
    client: FlaskClient, form: dict[str, Any], message: str, kept: tuple[str, str]
) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    response = post_deal(client, links, form)
    assert response.status_code == 422
    assert any(message in m for m in all_errors(response.text)), all_errors(response.text)
    assert checked(response.text, *kept)
    assert len(hands(client, links)) == 1
