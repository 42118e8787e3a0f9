"""Capot through the screens: the new-game form offers it, a deal where one player takes every trick
scores the total turned, the game page and the sheet say the rule, the paper check offers it."""

from __future__ import annotations

import io

from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.web.helpers import create_game, enter, text_of, totals


def test_a_capot_deal_through_the_form(client: FlaskClient) -> None:
    assert 'name="capot"' in client.get("/new").text
    links = create_game(client, capot="y")
    enter(
        client,
        links,
        {"contract": "no-tricks", "tricks_0": "13", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"},
    )
    assert totals(client, links) == {"Ann": 26, "Beth": 0, "Cat": 0, "Diana": 0}
    page = text_of(client.get(links.edit).text)
    assert "capot turns the sign" in page
    assert "Every deal adds up to its contract total: passed" in page
    pdf = client.get(f"{links.edit}/sheet.pdf").data
    assert "capot turns the sign" in "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_without_capot_the_same_deal_scores_as_ever(client: FlaskClient) -> None:
    links = create_game(client)
    enter(
        client,
        links,
        {"contract": "no-tricks", "tricks_0": "13", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"},
    )
    assert totals(client, links)["Ann"] == -26


def test_the_paper_check_offers_capot(client: FlaskClient) -> None:
    assert 'name="capot"' in client.get("/check?game=french").text


def test_the_blank_sheet_may_state_capot_and_the_last_two(client: FlaskClient) -> None:
    form = client.get("/sheets/blank?game=french").text
    assert 'name="capot"' in form and 'name="last_two"' in form
    data = client.get("/sheets/blank.pdf?game=french&players=4&capot=y&last_two=y").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "capot turns the sign" in text and "the last two tricks instead of the first and last" in text
