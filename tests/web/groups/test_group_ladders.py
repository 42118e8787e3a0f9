"""The group page's best-N ladder over the dates chosen: what scoring.ladder says of the group's
finished games, and a number that is not one refused next to its field."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import load
from scorekeeper.scoring.ladder import best_of

from .test_group_ratings import club, renamed

RUNG = re.compile(
    r'<tr data-rung><th scope="row"><span class="place">([^<]*)\.</span> <bdi>([^<]*)</bdi></th>'
    r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td></tr>'
)
ORDERS = (["Ann", "Beth", "Cat", "Diana"], ["Beth", "Cat", "Diana", "Ann"], ["Cat", "Ann", "Beth", "Diana"])


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


@pytest.mark.parametrize("best", ["1", "2", "3", "۲"])
def test_the_ladder_of_each_players_best_games(app: Flask, client: FlaskClient, best: str) -> None:
    html = client.get(f"{club(app, client)}?best={best}").text
    n = int(best.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))
    results = [
        (name, total)
        for order in ORDERS
        for name, total in zip(order, load(renamed(order)).totals, strict=True)
    ]
    barbu = html[html.index('id="ladder-barbu"') : html.index('id="ladder-french"')]
    assert [tuple(unescape(c) for c in row) for row in RUNG.findall(barbu)] == [
        (str(r.place), r.name, str(r.games), signed(r.total)) for r in best_of(results, n)
    ]
    french = html[html.index('id="ladder-french"') :]
    french = french[: french.index("</section>")]
    # each player of the French game played it once
    assert (n > 1) == ("Nobody played enough games in these dates." in french)


def test_no_ladder_unless_asked(app: Flask, client: FlaskClient) -> None:
    assert 'id="ladder-' not in client.get(club(app, client)).text


@pytest.mark.parametrize("best", ["0", "101", "two", "-1", "1.5"])
def test_a_number_that_is_not_one_is_refused_next_to_its_field(
    app: Flask, client: FlaskClient, best: str
) -> None:
    response = client.get(f"{club(app, client)}?best={best}")
    assert response.status_code == 422
    field = response.text[response.text.index('id="best"') :]
    assert field.index("Give a number of games from 1 to 100.") < field.index("</div>")
    assert 'id="ladder-' not in response.text
