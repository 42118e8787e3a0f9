"""The summary's ranking, which the result card draws (static/js/result-card.js): best first,
equal totals sharing a place, each line with its player's chart colour, in English and Persian;
the card's button is hidden until the script shows it, and the script is a static file."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.charts import COLOURS
from scorekeeper.scoring import load
from scorekeeper.scoring.streaks import places
from tests.builders import full_game, worked_example
from tests.web.helpers import import_game

LINE = re.compile(r'<li data-colour="([^"]+)">(.*?)</li>', re.S)


@pytest.mark.parametrize("doc", [full_game(), worked_example()])
def test_the_ranking_best_first(app: Flask, client: FlaskClient, doc: dict) -> None:
    links = import_game(app, doc)
    html = client.get(f"{links.edit}/summary").text
    game = load(doc)
    placed = places(game.totals, game.rules.game.lower_wins)
    seats = sorted(range(4), key=lambda s: (placed[s], s))
    found = [(c, re.sub(r"<[^>]*>", "", unescape(t)).strip()) for c, t in LINE.findall(html)]
    signed = {s: (f"+{t}" if t > 0 else f"−{-t}" if t < 0 else "0") for s, t in enumerate(game.totals)}
    assert found == [(COLOURS[s], f"{placed[s]}. {game.players[s]}, {signed[s]}") for s in seats]
    assert re.search(r"<button [^>]*data-result-card[^>]* hidden>", html)
    assert re.search(r'<script src="/static/js/result-card\.js[^"]*" defer></script>', html)


def test_in_persian(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "persian")
    html = client.get(f"{links.edit}/summary").text
    assert "رتبه‌بندی" in html and "هم‌رسانی کارت نتیجه" in html
    lines = [re.sub(r"<[^>]*>", "", t) for _c, t in LINE.findall(html)]
    assert len(lines) == 4 and all(re.search("[۰-۹]", t) and not re.search("[0-9]", t) for t in lines)
