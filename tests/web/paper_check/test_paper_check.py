"""Checking a paper sheet on the web: the setup and its refusals, the grid, the findings beside the
cells, figures that cannot be read, nothing stored unless asked, and a kept check under its link."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import PaperCheckRow
from scorekeeper.web.paper_check.forms import grid_data
from tests.unit.family import complete, rules
from tests.unit.paper.builders import from_game
from tests.web.helpers import count_rows, input_value, text_of

NAMES = {"player_0": "Ann", "player_1": "Beth", "player_2": "Cat", "player_3": "Diana"}
# Ann's first two deals of the worked example in rules.md, the second with a slip: −38 for Cat.
ROWS = {
    "c0": "no-queens",
    **{"s0_0": "-12", "s0_1": "24", "s0_2": "-12", "s0_3": "-24"},
    **{"s1_0": "8", "s1_1": "-8", "s1_2": "-38", "s1_3": "6"},
}


def grid(game: str = "barbu", **setup: Any) -> str:
    """The address of the grid for `game`, as the setup form sends it."""
    return f"/check/sheet?{urlencode({'game': game, 'scheme': 'standard', **setup})}"


def described(html: str, name: str) -> list[str]:
    """The texts an input points to with aria-describedby: what a player is told about the cell."""
    tag = next(t for t in re.findall(r"<input\b[^>]*>", html) if f'name="{name}"' in t)
    found = re.search(r'aria-describedby="([^"]*)"', tag)
    ids = found.group(1).split() if found else []
    return [text_of(m) for i in ids for m in re.findall(rf'<p id="{i}"[^>]*>(.*?)</p>', html, re.S)]


def summary(html: str) -> str:
    found = re.search(r'<section class="check-summary.*?</section>', html, re.S)
    return text_of(found.group(0)) if found else ""


def test_the_start_page_links_to_the_check(client: FlaskClient) -> None:
    assert 'href="/check"' in client.get("/").text
    page = client.get("/check")
    assert page.status_code == 200
    assert "Nothing is kept unless you tap" in text_of(page.text)


SETUPS = [
    pytest.param("barbu", {}, ["ravage_city", "rotation"], id="barbu"),
    pytest.param("barbu-3", {}, ["rubbers"], id="three-player"),
    pytest.param("barbette", {}, ["rotation"], id="barbette"),
    pytest.param("french", {"players": "5"}, ["sequence"], id="french-5"),
]


@pytest.mark.parametrize(("game", "extra", "shown"), SETUPS)
def test_the_setup_shows_only_the_rules_that_shape_the_sheet(
    client: FlaskClient, game: str, extra: dict[str, str], shown: list[str]
) -> None:
    html = client.get(f"/check?{urlencode({'game': game, **extra})}").text
    options = {"ravage_city", "rotation", "rubbers", "sequence", "doubling", "compulsory_doubles"}
    assert {o for o in options if f'name="{o}"' in html} == set(shown)
    assert 'name="scheme"' in html


REFUSED_SETUPS = [
    pytest.param({"game": "chess"}, "Choose one of the games.", id="unknown-game"),
    pytest.param({"game": "french", "players": "7"}, "Choose how many play.", id="table-too-big"),
    pytest.param({"game": "barbu", "players": "3"}, "Choose how many play.", id="barbu-for-three"),
    pytest.param({"game": "french", "players": "٣٣٣"}, "Choose how many play.", id="odd-digits"),
    pytest.param({"player_0": "x" * 41}, "At most 40 characters.", id="long-name"),
    pytest.param({"scheme": "custom", "pt_barbu_0": "lots"}, "Enter a whole number.", id="points-words"),
    pytest.param({"scheme": "custom", "pt_barbu_0": "-5000"}, "between −1000 and 1000", id="points-too-big"),
    pytest.param({"rotation": "sideways"}, "Not a valid choice", id="unknown-rotation"),
    pytest.param({"first_declarer": "9"}, "Not a valid choice", id="first-out-of-range"),
]


@pytest.mark.parametrize(("setup", "message"), REFUSED_SETUPS)
def test_a_setup_that_makes_no_sheet_is_refused(
    app: Flask, client: FlaskClient, setup: dict[str, str], message: str
) -> None:
    values = {"game": "barbu", "scheme": "standard", **setup}
    if values["scheme"] == "custom":
        values.update(custom_barbu(**{k: v for k, v in setup.items() if k.startswith("pt_")}))
    response = client.get(f"/check/sheet?{urlencode(values)}")
    assert response.status_code == 422
    assert message in text_of(response.text)
    assert 'name="s0_0"' not in response.text
    assert count_rows(app, PaperCheckRow) == 0


def custom_barbu(**changed: str) -> dict[str, str]:
    standard = {
        "pt_no_tricks_0": "-2",
        "pt_no_queens_0": "-6",
        "pt_no_last_two_0": "-10",
        "pt_no_last_two_1": "-20",
        "pt_no_hearts_0": "-2",
        "pt_no_hearts_1": "-6",
        "pt_barbu_0": "-20",
        "pt_trumps_0": "5",
        "pt_dominoes_0": "45",
        "pt_dominoes_1": "20",
        "pt_dominoes_2": "5",
        "pt_dominoes_3": "-5",
        "pt_ravage_city_0": "-36",
    }
    return {**standard, **changed}


SHAPES = [
    pytest.param("barbu", {}, 28, 4, True, id="barbu"),
    pytest.param("barbu", {"ravage_city": "y", "rotation": "every-deal"}, 32, 8, True, id="barbu-every-deal"),
    pytest.param("barbu-3", {"rubbers": "1"}, 7, 1, True, id="one-rubber"),
    pytest.param("barbette", {}, 16, 4, True, id="barbette"),
    pytest.param("barbu-5", {}, 35, 5, True, id="five-player"),
    pytest.param("french", {"players": "3", "sequence": "fixed"}, 15, 3, False, id="french-short-form"),
]


@pytest.mark.parametrize(("game", "setup", "rows", "rounds", "choices"), SHAPES)
def test_the_grid_has_a_row_per_deal_and_a_line_per_round(
    client: FlaskClient, game: str, setup: dict[str, str], rows: int, rounds: int, choices: bool
) -> None:
    html = client.get(grid(game, **setup)).text
    assert len(re.findall(r'name="s\d+_0"', html)) == rows
    assert len(re.findall(r'name="t\d+_0"', html)) == rounds
    assert (f'name="c{rows - 1}"' in html) is choices
    assert 'inputmode="numeric"' in html


def test_a_check_shows_findings_beside_the_cells_and_keeps_what_was_typed(
    app: Flask, client: FlaskClient
) -> None:
    response = client.post(grid(**NAMES), data={"action": "check", **ROWS})
    assert response.status_code == 200
    html = response.text
    assert "1 thing does not add up" in summary(html)
    assert "Row 2 adds up to −32, which is no contract's total (nearest: −30" in summary(html)
    assert any("Row 2 adds up to −32" in note for note in described(html, "s1_2"))
    assert described(html, "s0_0") == []
    assert input_value(html, "s1_2") == "-38"
    assert re.search(r'<option value="no-queens" selected>', html)
    assert "Queens?" not in html and "Last two / Hearts?" not in html
    assert count_rows(app, PaperCheckRow) == 0


def test_a_row_that_fits_says_which_contracts_it_could_be(client: FlaskClient) -> None:
    data = {"action": "check", **ROWS, "s1_2": "-36"}
    html = client.post(grid(), data=data).text
    assert "Everything typed so far adds up." in summary(html)
    assert "Checked: 2 rows, 0 blocks of deals and 0 running totals." in summary(html)
    assert "Last two / Hearts?" in html


def test_a_row_that_adds_up_to_another_contracts_total_is_pointed_at(client: FlaskClient) -> None:
    # Ann's block in the worked order, no contract written; Cat's −36 in No hearts written −26, so
    # that row adds up to −20, Barbu's total, and the block has two rows of −20 and one of −30.
    block = [(-8, -6, -6, -6), (-12, 24, -12, -24), (0, -10, -20, 0), (8, -8, -26, 6), (0, 0, -20, 0)]
    block += [(30, 15, 10, 10), (45, 20, 5, -5)]
    data = {f"s{r}_{s}": str(v) for r, row in enumerate(block) for s, v in enumerate(row)}
    html = client.post(grid(**NAMES), data={"action": "check", **data}).text
    assert "Rows 4, 5 each add up to −20, a total this block has once too often" in summary(html)
    assert "one of them should add up to −30." in summary(html)


def test_one_wrong_figure_is_named(client: FlaskClient) -> None:
    sheet = from_game(complete(rules("barbu")))
    data = {**grid_data(sheet), "s4_1": str((sheet.rows[4].scores[1] or 0) + 10), "action": "check"}
    html = client.post(grid(**NAMES), data=data).text
    assert "Look first at the score of Beth in row 5" in summary(html)
    assert 'class="cell suspect"' in html


@pytest.mark.parametrize(
    ("game", "setup"),
    [("barbu", {}), ("barbu-3", {}), ("barbette", {}), ("barbu-5", {}), ("french", {"players": "5"})],
)
def test_a_complete_sheet_of_each_game_adds_up(client: FlaskClient, game: str, setup: dict[str, str]) -> None:
    players = int(setup.get("players", 0)) or None
    sheet = from_game(complete(rules(game, players)))
    html = client.post(grid(game, **setup), data={**grid_data(sheet), "action": "check"}).text
    assert "The whole sheet adds up." in summary(html)


UNREADABLE = [
    pytest.param("s1_1", "eight", "Row 2, Player 2: not a whole number", id="a-word"),
    pytest.param("s1_1", "1.5", "Row 2, Player 2: not a whole number", id="not-whole"),
    pytest.param("s1_1", "--8", "Row 2, Player 2: not a whole number", id="two-minus-signs"),
    pytest.param("s1_1", "99999", "beyond what the game allows (975 either way)", id="absurd-score"),
    pytest.param("t0_3", "-30000", "beyond what the game allows (27300 either way)", id="absurd-total"),
    pytest.param("c1", "salad", "Row 2, contract:", id="another-games-contract"),
]


@pytest.mark.parametrize(("name", "value", "message"), UNREADABLE)
def test_a_figure_that_cannot_be_read_is_said_next_to_it_and_nothing_is_kept(
    app: Flask, client: FlaskClient, name: str, value: str, message: str
) -> None:
    for action in ("check", "keep"):
        response = client.post(grid(), data={**ROWS, name: value, "action": action})
        assert response.status_code == 422
        text = text_of(response.text)
        assert message in text
        if name.startswith(("s", "t")):
            assert any(message in note for note in described(response.text, name))
            assert input_value(response.text, name) == value
    assert "Nothing was kept: correct the figures marked first." in text
    assert count_rows(app, PaperCheckRow) == 0


def test_persian_digits_and_the_minus_sign_are_read(client: FlaskClient) -> None:
    data = {**ROWS, "s0_0": "−۱۲", "s0_1": "+٢٤", "s1_2": "−۳۶", "action": "check"}
    response = client.post(grid(), data=data)
    assert response.status_code == 200
    assert "Everything typed so far adds up." in summary(response.text)


def test_keep_stores_the_sheet_under_a_link_that_shows_it_again(app: Flask, client: FlaskClient) -> None:
    response = client.post(grid(**NAMES), data={**ROWS, "action": "keep"})
    assert response.status_code == 303
    link = response.headers["Location"]
    token = re.fullmatch(r"/check/([A-Za-z0-9_-]{32})\?kept=1", link)
    assert token, link
    assert count_rows(app, PaperCheckRow) == 1
    page = client.get(link)
    assert page.headers["Cache-Control"] == "no-store"
    html = page.text
    assert "Kept." in text_of(html) and "<bdi>Beth</bdi>" in html
    assert input_value(html, "s1_2") == "-38" and input_value(html, "s2_0") == ""
    assert "Row 2 adds up to −32" in summary(html)
    # Corrected and kept again: the same link, the same row.
    again = client.post(f"/check/{token.group(1)}", data={**ROWS, "s1_2": "-36", "action": "keep"})
    assert again.status_code == 303 and again.headers["Location"] == link
    assert count_rows(app, PaperCheckRow) == 1
    assert "Everything typed so far adds up." in summary(client.get(link).text)
    # Checking a kept sheet stores nothing.
    client.post(f"/check/{token.group(1)}", data={**ROWS, "action": "check"})
    assert input_value(client.get(link).text, "s1_2") == "-36"


@pytest.mark.parametrize("token", ["no-such-check", "x" * 65, "bad%00token"])
def test_an_unknown_check_is_not_found(client: FlaskClient, token: str) -> None:
    assert client.get(f"/check/{token}").status_code == 404


def test_keeping_needs_the_forms_token(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    assert client.post(grid(), data={**ROWS, "action": "keep"}).status_code == 400
    assert count_rows(csrf_app, PaperCheckRow) == 0
    page = client.get(grid()).text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    sent = client.post(grid(), data={**ROWS, "action": "keep", "csrf_token": unescape(token.group(1))})
    assert sent.status_code == 303


def test_keeping_counts_against_the_new_games_limit(make_app: Callable[..., Flask]) -> None:
    limited = make_app(LIMIT_CREATE=[1, 10**7])
    client = limited.test_client()
    assert client.post(grid(), data={**ROWS, "action": "keep"}).status_code == 303
    assert client.post(grid(), data={**ROWS, "action": "keep"}).status_code == 429
    assert client.post(grid(), data={**ROWS, "action": "check"}).status_code == 200
    assert count_rows(limited, PaperCheckRow) == 1


def test_the_check_is_translated(client: FlaskClient) -> None:
    client.set_cookie("lang", "fr")
    html = client.post(grid(**NAMES), data={**ROWS, "action": "check"}).text
    assert "Row 2 adds up" not in html and "La ligne 2 fait −32" in html
