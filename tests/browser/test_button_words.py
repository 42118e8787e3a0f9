"""A button's words as the phone shows them are the words it says: a button is a flex box, in which
a name (a <bdi>) between words would be an item of its own and the spaces beside it would be lost
("The group:Tuesday club"), in every language."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page

from scorekeeper.storage import store
from tests.web.evening.test_stop import _evening, _play

# Each button's text as written (white space collapsed) and as laid out (innerText).
# (Those shown only: not hidden, nor in a closed <details>, whose innerText is empty.)
WORDS = """() => Array.from(document.querySelectorAll(".button, button"))
  .filter((b) => b.getClientRects().length && !b.closest("details:not([open])"))
  .map((b) => [b.textContent.replace(/\\s+/g, " ").trim(), b.innerText.replace(/\\s+/g, " ").trim()])"""


@pytest.mark.parametrize("lang", ["en", "fa", "hr", "fr"])
def test_every_button_shows_its_words_with_their_spaces(
    app: Flask, live_server: str, page: Page, lang: str
) -> None:
    one = _evening(app, app.test_client(), 10, 11 * 60)
    _play(app, one.game, 2)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        names = stored.game.players
    page.goto(f"{live_server}/lang/{lang}?next=/")
    shown: list[list[str]] = []
    # The table's page (a link to its group, named) and the new game's page, which offers the
    # table just opened again by its players' names.
    for path in (f"/g/{one.game}", "/new"):
        page.goto(live_server + path)
        shown += page.evaluate(WORDS)
    assert any(names[0] in said for said, _laid in shown)  # the names are in buttons
    assert any("Tuesday club" in said for said, _laid in shown)
    assert [s for s in shown if s[0] != s[1]] == []
