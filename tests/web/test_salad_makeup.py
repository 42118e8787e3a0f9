"""A French game with the Salad's make-up, capot and Dominoes by its ends, imported as a file: its
page, sheet, PDF and history show without an error (the new-game form's make-up:
tests/web/new_game/test_salad_form.py), and
its Salad deals can be entered and corrected on the deal form, which asks what the make-up needs."""

from __future__ import annotations

import io
import json
from typing import Any

from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.web.helpers import ANN, BETH, CAT, DIANA, Links, current_version, enter, export, text_of, totals

P4 = ["Ann", "Beth", "Cat", "Diana"]
VIV1BIN = {
    "no-tricks": 10,
    "no-hearts": 10,
    "no-queens": 20,
    "barbu": 80,
    "tricks": -5,
    "no-first-last": [40, 40],
    "dominoes": [-120, 0],
    "no-last-two": [20, 60],
}
SALAD = {"parts": ["no-tricks", "no-hearts", "no-queens", "barbu", "no-last-two"], "halved": True}


def seats(*values: int) -> dict[str, int]:
    return dict(zip(P4, values, strict=True))


def game_file() -> dict[str, Any]:
    everything = {
        "tricks": seats(13, 0, 0, 0),
        "hearts": seats(13, 0, 0, 0),
        "queens": seats(4, 0, 0, 0),
        "king": "Ann",
        "penultimate": "Ann",
        "last": "Ann",
    }
    return {
        "format": "barbu-game/1",
        "players": P4,
        "first_declarer": "Ann",
        "rules": {"game": "french", "capot": True, "last_two": True, "salad": SALAD, "scheme": VIV1BIN},
        "hands": [
            {"contract": "salad", "result": everything},
            {"contract": "no-queens", "result": {"queens": seats(0, 4, 0, 0)}},  # a capot: −80
            {"contract": "dominoes", "result": {"order": ["Cat", "Diana", "Beth", "Ann"]}},
        ],
    }


def imported(client: FlaskClient, doc: dict[str, Any]) -> Links:
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(doc).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.text
    edit = response.headers["Location"]
    return Links(edit, edit)


def test_an_imported_game_with_the_options_shows_its_page_sheet_pdf_and_history(client: FlaskClient) -> None:
    links = imported(client, game_file())
    # 250 for Ann's Salad; Beth's capot of the queens; Dominoes -120, -80, -40, 0 from first out.
    assert totals(client, links) == {"Ann": 250, "Beth": -80 - 40, "Cat": -120, "Diana": -80}
    assert export(client, links.edit)["rules"]["salad"] == {**SALAD, "scored": "penalty"}
    for path in ("", "/history", "/sheet.pdf", "/export.csv"):
        assert client.get(f"{links.edit}{path}").status_code == 200, path
    page = text_of(client.get(links.edit).text)
    assert "Every deal adds up to its contract total: passed" in page
    said = "Salad = ½ (No tricks + Hearts + Queens + Barbu + Last two)"  # the rules summary
    assert said in page
    pdf = client.get(f"{links.edit}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "250" in text and "½ (No tricks" in text


def test_a_made_up_salad_is_entered_and_corrected_on_the_deal_form(client: FlaskClient) -> None:
    doc = game_file()
    doc["hands"] = []
    doc["rules"]["salad"] = {"parts": ["barbu", "no-last-two"], "scored": "reward"}
    links = imported(client, doc)
    form = text_of(client.get(f"{links.entry}?contract=salad").text)
    assert "Who took the king of hearts?" in form and "Who took trick 12?" in form
    assert "Tricks taken" not in form
    assert "Salad = −(Barbu + Last two)" in text_of(client.get(links.edit).text)
    enter(client, links, {"contract": "salad", "king": CAT, "penultimate": BETH, "last": DIANA})
    assert totals(client, links) == {"Ann": 0, "Beth": -20, "Cat": -80, "Diana": -60}
    response = client.post(
        f"{links.edit}/deal/1/edit",
        data={
            "version": current_version(client, links),
            "contract": "salad",
            "king": CAT,
            "penultimate": ANN,
            "last": DIANA,
        },
    )
    assert response.status_code == 303, response.text
    assert totals(client, links) == {"Ann": -20, "Beth": 0, "Cat": -80, "Diana": -60}
    assert client.get(f"{links.edit}/history").status_code == 200
    assert client.get(f"{links.edit}/sheet.pdf").status_code == 200
