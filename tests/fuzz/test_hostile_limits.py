"""Limits weighted by what a request stores: a group's zip counts every game it stores, every change
to a game (undo and put-back too) counts one, and kept paper checks do not pile up for ever.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper.storage import db
from scorekeeper.storage import pruning as maintenance
from scorekeeper.storage.models import ChangeRow, GameRow, NameMergeRow, PaperCheckRow
from tests.builders import full_game, worked_example
from tests.web.groups.test_groups import create_group, names_post, start_game
from tests.web.helpers import WORKED_DEAL_1, count_rows, create_game, enter, post_deal

pytestmark = pytest.mark.postgres

WINDOW = 10**7  # windows start at multiples of their length: one this long never ends mid-test


def _zip(games: int) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for n in range(games):
            archive.writestr(f"g{n}.json", json.dumps(full_game()))
    return out.getvalue()


def _upload(client: FlaskClient, content: bytes) -> int:
    response = client.post(
        "/groups/import", data={"file": (io.BytesIO(content), "club.zip")}, content_type="multipart/form-data"
    )
    return response.status_code


def test_a_group_import_counts_the_games_it_stores(make_app: Callable[..., Flask]) -> None:
    app = make_app(LIMIT_IMPORT=[10, WINDOW])
    client = app.test_client()
    assert _upload(client, _zip(8)) == 303
    assert count_rows(app, GameRow) == 8
    # Three more would make 11: refused whole, nothing stored.
    assert _upload(client, _zip(3)) == 429
    assert count_rows(app, GameRow) == 8
    # What is left of the budget still serves smaller imports... until it is spent.
    app2 = make_app(LIMIT_IMPORT=[10, WINDOW])
    other = app2.test_client()
    assert _upload(other, _zip(9)) == 303
    game_file = {"file": (io.BytesIO(json.dumps(worked_example()).encode()), "game.json")}
    assert other.post("/import", data=game_file, content_type="multipart/form-data").status_code == 303
    game_file = {"file": (io.BytesIO(json.dumps(worked_example()).encode()), "game.json")}
    assert other.post("/import", data=game_file, content_type="multipart/form-data").status_code == 429


def test_changes_are_limited_undo_and_put_back_included(make_app: Callable[..., Flask]) -> None:
    app = make_app(LIMIT_CHANGE=[4, WINDOW])
    client = app.test_client()
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)  # 1
    for action in ("undo", "redo", "undo"):  # 2, 3, 4
        page = client.get(links.edit).text
        assert f"{links.edit}/{action}" in page
        fields = dict(re.findall(r'name="(version|submission)"[^>]*value="([^"]*)"', _form(page, action)))
        assert client.post(f"{links.edit}/{action}", data=fields).status_code == 303
    before = count_rows(app, ChangeRow)
    page = client.get(links.edit).text
    fields = dict(re.findall(r'name="(version|submission)"[^>]*value="([^"]*)"', _form(page, "redo")))
    assert client.post(f"{links.edit}/redo", data=fields).status_code == 429
    assert post_deal(client, links, WORKED_DEAL_1).status_code == 429
    assert count_rows(app, ChangeRow) == before


def _form(page: str, action: str) -> str:
    start = page.index(f'/{action}"')
    return page[start : page.index("</form>", start)]


def test_merges_of_names_are_changes_too(make_app: Callable[..., Flask]) -> None:
    app = make_app(LIMIT_CHANGE=[2, WINDOW])
    client = app.test_client()
    edit, _view = create_group(client)
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["Anne", "Beth", "Cat", "Diana"])
    assert names_post(client, edit, "merge", alias="Anne", name="Ann").status_code == 303
    assert names_post(client, edit, "unmerge", alias="Anne").status_code == 303
    assert names_post(client, edit, "merge", alias="Anne", name="Ann").status_code == 429
    assert count_rows(app, NameMergeRow) == 0


def test_kept_paper_checks_are_pruned_by_age(app: Flask) -> None:
    client = app.test_client()
    old = client.post("/check/sheet?game=barbu", data={"action": "keep", "s0_0": "-26"}).headers["Location"]
    new = client.post("/check/sheet?game=barbu", data={"action": "keep", "s0_0": "-24"}).headers["Location"]
    with app.app_context():
        s = db.session()
        first = s.scalar(select(func.min(PaperCheckRow.id)))
        long_ago = datetime.now(UTC) - timedelta(days=app.config["PAPER_CHECK_DAYS"] + 1)
        s.execute(update(PaperCheckRow).where(PaperCheckRow.id == first).values(updated_at=long_ago))
        s.commit()
    maintenance.prune_app(app)
    assert count_rows(app, PaperCheckRow) == 1
    assert client.get(old.split("?")[0]).status_code == 404
    assert client.get(new.split("?")[0]).status_code == 200
