"""The 32-card deck through the screens: the new-game form offers it, the deal form, the game page,
the sheets and the paper check follow it."""

from __future__ import annotations

import io
import re

from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.web.helpers import (
    ANN,
    BETH,
    CAT,
    DIANA,
    all_errors,
    create_game,
    enter,
    post_deal,
    text_of,
    totals,
)


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_new_game_form_offers_the_deck(client: FlaskClient) -> None:
    page = client.get("/new").text
    assert re.search(r'<option[^>]*value="32"[^>]*>32 cards \(7 up to the ace\)</option>', page), page
    assert 'value="32"' not in client.get("/new?game=barbu-5").text


def test_a_32_card_barbu_deal_form_counts_8_tricks_and_ranks_7_to_ace(client: FlaskClient) -> None:
    links = create_game(client, deck="32")
    game_page = text_of(client.get(links.edit).text)
    assert "Rules: 32 cards" in game_page
    assert "Tricks taken 8 in all" in text_of(client.get(f"{links.entry}?contract=no-tricks").text)
    assert "Hearts taken 8 in all" in text_of(client.get(f"{links.entry}?contract=no-hearts").text)
    dominoes = client.get(f"{links.entry}?contract=dominoes").text
    ranks = re.findall(r'<option value="([^"]+)"', dominoes)
    assert "7" in ranks and "A" in ranks and "2" not in ranks and "6" not in ranks
    last_two = text_of(client.get(f"{links.entry}?contract=no-last-two").text)
    assert "Who took trick 7?" in last_two and "Who took trick 8, the last?" in last_two
    enter(
        client,
        links,
        {"contract": "no-tricks", "tricks_0": "5", "tricks_1": "1", "tricks_2": "1", "tricks_3": "1"},
        {
            "contract": "dominoes",
            "rank": "7",
            "place_1": ANN,
            "place_2": BETH,
            "place_3": CAT,
            "place_4": DIANA,
        },
    )
    assert totals(client, links) == {"Ann": -10 + 45, "Beth": -2 + 25, "Cat": -2 + 5, "Diana": -2 - 5}


def test_13_tricks_in_a_32_card_game_are_refused_next_to_the_field(client: FlaskClient) -> None:
    links = create_game(client, deck="32")
    response = post_deal(
        client,
        links,
        {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
    )
    assert response.status_code in (200, 422)
    assert any("8" in e for e in all_errors(response.text)), all_errors(response.text)


def test_the_blank_sheet_follows_the_deck(client: FlaskClient) -> None:
    form = client.get("/sheets/blank?game=barbu").text
    assert re.search(r'<input [^>]*name="deck" [^>]*value="32"', form)
    short = pdf_text(client.get("/sheets/blank.pdf?game=barbu&deck=32").data)
    full = pdf_text(client.get("/sheets/blank.pdf?game=barbu").data)
    assert short != full


def test_the_filled_sheet_says_the_deck_and_its_points(client: FlaskClient) -> None:
    links = create_game(client, deck="32")
    text = pdf_text(client.get(f"{links.edit}/sheet.pdf").data)
    assert "32 cards" in text
    assert "+45 +25 +5 −5" in text, text


def test_the_paper_check_offers_the_deck(client: FlaskClient) -> None:
    page = client.get("/check?game=barbu").text
    assert re.search(r'<option[^>]*value="32"', page), page
