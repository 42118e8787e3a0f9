"""Import a game file in the browser, and export it as JSON and CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.report import score_document
from scorekeeper.scoring import load
from scorekeeper.storage.models import GameRow
from scorekeeper.web.transfer.views import MAX_FILE, spreadsheet_safe
from tests.builders import full_game, worked_example
from tests.web.helpers import count_rows, export, import_game, renamed


def upload(client: FlaskClient, content: bytes, name: str = "game.json"):
    return client.post(
        "/import", data={"file": (io.BytesIO(content), name)}, content_type="multipart/form-data"
    )


def test_the_import_screen_offers_a_file_field(client: FlaskClient) -> None:
    page = client.get("/import").text
    assert 'type="file"' in page and 'enctype="multipart/form-data"' in page
    assert "/import" in client.get("/").text


def test_a_valid_file_becomes_a_game(app: Flask, client: FlaskClient) -> None:
    response = upload(client, json.dumps(worked_example()).encode())
    assert response.status_code == 303
    link = response.headers["Location"]
    assert load(export(client, link)) == load(worked_example())
    assert link.split("/")[-1] in client.get("/").text  # listed as opened on this device


BAD = [
    pytest.param(b'{"format": "barbu-game/2"}', "format: must be", id="wrong-format"),
    pytest.param(b"not json at all", "not valid JSON", id="not-json"),
    pytest.param(b"\xff\xfe\x00", "not valid JSON", id="not-text"),
    pytest.param(b"", "not valid JSON", id="empty"),
    pytest.param(
        json.dumps({**worked_example(), "hands": [worked_example()["hands"][0]] * 2}).encode(),
        "deal 2: contract: Ann has already declared No queens",
        id="illegal-game",
    ),
    pytest.param(b" " * (MAX_FILE + 1), "larger than 100 KB", id="too-large"),
]


@pytest.mark.parametrize(("content", "message"), BAD)
def test_a_bad_file_is_refused_with_the_engines_messages(
    app: Flask, client: FlaskClient, content: bytes, message: str
) -> None:
    response = upload(client, content)
    assert response.status_code == 422
    assert message in response.text
    assert count_rows(app, GameRow) == 0


def test_no_file_chosen(app: Flask, client: FlaskClient) -> None:
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose a game file." in response.text
    assert count_rows(app, GameRow) == 0


def test_a_request_over_the_servers_limit_is_refused(app: Flask, client: FlaskClient) -> None:
    response = upload(client, b"x" * (app.config["MAX_CONTENT_LENGTH"] + 1))
    assert response.status_code == 413
    assert count_rows(app, GameRow) == 0


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("Ann", "Ann"),
        (-12, -12),
        (0, 0),
    ],
)
def test_spreadsheet_safe(cell: object, safe: object) -> None:
    assert spreadsheet_safe(cell) == safe


def test_csv_has_a_row_per_deal_per_player_and_escapes_formulas(app: Flask, client: FlaskClient) -> None:
    names = ['=HYPERLINK("x")', "+Beth", "-Cat", "@Diana"]
    links = import_game(app, renamed(full_game(), names))
    for link in (links.edit, links.view):
        response = client.get(f"{link}/export.csv")
        assert response.status_code == 200
        assert response.mimetype == "text/csv"
        assert "attachment" in response.headers["Content-Disposition"]
        rows = list(csv.DictReader(io.StringIO(response.text)))
        assert len(rows) == 28 * 4
        assert {r["player"] for r in rows} == {"'" + n for n in names}
        assert all(
            not r[k].startswith(("=", "+", "@"))
            for r in rows
            for k in r
            if k not in ("raw", "score", "total")
        )
        scored = score_document(export(client, links.edit))
        assert [int(r["total"]) for r in rows[-4:]] == [scored["totals"][n] for n in names]
        deal_5 = [r for r in rows if r["deal"] == "5"]
        assert [int(r["score"]) for r in deal_5] == [scored["hands"][4]["score"][n] for n in names]


def test_export_json_is_the_game_file(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    for link in (links.edit, links.view):
        doc = export(client, link)
        assert load(doc) == load(worked_example())


@pytest.mark.parametrize(
    ("deal", "seat", "sitter", "declarer"),
    [
        ("1", "Cat", "Cat", "Ann"),
        ("12", "Cat", "Cat", "Beth"),
        ("13", "Cat", "Zoe", "Beth"),
        ("13", "Diana", "Diana", "Beth"),
        ("20", "Cat", "Zoe", "Zoe"),  # the seat's own deals as declarer: Zoe declares them
    ],
)
def test_csv_names_who_sat_at_each_seat_in_each_deal(
    app: Flask, client: FlaskClient, deal, seat, sitter, declarer
):
    doc = {**full_game(), "substitutes": [{"seat": 2, "from_deal": 13, "name": "Zoe"}]}
    links = import_game(app, doc)
    rows = list(csv.DictReader(io.StringIO(client.get(f"{links.edit}/export.csv").text)))
    (found,) = [r for r in rows if r["deal"] == deal and r["player"] == seat]
    assert (found["sitter"], found["declarer"]) == (sitter, declarer)
