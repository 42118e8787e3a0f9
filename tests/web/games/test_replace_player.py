"""Replacing a player mid-game: the form on the edit link, the sheet's "Cat → Zoe", totals by the
deals each played, the history line, and the game file's round trip."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.evening import TableResult, standings
from scorekeeper.present.report import score_document
from scorekeeper.scoring import load
from scorekeeper.storage.models import ChangeRow
from scorekeeper.web.evening.loading import sitters
from tests.builders import full_game
from tests.web.helpers import (
    Links,
    all_errors,
    count_rows,
    enter,
    errors_after,
    export,
    form_version,
    import_game,
    text_of,
)

TRUMPS = {
    "contract": "trumps",
    "trump": "spades",
    "tricks_0": "4",
    "tricks_1": "3",
    "tricks_2": "3",
    "tricks_3": "3",
}


def twelve_deals() -> dict[str, Any]:
    doc = full_game()
    doc["hands"] = doc["hands"][:12]
    return doc


def replace(client: FlaskClient, links: Links, seat: str, name: str, **extra: str) -> Any:
    page = client.get(f"{links.edit}/replace")
    assert page.status_code == 200
    data = {"version": form_version(page.text), "seat": seat, "name": name, **extra}
    return client.post(f"{links.edit}/replace", data=data)


def test_the_new_player_takes_the_seat_from_the_next_deal(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    assert f"{links.edit}/replace" in client.get(links.edit).text
    before = score_document(export(client, links.edit))["totals"]
    response = replace(client, links, "2", "Zoe")
    assert response.status_code == 303
    assert response.headers["Location"] == links.edit
    doc = export(client, links.edit)
    assert doc["substitutes"] == [{"seat": 2, "from_deal": 13, "name": "Zoe"}]
    # The next deal's form and the turn name Zoe, who sits there now.
    form = client.get(f"{links.entry}?contract=trumps").text
    assert "<bdi>Zoe</bdi>" in form and "<bdi>Cat</bdi>" not in form
    assert "Cat → Zoe" in text_of(client.get(links.edit).text)
    # The seat plays on under its name in the hands; Zoe's deals are credited to her.
    enter(client, links, TRUMPS)
    scored = score_document(export(client, links.edit))
    deal_13 = scored["hands"][12]["score"]["Cat"]
    assert scored["people"]["Cat"] == {"seat": 2, "deals": 12, "total": before["Cat"]}
    assert scored["people"]["Zoe"] == {"seat": 2, "deals": 1, "total": deal_13}
    page = client.get(links.edit).text
    text = text_of(page)
    assert "Cat → Zoe" in text
    assert "Zoe takes Cat's seat from deal 13" in text
    marked = re.search(r'<tr class="replacement">(.*?)</tr>\s*<tr id="deal-(\d+)"', page, re.S)
    assert marked is not None and marked.group(2) == "13"
    totals = re.search(r'<ul class="people-totals">(.*?)</ul>', page, re.S)
    assert totals is not None
    assert f"Zoe {'+' if deal_13 > 0 else ''}{deal_13}".replace("-", "−") in text_of(totals.group(1))
    history = text_of(client.get(f"{links.edit}/history").text)
    assert "Zoe takes Cat's seat from deal 13." in history


def test_the_file_round_trip_keeps_the_replacement(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    assert replace(client, links, "0", "Zoe").status_code == 303
    doc = export(client, links.edit)
    again = import_game(app, doc)
    assert export(client, again.edit) == doc
    assert "Ann → Zoe" in text_of(client.get(again.view).text)


def test_a_name_at_the_table_is_refused_by_the_field(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    changes = count_rows(app, ChangeRow)
    response = replace(client, links, "1", "diana")
    assert response.status_code == 422
    assert errors_after(response.text, "name") == ["'diana' is already at the table"]
    assert count_rows(app, ChangeRow) == changes
    assert "substitutes" not in export(client, links.edit)


def test_bad_forms_are_refused_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    changes = count_rows(app, ChangeRow)
    for seat, name in [("7", "Zoe"), ("x", "Zoe"), ("1", ""), ("1", "Z\u202eoe"), ("1", "N" * 41)]:
        response = replace(client, links, seat, name)
        assert response.status_code == 422, (seat, name)
        assert all_errors(response.text)
    assert count_rows(app, ChangeRow) == changes


def test_a_stale_form_replaces_nobody(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    version = form_version(client.get(f"{links.edit}/replace").text)
    assert replace(client, links, "3", "Zoe").status_code == 303
    stale = client.post(f"{links.edit}/replace", data={"version": version, "seat": "1", "name": "Yan"})
    assert stale.status_code == 409
    assert export(client, links.edit)["substitutes"] == [{"seat": 3, "from_deal": 13, "name": "Zoe"}]


def test_the_same_submission_twice_acts_once(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    page = client.get(f"{links.edit}/replace").text
    data = {"version": form_version(page), "seat": "3", "name": "Zoe", "submission": "a" * 32}
    assert client.post(f"{links.edit}/replace", data=data).status_code == 303
    again = client.post(f"{links.edit}/replace", data=data)
    assert again.status_code == 303
    assert len(export(client, links.edit)["substitutes"]) == 1


def test_no_replacement_before_the_first_deal_or_after_the_last(app: Flask, client: FlaskClient) -> None:
    for doc in (full_game(), {**full_game(), "hands": []}):
        links = import_game(app, doc)
        assert "/replace" not in client.get(links.edit).text
        assert client.get(f"{links.edit}/replace").status_code == 303


def test_the_view_link_cannot_replace(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, twelve_deals())
    assert client.get(f"{links.view}/replace").status_code == 404
    assert "/replace" not in client.get(links.view).text


def test_the_summary_has_totals_by_player(app: Flask, client: FlaskClient) -> None:
    doc = {**full_game(), "substitutes": [{"seat": 1, "from_deal": 20, "name": "Zoe"}]}
    links = import_game(app, doc)
    split = score_document(doc)["people"]
    page = client.get(f"{links.edit}/summary").text
    found = re.search(r'<ul class="people-totals">(.*?)</ul>', page, re.S)
    assert found is not None
    shown = text_of(found.group(1))
    for name in ("Beth", "Zoe"):
        total = split[name]["total"]
        sign = "+" if total > 0 else ("−" if total < 0 else "")
        assert f"{name} {sign}{abs(total)} {split[name]['deals']} deals" in shown


def test_play_again_seats_those_at_the_table_now(app: Flask, client: FlaskClient) -> None:
    doc = {**full_game(), "substitutes": [{"seat": 1, "from_deal": 20, "name": "Zoe"}]}
    links = import_game(app, doc)
    page = client.get(links.edit).text
    again = client.post(f"{links.edit}/again", data={"version": form_version(page), "submission": "b" * 32})
    assert again.status_code == 303
    new = export(client, again.headers["Location"])
    assert new["players"] == ["Ann", "Zoe", "Cat", "Diana"]
    assert "substitutes" not in new


def test_the_import_screen_keeps_or_refuses_a_replacement(app: Flask, client: FlaskClient) -> None:
    doc = {**twelve_deals(), "substitutes": [{"seat": 2, "from_deal": 13, "name": "Zoe"}]}
    sent = {"file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    response = client.post("/import", data=sent, content_type="multipart/form-data")
    assert response.status_code == 303
    assert export(client, response.headers["Location"]) == export(client, import_game(app, doc).edit)
    assert export(client, response.headers["Location"])["substitutes"] == doc["substitutes"]
    bad = {**doc, "substitutes": [{"seat": 2, "from_deal": 1, "name": "Zoe"}]}
    sent = {"file": (io.BytesIO(json.dumps(bad).encode()), "game.json")}
    refused = client.post("/import", data=sent, content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "substitutes[0].from_deal" in text_of(refused.text)


def test_the_evening_counts_each_sitter_of_a_seat() -> None:
    game = load({**full_game(), "substitutes": [{"seat": 2, "from_deal": 15, "name": "Zoe"}]})
    split = game.person_totals()
    assert sitters(game) == {"Cat": (("Cat", 14, split["Cat"]), ("Zoe", 14, split["Zoe"]))}
    totals = dict(zip(game.players, game.totals, strict=True))
    found = {s.name for s in standings([TableResult(totals, 28, False, sitters(game))])}
    assert found == {"Ann", "Beth", "Cat", "Diana", "Zoe"}
