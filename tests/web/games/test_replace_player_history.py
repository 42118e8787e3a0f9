"""After a player is replaced, the history and the correction notice name whoever sat at the seat
in the deal concerned: Zoe in the deals she played, Cat in the ones before."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import enter, form_version, import_game, text_of

from .test_replace_player import TRUMPS, twelve_deals


def correct(client: FlaskClient, link: str, number: int, data: dict[str, str]) -> str:
    edit = f"{link}/deal/{number}/edit"
    response = client.post(edit, data={"version": form_version(client.get(edit).text), **data})
    assert response.status_code == 303, response.text
    return text_of(client.get(response.headers["Location"]).text)


def test_a_correction_names_who_sat_there_at_that_deal(app: Flask, client: FlaskClient) -> None:
    doc = {**twelve_deals(), "substitutes": [{"seat": 2, "from_deal": 13, "name": "Zoe"}]}
    links = import_game(app, doc)
    enter(client, links, TRUMPS)
    notice = correct(client, links.edit, 13, {**TRUMPS, "tricks_2": "4", "tricks_3": "2"})
    said = "Deal 13 corrected: Zoe's tricks 3 → 4; Diana's tricks 3 → 2."
    assert said in notice
    history = text_of(client.get(f"{links.edit}/history").text)
    assert said in history
    assert "Cat's tricks" not in history
