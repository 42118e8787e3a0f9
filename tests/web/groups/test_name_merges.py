"""A merge of spellings is a change like any other: made on the merges its form shows, once per
one-time id, refused with a clear message when the names changed meanwhile, and told in the
history of every game of the group whose players bear one of the spellings."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.storage import db
from scorekeeper.storage.models import GameRow, NameChangeRow, NameMergeRow
from tests.web.helpers import WORKED_DEAL_1, count_rows, enter, text_of

from .test_groups import create_group, names_post, names_version, start_game

pytestmark = pytest.mark.postgres


def _versions(app: Flask) -> list[int]:
    with app.app_context():
        return list(db.session().scalars(select(GameRow.version).order_by(GameRow.id)))


def _merge(client: FlaskClient, edit: str, version: str, submission: str, alias: str, name: str) -> int:
    sent = {"alias": alias, "name": name, "version": version, "submission": submission}
    return client.post(f"{edit}/merge", data=sent).status_code


def test_a_merge_is_told_in_the_history_of_each_game_it_concerns(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    first = start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    second = start_game(client, edit, ["anne", "Beth", "Cat", "Dina"])
    third = start_game(client, edit, ["Eve", "Finn", "Gus", "Hal"])
    enter(client, first, WORKED_DEAL_1)
    versions = _versions(app)
    assert names_post(client, edit, "merge", alias="anne", name="Ann").status_code == 303
    for game in (first, second):
        said = text_of(client.get(f"{game.edit}/history").text)
        assert "In the group, anne now counts as Ann." in said
        assert "In the group, anne now counts as Ann." in text_of(client.get(f"{game.view}/history").text)
    assert "now counts as" not in text_of(client.get(f"{third.edit}/history").text)
    # No game changed: their states, and so the deal forms open at the tables, still stand.
    assert _versions(app) == versions
    assert names_post(client, edit, "unmerge", alias="anne").status_code == 303
    said = text_of(client.get(f"{second.edit}/history").text)
    assert said.index("anne no longer counts as Ann") < said.index("anne now counts as Ann")  # newest first
    assert count_rows(app, NameChangeRow) == 2 and count_rows(app, GameRow) == 3


def test_a_merge_sent_twice_acts_once(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["anne", "Beth", "Cat", "Dina"])
    version = names_version(client, edit)
    assert _merge(client, edit, version, "m" * 32, "anne", "Ann") == 303
    assert _merge(client, edit, version, "m" * 32, "anne", "Ann") == 303  # the repeat: as the first
    assert count_rows(app, NameChangeRow) == 1 and count_rows(app, NameMergeRow) == 1


def test_a_merge_sent_on_names_that_changed_is_refused_and_says_so(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["anne", "Beth", "Cat", "Dina"])
    old = names_version(client, edit)
    assert _merge(client, edit, old, "a" * 32, "Dina", "Diana") == 303  # another phone, first
    response = client.post(
        f"{edit}/merge", data={"alias": "anne", "name": "Ann", "version": old, "submission": "b" * 32}
    )
    assert response.status_code == 409
    assert "changed on another phone" in text_of(response.text) and "nothing was merged" in text_of(
        response.text
    )
    assert count_rows(app, NameMergeRow) == 1 and count_rows(app, NameChangeRow) == 1
    # The choices sent are kept, on the names as they are now: one more tap merges them.
    assert re.search(r'<option selected value="anne">|<option value="anne" selected>', response.text)
    fresh = re.search(r'name="version"[^>]*value="([0-9a-f]+)"', response.text)
    assert fresh and fresh.group(1) == names_version(client, edit) != old


def test_an_unmerge_sent_on_names_that_changed_is_refused(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["anne", "Beth", "Cat", "Dina"])
    assert names_post(client, edit, "merge", alias="anne", name="Ann").status_code == 303
    old = names_version(client, edit)
    assert names_post(client, edit, "merge", alias="Dina", name="Diana").status_code == 303
    response = client.post(f"{edit}/unmerge", data={"alias": "anne", "version": old, "submission": "c" * 32})
    assert response.status_code == 409 and "nothing was undone" in text_of(response.text)
    assert count_rows(app, NameMergeRow) == 2


def test_the_history_of_a_merge_in_every_language(client: FlaskClient) -> None:
    edit, _view = create_group(client)
    first = start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["anne", "Beth", "Cat", "Dina"])
    assert names_post(client, edit, "merge", alias="anne", name="Ann").status_code == 303
    english = text_of(client.get(f"{first.edit}/history").text)
    for lang in ("fa", "hr", "fr"):
        client.set_cookie("lang", lang)
        said = text_of(client.get(f"{first.edit}/history").text)
        assert "now counts as" not in said and "anne" in said and said != english
