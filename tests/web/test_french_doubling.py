"""French Barbu with the dealer doubled, through the screens: the form offers it, the deal form asks
for doubles of the dealer only, a double settles the difference of the penalties, and the sheets say it."""

from __future__ import annotations

import io

from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.web.helpers import Links, all_errors, enter, export, new_game_form, post_deal, text_of, totals


def french_game(client: FlaskClient, **fields: str) -> Links:
    form = new_game_form(game="french", sequence="choice", deck="52", doubling="dealer", **fields)
    response = client.post("/new?players=4", data=form)
    assert response.status_code == 303, all_errors(response.text)
    edit = response.headers["Location"]
    return Links(edit, edit)


def test_a_doubled_dealer(client: FlaskClient) -> None:
    assert 'value="dealer"' in client.get("/new?game=french&players=4").text
    links = french_game(client)
    assert export(client, links.edit)["rules"]["doubling"] == "dealer"
    form = client.get(f"{links.entry}?contract=no-queens").text
    assert 'name="dbl_1_0"' in form and 'name="dbl_1_2"' not in form  # Beth may double Ann, the dealer, only
    queens = {"queen_spades": "1", "queen_hearts": "1", "queen_diamonds": "1", "queen_clubs": "3"}
    enter(client, links, {"contract": "no-queens", "dbl_1_0": "y", **queens})
    # Beth 60, Diana 20 in penalties; Beth doubled Ann (0): Beth takes 60 more, Ann 60 fewer.
    assert totals(client, links) == {"Ann": -60, "Beth": 120, "Cat": 0, "Diana": 20}
    page = text_of(client.get(links.edit).text)
    assert "the dealer may be doubled" in page
    summary = client.get(f"{links.edit}/summary")
    assert (
        summary.status_code == 200 and "Doubles won and lost" not in summary.text
    )  # not counted for penalties
    pdf = client.get(f"{links.edit}/sheet.pdf").data
    assert "the dealer may be doubled" in "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_the_dealer_redoubles_only_when_the_rules_say(client: FlaskClient) -> None:
    links = french_game(client)
    deal = {"contract": "barbu", "dbl_1_0": "y", "dbl_0_1": "y", "king": "2"}
    response = post_deal(client, links, deal)
    assert response.status_code in (200, 422) and all_errors(response.text), response.status_code
    allowed = french_game(client, dealer_redoubles="y")
    enter(client, allowed, deal)
    assert totals(client, allowed) == {"Ann": 0, "Beth": 0, "Cat": 80, "Diana": 0}


def test_no_compulsory_doubles_is_said_only_where_the_game_has_them(client: FlaskClient) -> None:
    # French Barbu has none by default: as an option left off, it goes unsaid, on the page and the PDF.
    links = french_game(client, compulsory_doubles="0")
    page = text_of(client.get(links.edit).text)
    assert "the dealer may be doubled" in page and "compulsory doubles" not in page
    pdf = client.get(f"{links.edit}/sheet.pdf").data
    assert "compulsory doubles" not in "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    one = french_game(client, compulsory_doubles="1")
    assert "compulsory doubles: 1" in text_of(client.get(one.edit).text)
    # Barbu's two turned off is a rule of the table's own.
    barbu = client.post("/new", data=new_game_form(compulsory_doubles="0"))
    assert "no compulsory doubles" in text_of(client.get(barbu.headers["Location"]).text)
