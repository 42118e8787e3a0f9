"""Custom Dominoes points given by the first and last places alone on the new-game form."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.helpers import create_game, export, input_value, new_game_form
from tests.web.new_game.test_new_game import custom_points


def test_the_places_between_are_evenly_spaced(client: FlaskClient) -> None:
    fields = custom_points(dom_1=45, dom_2="", dom_3="", dom_4=-5)
    links = create_game(client, **fields)
    assert export(client, links.edit)["rules"]["scheme"]["dominoes"] == [45, 28, 12, -5]


def test_one_place_between_given_still_needs_them_all(client: FlaskClient) -> None:
    fields = custom_points(dom_1=45, dom_2="20", dom_3="", dom_4=-5)
    page = client.post("/new", data={**new_game_form(), **fields}).text
    assert input_value(page, "pt_dominoes_2") == ""
    assert "Enter a whole number." in page
