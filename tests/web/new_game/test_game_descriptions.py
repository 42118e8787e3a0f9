"""A game's line on the new-game screen counts its deals from the rules of its usual table, in the
language's plural; and the blank sheet first shows French Barbu at the table the game names."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.vocabulary import game_description
from scorekeeper.scoring import Rules
from scorekeeper.scoring.games import BARBU, FRENCH, GAMES
from scorekeeper.web.printing.blank import usual_players
from tests.web.helpers import new_game_form


@pytest.mark.parametrize("game", [g for g in GAMES.values() if "%(deals)s" in g.description], ids=str)
def test_the_deal_count_is_the_rules(app: Flask, game: object) -> None:
    with app.test_request_context():
        deals = Rules.of(game, game.players[0]).total_deals  # type: ignore[attr-defined]
        assert f" {deals} deals" in game_description(game)  # type: ignore[arg-type]


def test_the_screen_says_it_in_each_language(client: FlaskClient) -> None:
    assert "Four players, seven contracts each, 28 deals." in client.get("/new").text
    form = {**new_game_form(game="barbu", switch_game="barbette"), "players": "4"}
    form.pop("action")
    assert "Four players, 16 deals: Barbu" in client.post("/new", data=form).text
    client.set_cookie("lang", "hr")
    assert "Četiri igrača, svaki po sedam ugovora, 28 dijeljenja." in client.get("/new").text


def test_the_blank_sheet_starts_at_the_games_usual_table() -> None:
    assert usual_players(FRENCH) == FRENCH.usual_players == 5
    assert usual_players(BARBU) == 4


def test_an_options_words_count_the_deals_it_makes(client: FlaskClient) -> None:
    """Three-player Barbu's rubbers and Barbu's Ravage City say the deals the rules make, in the
    reader's digits, on the new-game screen and on the blank sheet's."""
    form = {**new_game_form(game="barbu", switch_game="barbu-3"), "players": "3"}
    form.pop("action")
    shown = client.post("/new", data=form).text
    assert "Three rubbers (21 deals)" in shown and "One rubber (7 deals)" in shown
    assert "scores −36; 32 deals." in client.get("/new").text
    assert "Three rubbers (21 deals)" in client.get("/sheets/blank?game=barbu-3").text
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "persian")
    shown = client.post("/new", data=form).text
    assert "سه رابر (۲۱ دست)" in shown and "یک رابر (۷ دست)" in shown
    assert "%(deals)s" not in shown
