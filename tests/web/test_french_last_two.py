"""French Barbu with the last two tricks through the screens: the form offers it, the deal form
asks for tricks 12 and 13, and the game page says the rule."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.helpers import BETH, CAT, Links, all_errors, enter, export, new_game_form, text_of, totals


def test_a_french_game_with_the_last_two(client: FlaskClient) -> None:
    assert 'name="last_two"' in client.get("/new?game=french&players=4").text
    form = new_game_form(game="french", sequence="choice", deck="52", doubling="none", last_two="y")
    response = client.post("/new?players=4", data=form)
    assert response.status_code == 303, all_errors(response.text)
    edit = response.headers["Location"]
    links = Links(edit, edit)  # the edit link serves both here
    assert export(client, links.edit)["rules"]["last_two"] is True
    page = text_of(client.get(links.edit).text)
    assert "the last two tricks instead of the first and last" in page
    form = text_of(client.get(f"{links.entry}?contract=no-last-two").text)
    assert "Who took trick 12?" in form and "Who took trick 13, the last?" in form
    enter(client, links, {"contract": "no-last-two", "penultimate": BETH, "last": CAT})
    assert totals(client, links) == {"Ann": 0, "Beth": 20, "Cat": 60, "Diana": 0}
