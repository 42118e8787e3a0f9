"""Persian, Croatian, French and English: the page's language and direction, words, messages, PDFs."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.builders import worked_example

from .helpers import create_game, import_game, post_deal

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
LANGS = ["en", "fa", "hr", "fr"]
ZWNJ = "\u200c"  # Persian's zero-width non-joiner, which text read back from a PDF loses


@cache
def translated(lang: str, text: str) -> str:
    """`text` as the catalogue of `lang` has it (English is the source)."""
    if lang == "en":
        return text
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        message = read_po(file).get(text)
    assert message is not None and message.string, f"{lang}: {text!r} is not translated"
    return str(message.string)


def in_lang(client: FlaskClient, lang: str) -> FlaskClient:
    client.set_cookie("lang", lang)
    return client


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_says_its_language_and_direction(client: FlaskClient, lang: str) -> None:
    page = client.get("/", headers={"Accept-Language": f"{lang},en;q=0.5"}).text
    direction = "rtl" if lang == "fa" else "ltr"
    assert f'<html lang="{lang}" dir="{direction}">' in page
    assert translated(lang, "New game") in page


@pytest.mark.parametrize("lang", LANGS)
def test_contract_names_and_messages_are_translated(app: Flask, client: FlaskClient, lang: str) -> None:
    links = import_game(app, worked_example())
    in_lang(client, lang)
    page = client.get(links.edit).text
    assert translated(lang, "No tricks") in page
    assert translated(lang, "Barbu (no king of hearts)") in page
    response = post_deal(client, links, {"contract": "no-tricks", **{f"tricks_{s}": "4" for s in range(4)}})
    assert response.status_code == 422
    message = translated(lang, "tricks add up to {got}, not {total}").format(got=16, total=13)
    assert message in response.text


@pytest.mark.parametrize("lang", ["fa", "hr", "fr"])
def test_form_messages_are_translated(client: FlaskClient, lang: str) -> None:
    in_lang(client, lang)
    response = client.post("/new", data={"player_0": "Ann", "first_declarer": "random"})
    assert translated(lang, "Enter a name.") in response.text


def test_the_choice_of_language_is_remembered(client: FlaskClient) -> None:
    response = client.get("/lang/hr?next=/new")
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert 'lang="hr"' in client.get("/new", headers={"Accept-Language": "fr"}).text
    assert client.get("/lang/xx?next=https://evil.example/").headers["Location"] == "/"


def test_every_page_offers_the_languages(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    for url in ("/", "/new", links.edit, links.view, f"{links.edit}/history", "/import", "/sheets/blank"):
        page = client.get(url).text
        assert all(f"/lang/{code}" in page for code in LANGS), url


def test_persian_digits_on_request(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    in_lang(client, "fa")
    assert "۱۶" not in client.get(links.edit).text
    client.get("/digits/persian")
    page = client.get(links.edit).text
    assert "\u2066+۱۶\u2069" in page  # Beth's total, kept left-to-right
    assert "\u2066−۴۸\u2069" in page
    assert "دست ۳ از ۲۸" in page  # numbers inside sentences too ("Deal 3 of 28")
    assert f'href="{links.edit}/history"' in page  # links untouched


def test_persian_digits_and_minus_sign_are_accepted(app: Flask, client: FlaskClient) -> None:
    links = create_game(client)
    in_lang(client, "fa")
    data = {"contract": "no-tricks", "tricks_0": "۴", "tricks_1": "٣", "tricks_2": "3", "tricks_3": ""}
    assert post_deal(client, links, data).status_code == 303


@pytest.mark.parametrize("lang", LANGS)
def test_the_pdfs_are_in_the_chosen_language(app: Flask, client: FlaskClient, lang: str) -> None:
    links = import_game(app, worked_example())
    in_lang(client, lang)
    for url in (f"{links.edit}/sheet.pdf", "/sheets/blank.pdf"):
        text = PdfReader(io.BytesIO(client.get(url).data)).pages[0].extract_text()
        flat = " ".join(text.split()).replace(ZWNJ, "")
        for words in ("Barbu scoresheet", "Running total"):
            expected = translated(lang, words).replace(ZWNJ, "")
            # Read back from a PDF, right-to-left text comes in visual order.
            assert (
                expected in flat
                or " ".join(reversed(expected[::-1].split())) in flat
                or expected[::-1] in flat
            ), (
                lang,
                words,
            )


def test_persian_says_dabel_for_a_double_and_translates_the_paper(app: Flask, client: FlaskClient) -> None:
    # The word of the rules Persian players read (rules.md's glossary): دابل, not دبل.
    links = import_game(app, worked_example())
    page = in_lang(client, "fa").get(f"{links.edit}/deal?contract=no-tricks").text
    assert "دابل" in page and "دبل" not in page
    game = client.get(links.edit).text
    assert "US Letter" not in game and translated("fa", "Sheet as PDF (US Letter)") in game
