"""Requests that used to end in a server error now get an ordinary answer."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow, SubmissionRow

from .helpers import WORKED_DEAL_1, count_rows, create_game, form_version, hands


@pytest.mark.parametrize("path", ["/", "/new", "/nowhere", "/sheets/blank"])
def test_a_host_with_a_label_over_63_characters_is_a_bad_request(client: FlaskClient, path: str) -> None:
    response = client.get(path, headers={"Host": "a" * 64 + ".example"})
    assert response.status_code == 400
    assert response.mimetype == "text/plain"


@pytest.mark.parametrize(
    "target",
    ["/%0Ax", "/%0D%0ASet-Cookie:%20x=1", "/%00", "/\\evil.example", "/%5C%5Cevil.example", "//evil.example"],
)
@pytest.mark.parametrize("path", ["/lang/fr", "/digits/persian"])
def test_a_return_path_with_control_characters_goes_home(client: FlaskClient, path: str, target: str) -> None:
    response = client.get(f"{path}?next={target}")
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_an_ordinary_return_path_is_kept(client: FlaskClient) -> None:
    assert client.get("/lang/fr?next=/new%3Fplayer%3DAnn").headers["Location"] == "/new?player=Ann"


@pytest.mark.postgres
@pytest.mark.parametrize("token", ["abc\x00def", "x" * 65, "é" * 10, "a b"])
@pytest.mark.parametrize("suffix", ["", "/live", "/export.json", "/deal/1", "/history", "/sheet.pdf"])
def test_a_malformed_token_is_no_such_game(client: FlaskClient, token: str, suffix: str) -> None:
    for kind in ("g", "v"):
        assert client.get(f"/{kind}/{token}{suffix}").status_code == 404


@pytest.mark.postgres
@pytest.mark.parametrize("submission", ["abc\x00def", "x" * 65, "x" * 300, "", "ünï"])
def test_a_malformed_submission_id_is_left_out(app: Flask, client: FlaskClient, submission: str) -> None:
    links = create_game(client)
    version = form_version(client.get(f"{links.entry}?contract=no-queens").text)
    response = client.post(links.entry, data={**WORKED_DEAL_1, "version": version, "submission": submission})
    assert response.status_code == 303
    assert len(hands(client, links)) == 1
    assert count_rows(app, SubmissionRow) == 0
    shown = form_version(client.get(links.edit).text)
    undone = client.post(f"{links.edit}/undo", data={"version": shown, "submission": submission})
    assert undone.status_code == 303 and hands(client, links) == []
    assert count_rows(app, GameRow) == 1


@pytest.mark.parametrize("method", ["GET", "HEAD", "OPTIONS", "POST"])
@pytest.mark.parametrize("name", ["js/%00.js", "css/%00.css", "js/nothing.js", "css/app.css%00", "../app.py"])
def test_an_odd_static_name_is_never_a_500(client: FlaskClient, method: str, name: str) -> None:
    for query in ("", "?v=0123456789"):
        response = client.open(f"/static/{name}{query}", method=method)
        assert response.status_code in (200, 404, 405), (method, name, query)
