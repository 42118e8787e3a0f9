"""Links instead of accounts: random distinct tokens, a view link that can change nothing, and the
barbu-game/1 download from either link."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import dump, load
from scorekeeper.storage.models import ChangeRow, DealRow, GameRow
from tests.builders import full_game, worked_example
from tests.web.helpers import (
    VIEW_LINK,
    WORKED_DEAL_1,
    Links,
    count_rows,
    create_game,
    export,
    import_game,
)

TOKEN = re.compile(r"[A-Za-z0-9_-]{22,}")  # 22 url-safe characters carry 132 bits


@pytest.fixture
def links(app: Flask) -> Links:
    return import_game(app, worked_example())


def test_edit_and_view_tokens_are_long_random_and_distinct(client: FlaskClient) -> None:
    games = [create_game(client) for _ in range(3)]
    tokens = [t for g in games for t in (g.edit_token, g.view_token)]
    for token in tokens:
        assert TOKEN.fullmatch(token), token
    assert len(set(tokens)) == len(tokens)


VIEW_PATHS = ["", "/deal", "/deal/1", "/deal/1/edit", "/undo", "/again", "/history", "/export.json"]


@pytest.mark.parametrize("path", VIEW_PATHS, ids=[p or "/" for p in VIEW_PATHS])
def test_a_view_link_cannot_change_anything(app: Flask, client: FlaskClient, links: Links, path: str) -> None:
    before = export(client, links.edit)
    response = client.post(f"{links.view}{path}", data={"version": "0", **WORKED_DEAL_1, "contract": "barbu"})
    assert response.status_code in (404, 405)
    assert export(client, links.edit) == before
    assert (count_rows(app, GameRow), count_rows(app, DealRow), count_rows(app, ChangeRow)) == (1, 2, 1)


@pytest.mark.parametrize("path", ["/deal", "/deal?contract=barbu", "/deal/1/edit"])
def test_a_view_link_has_no_entry_or_correction_screen(client: FlaskClient, links: Links, path: str) -> None:
    assert client.get(f"{links.view}{path}").status_code == 404


@pytest.mark.parametrize("path", ["", "/deal/1", "/history"])
def test_view_pages_offer_no_way_to_change_the_game(client: FlaskClient, links: Links, path: str) -> None:
    page = client.get(f"{links.view}{path}").text
    assert links.edit_token not in page
    assert "/g/" not in page
    assert "/deal?contract=" not in page
    assert "/edit" not in page
    assert 'method="post"' not in page
    assert "Undo" not in page and "Correct this deal" not in page


def test_the_edit_page_shares_the_view_link(client: FlaskClient, links: Links) -> None:
    page = client.get(links.edit).text
    assert set(re.findall(VIEW_LINK, page)) == {links.view}


@pytest.mark.parametrize("path", ["", "/deal/1", "/history", "/export.json"])
def test_tokens_only_work_under_their_own_prefix(client: FlaskClient, links: Links, path: str) -> None:
    assert client.get(f"/v/{links.edit_token}{path}").status_code == 404
    assert client.get(f"/g/{links.view_token}{path}").status_code == 404
    assert client.get(f"{links.edit}{path}").status_code == 200
    assert client.get(f"{links.view}{path}").status_code == 200


def test_a_view_token_at_the_edit_prefix_cannot_post(client: FlaskClient, links: Links) -> None:
    for path in ("/deal", "/undo", "/again", "/deal/1/edit"):
        response = client.post(f"/g/{links.view_token}{path}", data={"version": "0", **WORKED_DEAL_1})
        assert response.status_code == 404, path
    assert len(export(client, links.edit)["hands"]) == 2


@pytest.mark.parametrize("kind", ["edit", "view"])
def test_export_from_either_link_is_a_valid_game_file(client: FlaskClient, links: Links, kind: str) -> None:
    response = client.get(f"{getattr(links, kind)}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert re.fullmatch(r'attachment; filename="[^"/]+\.json"', disposition), disposition
    doc = json.loads(response.text)
    assert doc["format"] == "barbu-game/1"
    assert dump(load(doc)) == dump(load(worked_example()))


def test_export_of_a_complete_game_loads(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game(scheme="barbu-15", dealer_declares=True))
    doc = export(client, links.view)
    game = load(doc)
    assert game.complete
    assert doc["rules"]["scheme"] == "barbu-15"
    assert doc["rules"]["dealer_declares"] is True


def test_export_keeps_names_in_any_script_as_text(client: FlaskClient) -> None:
    names = ["مریم", "Ёжик", "Đurđa", "Šime"]
    links = create_game(client, names)
    response = client.get(f"{links.edit}/export.json")
    assert json.loads(response.text)["players"] == names
    assert "مریم" in response.text  # not \\u escapes: the file stays readable


@pytest.mark.parametrize("kind", ["edit", "view"])
def test_the_qr_code_of_the_view_link_from_either_link(client: FlaskClient, links: Links, kind: str) -> None:
    response = client.get(f"{getattr(links, kind)}/qr/view.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    title = re.search(r"<title>([^<]+)</title>", response.text)
    assert title and title.group(1).endswith(links.view)


def test_only_the_edit_link_gives_the_qr_code_of_the_edit_link(client: FlaskClient, links: Links) -> None:
    assert client.get(f"{links.view}/qr/edit.svg").status_code == 404
    response = client.get(f"{links.edit}/qr/edit.svg")
    assert response.status_code == 200
    assert links.edit_token in response.text


def test_the_live_sheet_of_the_view_link_holds_no_edit_link(client: FlaskClient, links: Links) -> None:
    page = client.get(f"{links.view}/live").text
    assert links.edit_token not in page
    assert "/deal?contract=" not in page and 'method="post"' not in page
