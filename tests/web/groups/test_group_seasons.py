"""A group's seasons: named on the edit page, listed with their leaderboard's link and winners,
forgotten; bad input refused next to its field with nothing stored; never from a read-only link.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import SeasonRow
from tests.builders import full_game
from tests.web.helpers import count_rows, errors_after

from .test_group_ratings import club
from .test_group_transfer import upload, zipped

pytestmark = pytest.mark.postgres

TODAY = datetime.now(UTC).date()
SPRING = {
    "name": "Spring",
    "first": (TODAY - timedelta(days=1)).isoformat(),
    "last": (TODAY + timedelta(days=1)).isoformat(),
}
FIRST = re.compile(r'<span class="place">1\.</span> (?:<a href="[^"]*">)?<bdi>([^<]*)</bdi>')


def firsts(html: str, kind: str) -> list[str]:
    """The first places of the leaderboard of `kind` on a group page."""
    board = html[html.index(f'id="board-{kind}"') :]
    return [unescape(n) for n in FIRST.findall(board[: board.index("</table>")])]


def form(data: dict[str, str]) -> dict[str, str]:
    """The season form's fields as the page names them."""
    return {f"season-{k}": v for k, v in data.items()}


def test_a_season_lists_its_games_and_winners(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    response = client.post(f"{edit}/seasons", data=form(SPRING))
    assert response.status_code == 303 and response.headers["Location"].endswith("#seasons-title")
    html = client.get(edit).text
    season = html[html.index("<li data-season>") :]
    season = season[: season.index("</li>")]
    assert "<bdi>Spring</bdi>" in season and "4 finished games" in season
    link = unescape(re.search(r'href="([^"]*)"', season)[1])
    assert f"from={SPRING['first']}" in link and f"to={SPRING['last']}" in link
    board = client.get(link.split("#")[0]).text
    for kind, name in (("barbu", "Barbu"), ("french", "French Barbu")):
        winners = ", ".join(f"<bdi>{n}</bdi>" for n in firsts(board, kind))
        assert f"{name} won by {winners}" in unescape(season)
    assert count_rows(app, SeasonRow) == 1


def test_a_season_without_games(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    client.post(
        f"{edit}/seasons", data=form({"name": "Long ago", "first": "2020-01-01", "last": "2020-03-31"})
    )
    html = client.get(edit).text
    assert "0 finished games" in html and "won by" not in html


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({**SPRING, "name": "  "}, "name", "Give the season a name of at most 40 characters."),
        ({**SPRING, "name": "x" * 41}, "name", "Give the season a name of at most 40 characters."),
        ({**SPRING, "first": "31/03/2026"}, "first", "Give a date as year-month-day, e.g. 2026-03-31."),
        ({**SPRING, "last": ""}, "last", "Give a date as year-month-day, e.g. 2026-03-31."),
        (
            {**SPRING, "first": "2026-03-02", "last": "2026-03-01"},
            "last",
            "The last day comes before the first.",
        ),
    ],
)
def test_bad_input_is_refused_next_to_its_field(
    app: Flask, client: FlaskClient, data: dict[str, str], field: str, message: str
) -> None:
    edit = club(app, client)
    response = client.post(f"{edit}/seasons", data=form(data))
    assert response.status_code == 422
    assert errors_after(response.text, f"season-{field}") == [message]
    assert count_rows(app, SeasonRow) == 0


def test_two_seasons_of_one_name_are_refused(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    client.post(f"{edit}/seasons", data=form(SPRING))
    response = client.post(f"{edit}/seasons", data=form({**SPRING, "name": "SPRING"}))
    assert response.status_code == 422
    assert errors_after(response.text, "season-name") == ["The group has a season of this name already."]
    assert count_rows(app, SeasonRow) == 1


def test_forgetting_a_season(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    client.post(f"{edit}/seasons", data=form(SPRING))
    season = re.search(r'name="season" value="(\d+)"', client.get(edit).text)[1]
    assert client.post(f"{edit}/seasons/remove", data={"season": season}).status_code == 303
    assert count_rows(app, SeasonRow) == 0
    assert client.post(f"{edit}/seasons/remove", data={"season": "x"}).status_code == 400


def test_the_read_only_link_shows_seasons_and_cannot_change_them(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    client.post(f"{edit}/seasons", data=form(SPRING))
    view = re.search(r"(/gv/[A-Za-z0-9_-]+)", client.get(edit).text)[1]
    html = client.get(view).text
    assert "<bdi>Spring</bdi>" in html and "seasons/remove" not in html and 'name="season-first"' not in html
    token = view.rsplit("/", 1)[1]
    assert client.post(f"/gr/{token}/seasons", data=form({**SPRING, "name": "Summer"})).status_code == 404
    assert count_rows(app, SeasonRow) == 1


def test_seasons_go_out_in_the_zip_and_come_back(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    client.post(f"{edit}/seasons", data=form(SPRING))
    client.post(f"{edit}/seasons", data=form({"name": "Hiver", "first": "2025-12-01", "last": "2026-02-28"}))
    archive = client.get(f"{edit}/export.zip").data
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        listed = json.loads(opened.read("group.json"))["seasons"]
    assert [s["name"] for s in listed] == ["Hiver", "Spring"]
    again = upload(client, archive).headers["Location"]
    html = client.get(again).text
    assert html.index("<bdi>Hiver</bdi>") < html.index("<bdi>Spring</bdi>")
    assert count_rows(app, SeasonRow) == 4


@pytest.mark.parametrize(
    "seasons",
    [
        [{"name": "Spring", "first_day": "2026-03-02", "last_day": "2026-03-01"}],
        [{"name": "", "first_day": "2026-03-01", "last_day": "2026-03-02"}],
        [{"name": "Spring", "first_day": "March", "last_day": "2026-03-02"}],
        [{"name": "A", "first_day": "2026-03-01", "last_day": "2026-03-02"}] * 2,
        "Spring",
        [None],
    ],
)
def test_a_zip_with_unreadable_seasons_stores_nothing(
    app: Flask, client: FlaskClient, seasons: object
) -> None:
    manifest = {"format": "barbu-group/1", "name": "Club", "seasons": seasons}
    content = zipped({"a.json": json.dumps(full_game()), "group.json": json.dumps(manifest)})
    response = upload(client, content)
    assert response.status_code == 422
    assert "The seasons in group.json are not readable." in response.text
    assert count_rows(app, SeasonRow) == 0
