"""The blank sheet's form: what it offers follows the rules that change the sheet, and a value not
offered is refused by its field, in the reader's language, with no PDF made."""

from __future__ import annotations

import io
import re

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.scoring import GAMES
from tests.web.helpers import errors_after, text_of

NOT_OFFERED = {
    "en": "Not a valid choice.",
    "fa": "این گزینه در میان گزینه‌ها نیست.",
    "hr": "Taj izbor nije ponuđen.",
    "fr": "Ce choix n’est pas proposé.",
}
TOO_LONG = {
    "en": "At most 40 characters.",
    "fa": "حداکثر 40 حرف.",
    "hr": "Najviše 40 znakova.",
    "fr": "40 caractères au maximum.",
}


def _names(html: str) -> set[str]:
    return set(re.findall(r'<(?:input|select)\b[^>]*\bname="([a-z_]+)"', html))


NOT_RULES = {"game", "players", "paper", "orientation", "scheme", "first_declarer"}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_blank_sheet_offers_the_options_the_paper_check_asks(client: FlaskClient, game: str) -> None:
    blank = {n for n in _names(client.get(f"/sheets/blank?game={game}").text) if not n.startswith("player_")}
    check = _names(client.get(f"/check?game={game}").text)
    options = {n for n in check if not n.startswith(("player_", "pt_"))} - NOT_RULES
    assert blank - NOT_RULES == options


@pytest.mark.parametrize("lang", list(NOT_OFFERED))
@pytest.mark.parametrize(
    ("query", "field"),
    [
        pytest.param("paper=a3", "paper", id="paper"),
        pytest.param("orientation=sideways", "orientation", id="orientation"),
        pytest.param("game=french&players=9", "players", id="players"),
        pytest.param("deck=36", "deck", id="deck"),
        pytest.param("game=barbu-3&rubbers=2", "rubbers", id="rubbers"),
        pytest.param("ravage_city=maybe", "ravage_city", id="contracts"),
    ],
)
def test_a_value_not_offered_is_refused_by_its_field(
    client: FlaskClient, lang: str, query: str, field: str
) -> None:
    client.set_cookie("lang", lang)
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 422 and response.mimetype == "text/html"
    assert errors_after(response.text, field) == [NOT_OFFERED[lang]]


@pytest.mark.parametrize("lang", list(TOO_LONG))
def test_a_name_too_long_is_refused_by_its_field(client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    response = client.get("/sheets/blank.pdf?player_1=" + "x" * 41)
    assert response.status_code == 422
    assert errors_after(response.text, "player_1") == [TOO_LONG[lang]]


def test_a_refused_sheet_keeps_what_was_chosen(client: FlaskClient) -> None:
    page = client.get("/sheets/blank.pdf?paper=a3&orientation=landscape&ravage_city=y&player_0=Ann").text
    assert re.search(r'<input checked [^>]*name="orientation" [^>]*value="landscape"', page)
    assert re.search(r'<input checked [^>]*name="ravage_city" [^>]*value="y"', page)
    assert 'value="Ann"' in page


def test_the_declarer_moving_every_deal_leaves_out_the_doubles_rows(client: FlaskClient) -> None:
    # Compulsory doubles are counted per block of a declarer's deals: with no blocks, no such rows.
    blocks = client.get("/sheets/blank.pdf?rotation=blocks")
    every = client.get("/sheets/blank.pdf?rotation=every-deal")
    assert blocks.status_code == every.status_code == 200

    def text(data: bytes) -> str:
        return " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())

    assert "Doubles of the declarer" in text(blocks.data)
    assert "Doubles of the declarer" not in text(every.data)


def test_the_contracts_choice_counts_the_deals_at_the_table_size(client: FlaskClient) -> None:
    page = text_of(client.get("/sheets/blank?game=barbu").text)
    assert "The 7 contracts (28 deals)" in page and "With Ravage City (32 deals)" in page


def test_the_screen_shows_the_choices_a_link_names(client: FlaskClient) -> None:
    page = client.get("/sheets/blank?game=french&players=3&deck=32&capot=y").text
    assert re.search(r'<input checked [^>]*name="players" [^>]*value="3"', page)
    assert re.search(r'<input checked [^>]*name="deck" [^>]*value="32"', page)
    assert re.search(r'<input checked [^>]*name="capot"', page)
    assert 'name="game" type="hidden" value="french"' in page


def test_a_blank_french_sheet_prints_the_salads_make_up(client: FlaskClient) -> None:
    """The Salad's make-up changes the sheet's points key, so the blank sheet asks it, as the paper
    check does; a make-up the engine refuses is said by its field, with no PDF made."""
    base = "/sheets/blank.pdf?game=french&players=4&paper=a4&orientation=portrait&rotation=blocks"
    standard = client.get(base)
    made_up = client.get(base + "&salad=1&salad_parts=no-tricks&salad_parts=no-queens&salad_scored=reward")
    assert standard.status_code == made_up.status_code == 200
    assert standard.data != made_up.data  # a sheet of its own, not the cached standard one
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(made_up.data)).pages)
    assert "Salad = −(No tricks + Queens)" in text  # a reward: the sum with its sign turned
    refused = client.get(base + "&salad=1")  # no part ticked
    assert refused.status_code == 422 and "salad_parts" in refused.text
    assert "salad_parts" in client.get("/sheets/blank?game=french").text
