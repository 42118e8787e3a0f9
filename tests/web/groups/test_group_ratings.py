"""The group page's ratings: the same numbers as `scorekeeper rate` on the group's zip, provisional
players marked, in every language and digits."""

from __future__ import annotations

import json
import re
import zipfile
from html import unescape
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.cli import main
from scorekeeper.scoring import load
from tests.builders import PLAYERS, full_game, worked_example
from tests.oracle.generate import random_game
from tests.web.helpers import errors_after

from .test_group_transfer import upload, zipped

ROW = re.compile(
    r'<th scope="row"><span class="place">[^<]*</span> <a href="[^"]*"><bdi>([^<]*)</bdi></a>'
    r'( <small class="provisional-mark">[^<]*</small>)?</th>\s*'
    r'<td class="num" data-strength>([^<]*)</td>\s*<td class="num">([^<]*)</td>'
)


def renamed(names: list[str]) -> dict[str, object]:
    text = json.dumps(full_game())
    for i, old in enumerate(PLAYERS):  # through placeholders: the names are swapped around
        text = text.replace(json.dumps(old), json.dumps(f"@{i}"))
    for i, new in enumerate(names):
        text = text.replace(json.dumps(f"@{i}"), json.dumps(new))
    doc: dict[str, object] = json.loads(text)
    return doc


def french() -> dict[str, object]:
    rng = Random("group-ratings-french")
    return next(d for d in (random_game(rng, game="french") for _ in range(50)) if load(d).complete)


def club(app: Flask, client: FlaskClient) -> str:
    """A group of three finished Barbu games (one with a spelling merged), a French one and an
    unfinished one, imported from a zip; its edit link."""
    games = {
        "a.json": renamed(["Ann", "Beth", "Cat", "Diana"]),
        "b.json": renamed(["Beth", "Cat", "Diana", "annie"]),
        "c.json": renamed(["Cat", "Ann", "Beth", "Diana"]),
        "d.json": french(),
        "e.json": worked_example(),
    }
    manifest = {"format": "barbu-group/1", "name": "Club", "merges": {"annie": "Ann"}}
    files = {name: json.dumps(doc) for name, doc in games.items()} | {"group.json": json.dumps(manifest)}
    response = upload(client, zipped(files))
    assert response.status_code == 303, response.text
    return str(response.headers["Location"])


def shown(html: str) -> dict[str, list[tuple[str, str, str, bool]]]:
    """The ratings section: per game kind, (name, strength, games, provisional) as shown."""
    section = html[html.index('id="ratings-title"') :]
    section = section[: section.index("</section>")]
    found = {}
    for kind, body in re.findall(r'<h3 id="rating-([a-z0-9-]+)">.*?</h3>(.*?)</table>', section, re.S):
        found[kind] = [(unescape(n), s, g, bool(p)) for n, p, s, g in ROW.findall(body)]
    return found


def number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", "."))


def test_the_page_shows_what_the_command_prints(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    edit = club(app, client)
    page = shown(client.get(edit).text)
    archive = tmp_path / "club.zip"
    archive.write_bytes(client.get(f"{edit}/export.zip").data)
    result = CliRunner().invoke(main, ["rate", str(archive)])
    assert result.exit_code == 0, result.output
    printed = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["game"] for line in printed] == list(page) == ["barbu", "french"]
    for line in printed:
        on_page = page[line["game"]]
        assert [(n, number(s), int(g), p) for n, s, g, p in on_page] == [
            (p["name"], p["strength"], p["games"], p["provisional"]) for p in line["players"]
        ]
    assert [n for n, *_ in page["barbu"]].count("Ann") == 1  # the merged spelling counts as Ann
    assert all(p for *_, p in page["barbu"])  # three games: everyone is still provisional
    assert {g for _n, _s, g, _p in page["barbu"]} == {"3"}


def test_a_group_without_finished_games_has_no_ratings(client: FlaskClient) -> None:
    response = upload(client, zipped({"a.json": json.dumps(worked_example())}))
    html = client.get(response.headers["Location"]).text
    assert 'id="ratings-title"' not in html


# In Persian the decimal sign is the one the page's other averages have (web/groups/charts.average).
@pytest.mark.parametrize(
    ("lang", "digits", "title", "mark", "number_shape"),
    [
        ("en", None, "Ratings", "provisional", r"^(?:[+−]\d+\.\d\d|0\.00)$"),
        ("fr", None, "Cotes", "provisoire", r"^(?:[+−]\d+,\d\d|0,00)$"),
        ("hr", None, "Rejtinzi", "privremeno", r"^(?:[+−]\d+,\d\d|0,00)$"),
        ("fa", "persian", "رتبه‌بندی", "موقت", r"^(?:\u2066[+−][۰-۹]+\.[۰-۹]{2}\u2069|[۰-۹]\.[۰-۹]{2})$"),
        ("fa", "western", "رتبه‌بندی", "موقت", r"^(?:\u2066[+−]\d+\.\d\d\u2069|\d\.\d\d)$"),
    ],
)
def test_in_every_language(
    app: Flask, client: FlaskClient, lang: str, digits: str | None, title: str, mark: str, number_shape: str
) -> None:
    edit = club(app, client)
    client.set_cookie("lang", lang)
    if digits:
        client.set_cookie("digits", digits)
    html = client.get(edit).text
    assert f'<h2 id="ratings-title">{title}</h2>' in html
    assert f'<small class="provisional-mark">{mark}</small>' in html
    strengths = [s for rows in shown(html).values() for _n, s, _g, _p in rows]
    assert strengths and all(re.match(number_shape, s) for s in strengths), strengths


def test_the_groups_own_number_of_provisional_games(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    edit = club(app, client)
    response = client.post(f"{edit}/rating", data={"rating-games": "3"})
    assert response.status_code == 303 and response.headers["Location"].endswith("#ratings-title")
    html = client.get(edit).text
    assert "until the player has played 3 games of the kind" in html
    page = shown(html)
    assert not any(p for *_, p in page["barbu"]) and all(p for *_, p in page["french"])
    archive = tmp_path / "club.zip"
    archive.write_bytes(client.get(f"{edit}/export.zip").data)
    with zipfile.ZipFile(archive) as opened:
        assert json.loads(opened.read("group.json"))["provisional_games"] == 3
    result = CliRunner().invoke(main, ["rate", "--provisional", "3", str(archive)])
    printed = {line["game"]: line["players"] for line in map(json.loads, result.stdout.splitlines())}
    for kind, rows in page.items():
        assert [(n, number(s), int(g), p) for n, s, g, p in rows] == [
            (p["name"], p["strength"], p["games"], p["provisional"]) for p in printed[kind]
        ]
    again = upload(client, archive.read_bytes()).headers["Location"]
    assert "until the player has played 3 games of the kind" in client.get(again).text


@pytest.mark.parametrize("games", ["31", "-1", "three", ""])
def test_a_number_of_games_out_of_range_is_refused(app: Flask, client: FlaskClient, games: str) -> None:
    edit = club(app, client)
    response = client.post(f"{edit}/rating", data={"rating-games": games})
    assert response.status_code == 422
    assert errors_after(response.text, "rating-games") == ["Give a number of games from 0 to 30."]
    assert "until the player has played 10 games of the kind" in client.get(edit).text


def test_a_zip_with_an_odd_number_of_provisional_games_is_refused(client: FlaskClient) -> None:
    manifest = {"format": "barbu-group/1", "name": "Club", "provisional_games": 99}
    response = upload(client, zipped({"a.json": json.dumps(full_game()), "group.json": json.dumps(manifest)}))
    assert response.status_code == 422 and "group.json is not a group manifest." in response.text
