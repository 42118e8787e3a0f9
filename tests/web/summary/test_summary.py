"""How the game went: the chart, the figures, points by contract, doubles, and settling up."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from random import Random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.present.report import score_document
from scorekeeper.storage.models import GameRow
from tests.builders import full_game, worked_example
from tests.oracle.generate import random_game
from tests.web.helpers import (
    MINUS,
    Links,
    all_errors,
    errors_after,
    form_version,
    import_game,
    input_value,
    text_of,
)

GAMES = ("barbu", "barbu-3", "barbette", "barbu-5", "french")


def summary(links: Links, kind: str = "edit") -> str:
    return f"{getattr(links, kind)}/summary"


def stored_settle(app: Flask) -> list[Any]:
    with app.app_context():
        from scorekeeper.storage import db

        return [row.settle for row in db.session().query(GameRow).all()]


def post_stake(client: FlaskClient, links: Links, data: dict[str, Any]) -> TestResponse:
    """The stake form sent as the summary page renders it, made on the state it shows."""
    version = form_version(client.get(summary(links)).text)
    return client.post(summary(links), data={"version": version, **data})


def svg_of(html: str) -> ET.Element:
    found = re.search(r"<svg\b.*?</svg>", html, re.S)
    assert found, "no chart on the page"
    return ET.fromstring(found.group(0))


@pytest.mark.parametrize("kind", GAMES)
def test_every_game_has_a_summary_on_both_links(app: Flask, client: FlaskClient, kind: str) -> None:
    doc = random_game(Random(f"summary-{kind}"), game=kind)
    links = import_game(app, doc)
    scored = score_document(doc)
    for which in ("edit", "view"):
        response = client.get(summary(links, which))
        assert response.status_code == 200
        html = response.text
        if scored["hands"]:
            root = svg_of(html)
            groups = root.findall("{http://www.w3.org/2000/svg}g")
            assert len(groups) == len(scored["players"])
            for group in groups:
                # A player's markers: one path, a subpath (starting with a move) per deal.
                [markers] = group.findall("{http://www.w3.org/2000/svg}path")
                assert markers.get("d", "").count("M") == len(scored["hands"])
            assert root.get("role") == "img"
        assert ('name="stake"' in html) == (which == "edit")


def test_the_worked_example_in_figures(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    html = client.get(summary(links)).text
    text = text_of(html)
    assert "The game is not over" in text
    # The table of running totals has a row per deal.
    rows = re.findall(r'<tr><th scope="row" class="num">(\d+)</th>(.*?)</tr>', html, re.S)
    assert [n for n, _ in rows] == ["1", "2"]
    assert text_of(rows[1][1]).endswith(f"{MINUS}4 +16 {MINUS}48 {MINUS}18")
    # Beth won three doubles in deal 1 (+24) and lost one in deal 2 (Beth pays Diana 2).
    beth = re.search(r"<tr><th scope=\"row\"><bdi>Beth</bdi></th>(.*?)</tr>", html, re.S)
    assert beth and text_of(beth.group(1)) == f"3 (+24) 1 ({MINUS}2) 0 +22"
    assert "Each player's running total after each of 2 deals." in text
    # Points by contract: Ann declared both deals; the others were her opponents.
    declarer, opponent = re.findall(r'<table class="figures by-contract">(.*?)</table>', html, re.S)
    queens = re.search(r"No queens</th>(.*?)</tr>", declarer, re.S)
    assert queens and text_of(queens.group(1)) == f"{MINUS}12 — not played — not played — not played"
    hearts = re.search(r"No hearts</th>(.*?)</tr>", opponent, re.S)
    assert hearts and text_of(hearts.group(1)) == f"— not played {MINUS}8 {MINUS}36 +6"
    assert "No stake" not in text


def test_setting_the_stake_settles_up(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    response = post_stake(client, links, {"stake": "0,10", "currency": "eur"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/summary#settle")
    assert stored_settle(app) == [{"stake": "0.10", "currency": "EUR"}]
    for which in ("edit", "view"):
        text = text_of(client.get(summary(links, which)).text)
        assert "At €0.10 a point." in text
        assert " pays " in text
    totals = score_document(full_game())["totals"]
    transfers = re.findall(r"(\w+) pays (\w+) €([\d.]+)", text)
    assert 1 <= len(transfers) <= 3
    owed = dict.fromkeys(totals, 0.0)
    for payer, payee, amount in transfers:
        owed[payer] -= float(amount)
        owed[payee] += float(amount)
    assert {k: round(v, 2) for k, v in owed.items()} == {k: round(t * 0.1, 2) for k, t in totals.items()}


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"stake": "", "currency": "EUR"}, "stake", "the stake is missing"),
        ({"stake": "abc", "currency": "EUR"}, "stake", "'abc' is not a number"),
        ({"stake": "NaN", "currency": "EUR"}, "stake", "'NaN' is not a number"),
        ({"stake": "-1", "currency": "EUR"}, "stake", "the stake must be more than 0"),
        ({"stake": "0.000001", "currency": "EUR"}, "stake", "the stake has at most 4 decimal places"),
        ({"stake": "1e400", "currency": "EUR"}, "stake", "the stake must be less than 10000"),
        ({"stake": "1", "currency": "EURO"}, "currency", "is not a currency code"),
        ({"stake": "1", "currency": ""}, "currency", "is not a currency code"),
        ({"stake": "1", "currency": "€"}, "currency", "is not a currency code"),
    ],
)
def test_refusals_say_why_next_to_the_field_and_store_nothing(
    app: Flask, client: FlaskClient, data: dict[str, str], field: str, message: str
) -> None:
    links = import_game(app, full_game())
    response = post_stake(client, links, data)
    assert response.status_code == 422
    assert any(message in e for e in errors_after(response.text, field)), all_errors(response.text)
    assert input_value(response.text, field) == data[field]
    assert stored_settle(app) == [None]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"stake": "1" * 5000},
        {"stake": "\x00"},
        {"stake": ["1", "2"]},
        {"currency": "\u202eEUR"},
        {"stake": "١٠"},
    ],
)
def test_odd_input_is_never_a_500(app: Flask, client: FlaskClient, data: dict[str, Any]) -> None:
    links = import_game(app, full_game())
    response = post_stake(client, links, data)
    assert response.status_code in (303, 422)


def test_the_view_link_cannot_set_a_stake(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    assert client.post(summary(links, "view"), data={"stake": "1", "currency": "EUR"}).status_code in (
        404,
        405,
    )
    assert stored_settle(app) == [None]
    assert "No stake has been set" in text_of(client.get(summary(links, "view")).text)


def test_no_such_game(client: FlaskClient) -> None:
    assert client.get("/g/nope/summary").status_code == 404
    assert client.get("/v/nope/summary").status_code == 404


def test_a_csrf_token_is_needed(csrf_app: Flask) -> None:
    links = import_game(csrf_app, full_game())
    client = csrf_app.test_client()
    assert client.post(summary(links), data={"stake": "1", "currency": "EUR"}).status_code == 400
    assert stored_settle(csrf_app) == [None]
    html = client.get(summary(links)).text
    token, version = input_value(html, "csrf_token"), form_version(html)
    sent = {"stake": "1", "currency": "EUR", "csrf_token": token, "version": version}
    assert client.post(summary(links), data=sent).status_code == 303
    assert stored_settle(csrf_app) == [{"stake": "1", "currency": "EUR"}]


def test_the_game_page_links_to_the_summary(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    html = client.get(links.edit).text
    assert f'href="{summary(links)}"' in html
    assert "How the game went, and settling up" in html
    assert f'href="{summary(links, "view")}"' in client.get(links.view).text


def test_settling_up_comes_first(app: Flask, client: FlaskClient) -> None:
    html = client.get(summary(import_game(app, full_game()))).text
    assert (
        html.index('id="settle-title"')
        < html.index('id="running-title"')
        < html.index('id="contracts-title"')
    )


def test_french_barbu_settles_the_differences(app: Flask, client: FlaskClient) -> None:
    doc = random_game(Random("summary-french-full"), rules={"game": "french"}, hands=None)  # no doubling
    links = import_game(app, doc)
    post_stake(client, links, {"stake": "1", "currency": "JPY"})
    text = text_of(client.get(summary(links)).text)
    assert "each pair of players settles the difference between their totals" in text
    assert "This game has no doubling." in text


def test_in_persian(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    post_stake(client, links, {"stake": "۰٫۵", "currency": "EUR"})
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "persian")
    html = client.get(summary(links)).text
    assert 'dir="rtl"' in html
    root = svg_of(html)
    assert root.get("direction") == "ltr"
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "۰" in texts and not re.search(r"[0-9]", texts)
    assert stored_settle(app) == [{"stake": "0.5", "currency": "EUR"}]


def test_persian_digits_leave_character_references_and_names_alone(app: Flask, client: FlaskClient) -> None:
    """An apostrophe in a name is written &#x27;: its digits are not the page's, nor are a name's."""
    from tests.web.helpers import renamed

    links = import_game(app, renamed(worked_example(), ["O'Brien", "Beth 2", "Cat", "Diana"]))
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "persian")
    html = client.get(summary(links)).text
    assert "O&#x27;Brien" in html and "<bdi>Beth 2</bdi>" in html
    assert "\u2066+۱۶\u2069" in html  # Beth's total, in Persian digits


def test_the_filled_pdf_has_the_chart_on_page_two(app: Flask, client: FlaskClient) -> None:
    import io

    from pypdf import PdfReader

    from tests.web.helpers import renamed

    names = ["نگار", "رضا", "Željka", "D'Ana"]
    links = import_game(app, renamed(full_game(), names))
    client.set_cookie("lang", "fa")
    reader = PdfReader(io.BytesIO(client.get(f"{links.edit}/sheet.pdf").data))
    assert len(reader.pages) == 2
    chart = reader.pages[1].extract_text()
    assert "جمع‌های جاری" in chart or "جمعهای جاری" in chart
    for name in names:  # the legend is HTML, laid out (and read back) as text, not SVG glyphs
        assert name in chart or name[::-1] in chart, name
