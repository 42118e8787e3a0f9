"""A player's page in a group: linked from the leaderboards and ratings, by the edit and the
read-only link, its figures as the engine says them, in every language, and a 404 for anyone
who played no finished game of the group."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import load
from scorekeeper.scoring.rivals import ledger, net
from scorekeeper.scoring.streaks import places
from tests.builders import worked_example

from .test_group_ratings import club, renamed, shown
from .test_group_transfer import upload, zipped

ORDERS = (["Ann", "Beth", "Cat", "Diana"], ["Beth", "Cat", "Diana", "Ann"], ["Cat", "Ann", "Beth", "Diana"])
FOE = re.compile(
    r'<tr data-foe><th scope="row"><a href="[^"]*"><bdi>([^<]*)</bdi></a></th>'
    r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td><td class="num">([^<]*)</td></tr>'
)


def player(edit: str, name: str) -> str:
    return f"{edit}/player?name={quote(name)}"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def barbu(html: str) -> str:
    found = html[html.index('id="kind-barbu"') :]
    return found[: found.index("</section>")]


def test_every_name_on_the_leaderboards_and_ratings_links_to_a_page(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    page = client.get(edit).text
    links = set(re.findall(r'href="(/gr/[^"/]+/player\?name=[^"]*)"', page))
    assert len(links) >= 4
    for link in links:
        response = client.get(unescape(link))
        assert response.status_code == 200, link
        assert 'id="kind-' in response.text


def test_the_figures_are_the_engines(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    ratings = {n: s for n, s, _g, _p in shown(client.get(edit).text)["barbu"]}
    html = client.get(player(edit, "annie")).text  # a merged spelling is the same player
    assert "<h1><bdi>Ann</bdi></h1>" in html
    section = barbu(html)
    games = [load(renamed(order)) for order in ORDERS]
    seat_places = [places(g.totals)[g.players.index("Ann")] for g in games]
    assert re.search(r"<dd data-games>3</dd>", section)
    assert f"<dd data-wins>{seat_places.count(1)}</dd>" in section
    assert f"<dd data-lasts>{seat_places.count(4)}</dd>" in section
    assert f"<dd data-strength>{ratings['Ann']}" in section
    totals = [g.totals[g.players.index("Ann")] for g in games]
    assert f"Best game: {signed(max(totals))}, place" in section
    assert f"Worst game: {signed(min(totals))}, place" in section
    against = net(ledger(games), "Ann")
    rows = {unescape(name): won for name, won, _by, _on in FOE.findall(section)}
    assert rows == {name: signed(won) for name, won in against.items()}
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' in section
    met = re.findall(r"<li data-met>.*?<bdi>([^<]*)</bdi></a> · (\d+) games? together", html)
    assert sorted(met)[:3] == [("Beth", "3"), ("Cat", "3"), ("Diana", "3")]


def test_the_read_only_link_shows_the_same_page(app: Flask, client: FlaskClient) -> None:
    edit = club(app, client)
    view = re.search(r'value="https?://[^/"]+(/gv/[A-Za-z0-9_-]+)"', client.get(edit).text)[1]
    by_edit, by_view = client.get(player(edit, "Cat")), client.get(player(view, "Cat"))
    assert by_view.status_code == 200 and "/gr/" not in by_view.text
    assert barbu(by_view.text) == barbu(by_edit.text).replace(edit, view)
    token = view.rsplit("/", 1)[1]
    assert client.get(player(f"/gr/{token}", "Cat")).status_code == 404


@pytest.mark.parametrize(
    "name", ["Nobody", "", "   ", "x" * 5000, "<script>", "Ann\x00", "../../etc", "%", "\u202e"]
)
def test_anyone_else_is_no_page(app: Flask, client: FlaskClient, name: str) -> None:
    edit = club(app, client)
    assert client.get(player(edit, name)).status_code == 404
    assert client.get(f"{edit}/player").status_code == 404
    assert client.get(player("/gr/no-such-group", "Ann")).status_code == 404


def test_a_group_of_one_game(app: Flask, client: FlaskClient) -> None:
    files = {"a.json": json.dumps(renamed(["Ann", "Beth", "Cat", "Diana"]))}
    files["group.json"] = json.dumps({"format": "barbu-group/1", "name": "One", "merges": {}})
    edit = str(upload(client, zipped(files)).headers["Location"])
    html = client.get(player(edit, "Diana")).text
    assert "<dd data-games>1</dd>" in html and "provisional" in html
    assert "Longest run of" in html


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "Séries"), ("hr", "Nizovi"), ("fa", "رشته‌ها")],
)
def test_in_other_languages(app: Flask, client: FlaskClient, lang: str, words: str) -> None:
    edit = club(app, client)
    client.set_cookie("lang", lang)
    if lang == "fa":
        client.set_cookie("digits", "persian")
    response = client.get(player(edit, "Ann"))
    assert response.status_code == 200 and words in response.text
    if lang == "fa":
        assert 'dir="rtl"' in response.text
        body = response.text[response.text.index("<main") :]
        text = re.sub(r"<[^>]*>", "", body[: body.index("</main>")])
        assert not re.search("[0-9]", text), re.findall(".{30}[0-9].{10}", text, re.S)
        assert re.search("[۰-۹]", text)


def test_a_player_of_an_unfinished_game_only_has_no_page(app: Flask, client: FlaskClient) -> None:
    files = {
        "a.json": json.dumps(worked_example()),
        "b.json": json.dumps(renamed(["Ann", "Beth", "Cat", "Zoe"])),
    }
    files["group.json"] = json.dumps({"format": "barbu-group/1", "name": "Two", "merges": {}})
    edit = str(upload(client, zipped(files)).headers["Location"])
    assert client.get(player(edit, "Diana")).status_code == 404  # in the unfinished game alone
    assert client.get(player(edit, "Zoe")).status_code == 200
