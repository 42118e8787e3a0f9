"""The new-game screen: names in seating order, the first declarer, the rules, and every refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow
from tests.web.helpers import (
    PLAYERS,
    count_rows,
    create_game,
    errors_after,
    export,
    input_value,
    new_game_form,
    text_of,
)

STANDARD_RULES = {
    "scheme": "standard",
    "ravage_city": False,
    "doubling": "standard",
    "redouble_all": False,
    "compulsory_doubles": 2,
    "undoubled_negative": "play",
    "rotation": "blocks",
    "dealer_declares": False,
}


def custom_points(**values: int | str) -> dict[str, str]:
    """The custom points fields holding the standard values, except `values`."""
    points = {
        "no_tricks": -2,
        "no_queens": -6,
        "last_12": -10,
        "last_13": -20,
        "heart": -2,
        "ace": -6,
        "barbu": -20,
        "trumps": 5,
        "dom_1": 45,
        "dom_2": 20,
        "dom_3": 5,
        "dom_4": -5,
        "ravage": -36,
    }
    points.update(values)
    return {"scheme": "custom", **{FIELDS[name]: str(v) for name, v in points.items()}}


# The custom points fields: one per number of each contract's points.
FIELDS = {
    "no_tricks": "pt_no_tricks_0",
    "no_queens": "pt_no_queens_0",
    "last_12": "pt_no_last_two_0",
    "last_13": "pt_no_last_two_1",
    "heart": "pt_no_hearts_0",
    "ace": "pt_no_hearts_1",
    "barbu": "pt_barbu_0",
    "trumps": "pt_trumps_0",
    "dom_1": "pt_dominoes_0",
    "dom_2": "pt_dominoes_1",
    "dom_3": "pt_dominoes_2",
    "dom_4": "pt_dominoes_3",
    "ravage": "pt_ravage_city_0",
}


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_new_game_opens_with_the_names_in_seating_order(client: FlaskClient, seat: int) -> None:
    response = client.post("/new", data=new_game_form(first=str(seat)))
    assert response.status_code == 303
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22,}", response.headers["Location"])
    doc = export(client, response.headers["Location"])
    assert doc["players"] == PLAYERS
    assert doc["first_declarer"] == PLAYERS[seat]
    assert doc["hands"] == []
    assert f"Declares {PLAYERS[seat]}" in text_of(client.get(response.headers["Location"]).text)


def test_names_are_trimmed_and_may_have_40_characters(client: FlaskClient) -> None:
    names = ["  Ann  ", "Beth", "Cat", "D" * 40]
    links = create_game(client, names)
    assert export(client, links.edit)["players"] == ["Ann", "Beth", "Cat", "D" * 40]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_server_draws_the_first_declarer(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    draws: list[int] = []
    monkeypatch.setattr("secrets.randbelow", lambda n: draws.append(n) or seat)
    links = create_game(client, first="random")
    assert draws == [4]
    assert export(client, links.edit)["first_declarer"] == PLAYERS[seat]


def test_the_random_draw_can_pick_every_seat(client: FlaskClient) -> None:
    seen: set[str] = set()
    for _ in range(200):
        seen.add(export(client, create_game(client, first="random").edit)["first_declarer"])
        if len(seen) == 4:
            break
    assert seen == set(PLAYERS)


RULE_CASES: list[tuple[str, dict[str, str], dict[str, Any]]] = [
    ("standard", {}, {}),
    ("barbu-15", {"scheme": "barbu-15"}, {"scheme": "barbu-15"}),
    ("dominoes-30", {"scheme": "dominoes-30"}, {"scheme": "dominoes-30"}),
    ("brader+ravage", {"scheme": "brader", "ravage_city": "y"}, {"scheme": "brader", "ravage_city": True}),
    (
        "declarer-only",
        {"doubling": "declarer-only", "redouble_all": "y", "compulsory_doubles": "3"},
        {"doubling": "declarer-only", "redouble_all": True, "compulsory_doubles": 3},
    ),
    ("no doubling", {"doubling": "none"}, {"doubling": "none", "compulsory_doubles": 0}),
    ("compulsory off", {"compulsory_doubles": "0"}, {"compulsory_doubles": 0}),
    (
        "settle, every deal, dealer declares",
        {"undoubled_negative": "settle", "rotation": "every-deal", "dealer_declares": "y"},
        {"undoubled_negative": "settle", "rotation": "every-deal", "dealer_declares": True},
    ),
    (
        "custom points",
        custom_points(barbu=-15, dom_1=40, dom_2=20, dom_3=10, dom_4=-10, ravage=-24),
        {
            "scheme": {
                "no-tricks": -2,
                "no-queens": -6,
                "no-last-two": [-10, -20],
                "no-hearts": {"heart": -2, "ace": -6},
                "barbu": -15,
                "trumps": 5,
                "dominoes": [40, 20, 10, -10],
                "ravage-city": -24,
            }
        },
    ),
]


@pytest.mark.parametrize(("fields", "expected"), [c[1:] for c in RULE_CASES], ids=[c[0] for c in RULE_CASES])
def test_the_rule_options_are_stored(
    client: FlaskClient, fields: dict[str, str], expected: dict[str, Any]
) -> None:
    links = create_game(client, **fields)
    assert export(client, links.edit)["rules"] == {**STANDARD_RULES, **expected}


NAME_REFUSALS = [
    pytest.param(["", "Beth", "Cat", "Diana"], "player_0", "Enter a name.", id="blank"),
    pytest.param(
        ["Ann", "Beth", "C" * 41, "Diana"], "player_2", "At most 40 characters.", id="41 characters"
    ),
    pytest.param(
        ["Ann", "Beth", "aNN", "Diana"], "player_2", "Two players cannot have the same name.", id="same name"
    ),
    pytest.param(
        ["Ann", "Беth", "Cat", "бЕTH"],
        "player_3",
        "Two players cannot have the same name.",
        id="same, Cyrillic",
    ),
    pytest.param(
        ["Ann", "   ", "Cat", "Diana"],
        "player_1",
        "Enter a name.",
        id="only spaces",
    ),
]


@pytest.mark.parametrize(("players", "field", "message"), NAME_REFUSALS)
def test_bad_names_are_refused_next_to_the_field(
    app: Flask, client: FlaskClient, players: list[str], field: str, message: str
) -> None:
    response = client.post("/new", data=new_game_form(players))
    assert response.status_code in (200, 422)
    assert errors_after(response.text, field) == [message]
    assert count_rows(app, GameRow) == 0
    for seat, name in enumerate(players):  # what was typed is still there
        if name.strip():
            assert input_value(response.text, f"player_{seat}") == name


def test_a_point_that_is_not_a_number_is_refused(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form(**custom_points(barbu="lots")))
    assert errors_after(response.text, "pt_barbu_0") == ["Enter a whole number."]
    assert input_value(response.text, "pt_barbu_0") == "lots"
    assert count_rows(app, GameRow) == 0


def test_ravage_city_must_be_a_multiple_of_12(app: Flask, client: FlaskClient) -> None:
    fields = {**custom_points(ravage=-30), "ravage_city": "y"}
    response = client.post("/new", data=new_game_form(**fields))
    assert errors_after(response.text, "pt_ravage_city_0") == [
        "Ravage City must be a multiple of 12 so that ties share it evenly, not −30"  # as numbers are shown
    ]
    assert count_rows(app, GameRow) == 0


def _report(html: str) -> str:
    found = re.search(r'<p class="report[^"]*"[^>]*>(.*?)</p>', html, re.S)
    assert found, "no points report on the page"
    return text_of(found.group(1)).replace("−", "-")


def test_check_reports_a_zero_sum_scheme(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form(**custom_points(), action="check"))
    assert "are zero-sum" in _report(response.text)
    assert count_rows(app, GameRow) == 0


def test_check_reports_the_total_and_the_balancing_dominoes(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form(**custom_points(barbu=-15), action="check"))
    report = _report(response.text)
    assert re.search(r"not zero-sum: a complete game adds up to \+?20\b", report), report
    assert "Dominoes +44 / +19 / +4 / -7 would balance them" in report
    assert count_rows(app, GameRow) == 0


def test_balance_fills_in_the_balancing_dominoes(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form(**custom_points(barbu=-15), action="balance"))
    values = [input_value(response.text, f"pt_dominoes_{n}") for n in range(4)]
    assert [v.replace("−", "-") for v in values if v is not None] == ["44", "19", "4", "-7"]
    assert "are zero-sum" in _report(response.text)
    assert count_rows(app, GameRow) == 0
    # Starting the game now stores the balanced points.
    links = create_game(client, **custom_points(barbu=-15, dom_1=44, dom_2=19, dom_3=4, dom_4=-7))
    assert export(client, links.edit)["rules"]["scheme"]["dominoes"] == [44, 19, 4, -7]


def test_the_standard_points_are_shown_for_a_custom_start(client: FlaskClient) -> None:
    page = client.get("/new").text
    assert input_value(page, "pt_barbu_0") == "-20"
    assert input_value(page, "pt_dominoes_0") == "45"


def test_switching_game_keeps_the_names_and_takes_the_new_games_rules(client: FlaskClient) -> None:
    # As the page posts it when another game is chosen: Barbu's form, with its two compulsory doubles.
    form = {**new_game_form(game="barbu", switch_game="barbette"), "players": "4"}
    form.pop("action")
    html = client.post("/new", data=form).text
    assert input_value(html, "player_2") == "Cat"
    chosen = re.search(r'<select[^>]*name="compulsory_doubles".*?<option selected value="(\d)"', html, re.S)
    assert chosen and chosen.group(1) == "1", "Barbette's one compulsory double"
