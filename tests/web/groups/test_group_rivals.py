"""The group page's rivalry ledger: what the engine's ledger says of the group's finished games,
per game kind, with each player's nemesis and favourite opponent, in every language."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import load
from scorekeeper.scoring.rivals import foes, ledger

from .test_group_ratings import club, french, renamed

PAIR = re.compile(
    r'<tr data-pair>\s*<th scope="row"><bdi>([^<]*)</bdi> – <bdi>([^<]*)</bdi></th>\s*'
    r'<td class="num">([^<]*)</td>\s*<td class="num">([^<]*)</td>\s*<td class="num">([^<]*)</td>'
)


def section(html: str) -> str:
    found = html[html.index('id="rivals-title"') :]
    return found[: found.index("</section>")]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def test_the_ledger_of_the_finished_barbu_games(app: Flask, client: FlaskClient) -> None:
    html = section(client.get(club(app, client)).text)
    # The French game may double its dealer: its ledger shows when it has a double.
    doubled = any(row.deal.doubles for row in load(french()).rows)
    assert '<h3 id="rivals-barbu">' in html and ("rivals-french" in html) == doubled
    games = [
        load(renamed(order)) for order in (["Ann", "Beth", "Cat", "Diana"], ["Beth", "Cat", "Diana", "Ann"])
    ]
    games.append(load(renamed(["Cat", "Ann", "Beth", "Diana"])))
    pairs = ledger(games)
    barbu = html.split('<h3 id="rivals-french">')[0]
    assert [tuple(unescape(c) for c in row) for row in PAIR.findall(barbu)] == [
        (
            p.a,
            p.b,
            signed(p.a_won),
            f"{p.doubles_a_on_b} ({signed(p.a_doubles_paid)})",
            f"{p.doubles_b_on_a} ({signed(p.b_doubles_paid)})",
        )
        for p in pairs
    ]
    for one in foes(pairs):
        if one.nemesis:
            assert f"Nemesis <bdi>{one.nemesis}</bdi>, who took {one.lost} points off them." in html
        if one.favourite:
            assert f"Favourite opponent <bdi>{one.favourite}</bdi>, {one.won} points taken off them." in html


@pytest.mark.parametrize(
    ("lang", "title", "word"),
    [
        ("fr", "Contres entre joueurs", "Bête noire"),
        ("hr", "Kontre među igračima", "Najveći suparnik"),
        ("fa", "دابل‌های میان بازیکنان", "حریف سرسخت"),
    ],
)
def test_in_other_languages(app: Flask, client: FlaskClient, lang: str, title: str, word: str) -> None:
    edit = club(app, client)
    client.set_cookie("lang", lang)
    if lang == "fa":
        client.set_cookie("digits", "persian")
    html = section(client.get(edit).text)
    assert f'id="rivals-title">{title}</h2>' in html and word in html
    if lang == "fa":
        text = re.sub(r"<[^>]*>", "", html)
        assert not re.search("[0-9]", text) and re.search("[۰-۹]", text)
