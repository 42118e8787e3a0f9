"""A group as a zip of game files: exported, imported back as a new group; bad zips store nothing.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.scoring import load
from scorekeeper.storage import db
from scorekeeper.storage.models import DealRow, GameRow, GroupRow, NameMergeRow
from scorekeeper.web.groups import files as group_files
from tests.builders import full_game, worked_example
from tests.web.helpers import WORKED_DEAL_1, WORKED_DEAL_2, count_rows, enter, export

from .test_groups import create_group, names_post, start_game

pytestmark = pytest.mark.postgres


def upload(client: FlaskClient, content: bytes, name: str = "group.zip"):
    return client.post(
        "/groups/import", data={"file": (io.BytesIO(content), name)}, content_type="multipart/form-data"
    )


def zipped(files: dict[str, bytes | str], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, body in files.items():
            archive.writestr(name, body)
    return out.getvalue()


def test_a_group_goes_out_as_a_zip_and_comes_back_as_a_new_group(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client, "Club du mardi")
    first = start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    enter(client, first, WORKED_DEAL_1, WORKED_DEAL_2)
    second = start_game(client, edit, ["anne", "Beth", "Cat", "Diana"])
    names_post(client, edit, "merge", alias="anne", name="Ann")
    response = client.get(f"{edit}/export.zip")
    assert response.status_code == 200 and response.mimetype == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.data)) as archive:
        names = sorted(archive.namelist())
        manifest = json.loads(archive.read("group.json"))
        games = [load(json.loads(archive.read(n))) for n in names if n != "group.json"]
    assert names == ["game-001.json", "game-002.json", "group.json"]
    assert manifest["name"] == "Club du mardi" and manifest["merges"] == {"anne": "Ann"}
    assert games == [load(export(client, first.edit)), load(export(client, second.edit))]

    imported = upload(client, response.data)
    assert imported.status_code == 303, imported.text
    again = imported.headers["Location"]
    assert again != edit and re.fullmatch(r"/gr/[A-Za-z0-9_-]+", again)
    page = client.get(again).text
    assert "Club du mardi" in page and "anne</bdi> → <bdi>Ann" in page
    assert client.get(f"{again}/export.zip").data != b""
    assert count_rows(app, GroupRow) == 2 and count_rows(app, GameRow) == 4
    # The games keep their dates, for the leaderboard's dates.
    with app.app_context():
        rows = db.session().scalars(select(GameRow).order_by(GameRow.id)).all()
        assert [r.created_at for r in rows[2:]] == [r.created_at for r in rows[:2]]


def test_a_zip_of_plain_game_files_is_a_group_too(app: Flask, client: FlaskClient) -> None:
    content = zipped({"a.json": json.dumps(worked_example()), "b.json": json.dumps(full_game())})
    response = upload(client, content)
    assert response.status_code == 303
    assert count_rows(app, GameRow) == 2
    assert "Imported group" in client.get(response.headers["Location"]).text


def bomb() -> bytes:
    """A small zip that inflates to far more than any game file."""
    return zipped({"game.json": b" " * (30 * 1024 * 1024)})


BAD = [
    pytest.param(b"not a zip", "not a zip file", id="not-zip"),
    pytest.param(b"", "not a zip file", id="empty"),
    pytest.param(b"PK" + b"\0" * (group_files.MAX_ZIP), "larger than 240 KB", id="too-large"),
    pytest.param(bomb(), "too large for a game file", id="zip-bomb"),
    pytest.param(
        zipped({f"g{n}.json": "{}" for n in range(group_files.MAX_FILES + 1)}), "more than 500", id="too-many"
    ),
    pytest.param(zipped({"readme.txt": "hello"}), "holds no game file", id="no-games"),
    pytest.param(
        zipped({"a.json": json.dumps(worked_example()), "b.json": '{"format": "barbu-game/2"}'}),
        "b.json is not a valid game file",
        id="one-bad-game",
    ),
    pytest.param(
        zipped({"a.json": json.dumps(worked_example()), "group.json": '["not", "a", "manifest"]'}),
        "not a group manifest",
        id="bad-manifest",
    ),
    pytest.param(
        zipped({"a.json": json.dumps(worked_example()), "group.json": '{"merges": {"a": 5}}'}),
        "merged names",
        id="bad-merges",
    ),
    pytest.param(
        zipped({"a.json": json.dumps(worked_example()), "group.json": '{"merges": {"a\\u0000": "b"}}'}),
        "merged names",
        id="nul-in-merges",
    ),
    pytest.param(
        zipped({"a.json": json.dumps(worked_example()), "group.json": b"\xff\xfe"}),
        "damaged",
        id="manifest-not-text",
    ),
]


@pytest.mark.parametrize(("content", "message"), BAD)
def test_a_bad_zip_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient, content: bytes, message: str
) -> None:
    response = upload(client, content)
    assert response.status_code == 422
    assert message in response.text
    assert 'id="file-problem"' in response.text
    for model in (GroupRow, GameRow, DealRow, NameMergeRow):
        assert count_rows(app, model) == 0


def test_a_request_over_the_servers_limit_is_refused_whole(app: Flask, client: FlaskClient) -> None:
    assert upload(client, b"PK" + b"\0" * (300 * 1024)).status_code == 413
    assert count_rows(app, GroupRow) == 0


def test_no_file_is_asked_for_again(client: FlaskClient) -> None:
    response = client.post("/groups/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose a zip file" in response.text


def test_imports_of_groups_are_rate_limited(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(LIMIT_IMPORT=(2, 600))
    client = app.test_client()
    for _ in range(2):
        assert upload(client, b"nope").status_code == 422
    assert upload(client, b"nope").status_code == 429
