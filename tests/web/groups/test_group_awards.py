"""The group page's awards: those of scoring/awards.py over the finished games of the dates
chosen, players named as the group names them, in every language; none for dates without games."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import load
from scorekeeper.scoring.awards import awards

from .test_group_ratings import club, french, renamed

AWARD = re.compile(r'<div data-award="([a-z-]+)">\s*<dt>[^<]*</dt>\s*<dd>(.*?):\s*([^<]*?)</dd>', re.S)


def section(html: str) -> str:
    found = html[html.index('id="awards-title"') :]
    return found[: found.index("</section>")]


def test_the_awards_of_the_finished_games(app: Flask, client: FlaskClient) -> None:
    html = section(client.get(club(app, client)).text)
    orders = (
        ["Ann", "Beth", "Cat", "Diana"],
        ["Beth", "Cat", "Diana", "annie"],
        ["Cat", "Ann", "Beth", "Diana"],
    )
    games = [load(renamed(order)) for order in orders] + [load(french())]
    expected = awards(games, lambda name: "Ann" if name == "annie" else name)
    found = [
        (a, [unescape(n) for n in re.findall(r"<bdi>([^<]*)</bdi>", names)], v)
        for a, names, v in AWARD.findall(html)
    ]
    assert [(a, names) for a, names, _v in found] == [(a.id, list(a.names)) for a in expected]
    for (_id, _names, shown), award in zip(found, expected, strict=True):
        assert re.sub(r"[^0-9]", "", shown) == str(abs(award.value)), (shown, award)
    assert "annie" not in html


def test_dates_without_games_have_no_awards(app: Flask, client: FlaskClient) -> None:
    html = client.get(club(app, client) + "?from=2001-01-01&to=2001-01-02").text
    assert 'id="awards-title"' not in html


@pytest.mark.parametrize(("lang", "title"), [("fr", "Distinctions"), ("hr", "Nagrade"), ("fa", "جایزه‌ها")])
def test_in_other_languages(app: Flask, client: FlaskClient, lang: str, title: str) -> None:
    edit = club(app, client)
    client.set_cookie("lang", lang)
    if lang == "fa":
        client.set_cookie("digits", "persian")
    html = section(client.get(edit).text)
    assert f'id="awards-title">{title}</h2>' in html
    if lang == "fa":
        # Names are the players' own (a random game's may hold digits): not the reader's figures.
        text = re.sub(r"<[^>]*>", "", re.sub(r"<bdi>.*?</bdi>", "", html, flags=re.S))
        assert not re.search("[0-9]", text) and re.search("[۰-۹]", text)
