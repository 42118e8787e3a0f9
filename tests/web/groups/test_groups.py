"""Groups through the screens: create one, start games in it, merge spellings, follow it live.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.storage import groups
from scorekeeper.storage.models import GameRow, GroupRow, NameMergeRow
from tests.web.helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    Links,
    count_rows,
    enter,
    new_game_form,
    play_again,
    text_of,
)

pytestmark = pytest.mark.postgres


def create_group(client: FlaskClient, name: str = "Tuesday club") -> tuple[str, str]:
    """Create a group through its screen: (edit link, view link)."""
    response = client.post("/groups/new", data={"name": name})
    assert response.status_code == 303, response.text
    edit = response.headers["Location"]
    assert re.fullmatch(r"/gr/[A-Za-z0-9_-]+", edit)
    view = re.search(r'value="https?://[^/"]+(/gv/[A-Za-z0-9_-]+)"', client.get(edit).text)
    assert view
    return edit, view.group(1)


def start_game(client: FlaskClient, group_edit: str, players: list[str] | None = None) -> Links:
    """Start a game from the group's page, as its button does."""
    token = group_edit.rsplit("/", 1)[1]
    assert f"/new?group={token}" in client.get(group_edit).text
    response = client.post("/new", data={**new_game_form(players), "group": token})
    assert response.status_code == 303, response.text
    edit = response.headers["Location"]
    view = re.search(r'(/v/[A-Za-z0-9_-]+)"', client.get(edit).text)
    assert view
    return Links(edit, view.group(1))


def names_version(client: FlaskClient, group_edit: str) -> str:
    """The state of the group's merges its page's forms are made on."""
    found = re.search(r'name="version"[^>]*value="([0-9a-f]+)"', client.get(group_edit).text)
    assert found, "no merge form on the group page"
    return found.group(1)


def names_post(client: FlaskClient, group_edit: str, action: str, **data: str) -> TestResponse:
    """A merge or unmerge form sent on the merges the group's page shows now."""
    return client.post(f"{group_edit}/{action}", data={"version": names_version(client, group_edit), **data})


def test_a_game_started_from_the_group_page_belongs_to_it(app: Flask, client: FlaskClient) -> None:
    edit, view = create_group(client)
    assert "Tuesday club" in client.get(f"/new?group={edit.rsplit('/', 1)[1]}").text
    links = start_game(client, edit)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    page = client.get(edit).text
    assert links.edit in page  # the edit page links the games' edit links
    shown = client.get(view).text
    assert links.view in shown and links.edit not in shown  # the view page only their view links
    assert "2 of 28 deals" in shown and "+16" in shown
    with app.app_context():
        assert count_rows(app, GameRow) == 1
    # A game started without the group, or with the group's view link, is not the group's.
    client.post("/new", data={**new_game_form(), "group": view.rsplit("/", 1)[1]})
    client.post("/new", data=new_game_form())
    assert client.get(edit).text.count('class="table-card"') == 1


def test_play_again_keeps_the_game_in_its_group(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    links = start_game(client, edit)
    response = play_again(client, links, "again-1")
    assert response.status_code == 303
    assert client.get(edit).text.count('class="table-card"') == 2


def test_the_view_link_cannot_merge_or_start_games(client: FlaskClient) -> None:
    edit, view = create_group(client)
    page = client.get(view).text
    assert "/new?group=" not in page and "/merge" not in page and edit not in page
    token = view.rsplit("/", 1)[1]
    assert client.post(f"/gr/{token}/merge", data={"alias": "a", "name": "b"}).status_code == 404
    assert client.get(f"/gr/{token}").status_code == 404
    assert client.get(f"/gv/{edit.rsplit('/', 1)[1]}").status_code == 404


def test_merging_two_spellings_and_undoing_it(app: Flask, client: FlaskClient) -> None:
    edit, _view = create_group(client)
    token = edit.rsplit("/", 1)[1]
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    start_game(client, edit, ["anne", "BETH", "Cat", "Dina"])
    page = client.get(edit).text
    assert '<option value="anne">' in page and '<option value="Ann">' in page
    assert '<option value="BETH">' not in page or '<option value="Beth">' not in page  # one per player
    response = names_post(client, edit, "merge", alias="anne", name="Ann")
    assert response.status_code == 303
    with app.app_context():
        assert count_rows(app, NameMergeRow) == 1
    page = client.get(edit).text
    assert "anne</bdi> → <bdi>Ann" in page
    again = names_post(client, edit, "merge", alias="ANNE", name="ann")
    assert again.status_code == 422 and "already one player" in again.text
    # Merging the target elsewhere takes the merged spelling along: never two hops.
    names_post(client, edit, "merge", alias="Ann", name="Dina")
    with app.app_context():
        row = groups.find(token)
        assert row is not None
        assert groups.merges(row.row) == {"anne": "Dina", "ann": "Dina"}
    assert names_post(client, edit, "unmerge", alias="a\x00b").status_code == 303  # no such merge
    assert names_post(client, edit, "merge", alias="a\x00b", name="Ann").status_code == 422
    assert names_post(client, edit, "unmerge", alias="anne").status_code == 303
    assert names_post(client, edit, "unmerge", alias="Ann").status_code == 303
    with app.app_context():
        assert count_rows(app, NameMergeRow) == 0


def test_a_refused_merge_says_so_next_to_the_field(client: FlaskClient) -> None:
    edit, _view = create_group(client)
    response = client.post(f"{edit}/merge", data={"alias": "", "name": "x" * 300})
    assert response.status_code == 422
    assert "Choose a name seen in the group" in response.text


def test_the_live_part_answers_304_until_a_game_changes(app: Flask, client: FlaskClient) -> None:
    edit, view = create_group(client)
    first = client.get(f"{view}/live")
    assert first.status_code == 200 and "No table has played" in first.text
    etag = first.headers["ETag"]
    assert client.get(f"{view}/live", headers={"If-None-Match": etag}).status_code == 304
    links = start_game(client, edit)
    enter(client, links, WORKED_DEAL_1)
    groups.STATES.clear()  # as STATE_TTL later
    changed = client.get(f"{view}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and "1 of 28 deals" in changed.text
    assert changed.headers["ETag"] != etag
    assert client.get("/gv/nothing-here/live").status_code == 404


def test_dates_that_are_not_dates_are_refused_next_to_their_field(client: FlaskClient) -> None:
    edit, _view = create_group(client)
    response = client.get(f"{edit}?from=yesterday&to=2026-13-45")
    assert response.status_code == 422
    assert response.text.count("Give a date as year-month-day") == 2
    backwards = client.get(f"{edit}?from=2026-05-02&to=2026-05-01")
    assert backwards.status_code == 422 and "comes before the first" in backwards.text
    assert client.get(f"{edit}?from=2026-05-01&to=2026-05-02").status_code == 200


def test_a_group_needs_a_name(app: Flask, client: FlaskClient) -> None:
    for name in ("", "   ", "x" * 61):
        response = client.post("/groups/new", data={"name": name})
        assert response.status_code == 422 and "Give the group a name" in response.text
    refused = client.post("/groups/new", data={"name": "a\x00b"})
    assert refused.status_code == 422 and "control characters" in refused.text
    assert count_rows(app, GroupRow) == 0
    assert client.get("/groups/new").status_code == 200
    assert "/groups/new" in client.get("/").text


def test_pages_with_edit_links_are_never_kept_by_the_browser(client: FlaskClient) -> None:
    edit, view = create_group(client)
    for link in (edit, f"{edit}/live", f"{edit}/export.zip"):
        assert client.get(link).headers["Cache-Control"] == "no-store", link
    client.get(view)  # the first visit lists the group on the device: it sets the cookie, privately
    assert client.get(view).headers["Cache-Control"] == "no-cache"
    assert client.get(f"{view}/live").headers["Cache-Control"] == "no-cache"


def test_the_start_page_lists_the_groups_opened_here(client: FlaskClient) -> None:
    edit, view = create_group(client, "Lundi soir")
    client.get(view)
    home = client.get("/").text
    assert "Groups opened on this device" in home and "Lundi soir" in home
    assert f'href="{view}"' in home and f'href="{edit}"' in home


def test_a_game_of_a_group_links_back_to_its_read_only_page(client: FlaskClient) -> None:
    edit, view = create_group(client, "Club du mardi")
    links = start_game(client, edit)
    for link in (links.edit, links.view):
        page = client.get(link).text
        assert f'href="{view}"' in page and "The group: Club du mardi" in text_of(page)
        assert edit not in page  # a game's link gives no right over its group
    response = client.post("/new", data=new_game_form())
    assert "The group:" not in client.get(response.headers["Location"]).text
