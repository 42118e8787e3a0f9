"""After a player is replaced, the history and the correction notice name whoever sat at the seat
in the deal concerned: Zoe in the deals she played, Cat in the ones before."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.report import score_document
from tests.web.helpers import enter, export, form_version, import_game, text_of

from .test_replace_player import TRUMPS, replace, twelve_deals


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


def undo_button(client: FlaskClient, link: str) -> str | None:
    page = client.get(f"{link}/history").text
    return form_version(page) if f"{link}/replace/undo" in page else None


def test_the_replacement_is_undone_from_its_history_row(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    assert undo_button(client, links.edit) is None  # nobody replaced: nothing to undo
    assert replace(client, links, "2", "Zoe").status_code == 303
    enter(client, links, TRUMPS)
    version = undo_button(client, links.edit)
    assert version is not None
    response = client.post(f"{links.edit}/replace/undo", data={"version": version})
    assert response.status_code == 303
    assert "substitutes" not in export(client, links.edit)
    assert "people" not in score_document(export(client, links.edit))  # the seat is all Cat's again
    history = text_of(client.get(f"{links.edit}/history").text)
    assert "Replacement undone: Zoe no longer takes Cat's seat from deal 13." in history
    assert undo_button(client, links.edit) is None
    # The form sent again on the old state undoes nothing more.
    stale = client.post(f"{links.edit}/replace/undo", data={"version": version})
    assert stale.status_code == 303  # nobody is replaced any more: back to the history


def test_a_stale_undo_keeps_the_replacement(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    assert replace(client, links, "2", "Zoe").status_code == 303
    version = undo_button(client, links.edit)
    enter(client, links, TRUMPS)
    response = client.post(f"{links.edit}/replace/undo", data={"version": version})
    assert response.status_code == 409
    assert "the replacement was not undone" in text_of(response.text)
    assert export(client, links.edit)["substitutes"] == [{"seat": 2, "from_deal": 13, "name": "Zoe"}]


def test_only_the_latest_replacement_has_the_undo_and_not_on_the_view_link(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, twelve_deals())
    assert replace(client, links, "2", "Zoe").status_code == 303
    enter(client, links, TRUMPS)
    assert replace(client, links, "0", "Yan").status_code == 303
    page = client.get(f"{links.edit}/history").text
    assert page.count(f"{links.edit}/replace/undo") == 1
    response = client.post(f"{links.edit}/replace/undo", data={"version": form_version(page)})
    assert response.status_code == 303
    assert export(client, links.edit)["substitutes"] == [{"seat": 2, "from_deal": 13, "name": "Zoe"}]
    assert "/replace/undo" not in client.get(f"{links.view}/history").text
