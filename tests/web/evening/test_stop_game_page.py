"""A table ended at its fair stop: its game page says so, and it takes no new deal."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import store
from tests.web.evening.test_stop import _evening, _play
from tests.web.helpers import form_version, text_of

pytestmark = pytest.mark.postgres

STOPPED = "This table was ended at its fair stop after deal 6 by the organiser"


def test_a_stopped_tables_page_says_so_and_refuses_a_new_deal(app: Flask, client: FlaskClient) -> None:
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 8)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id, version = stored.row.id, stored.version
    entry = client.get(f"/g/{one.game}/deal?contract=trumps")
    assert entry.status_code == 200  # not stopped yet: the deal form
    assert STOPPED not in text_of(client.get(f"/g/{one.game}").text)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    assert STOPPED in text_of(client.get(f"/g/{one.game}").text)
    refused = client.get(f"/g/{one.game}/deal?contract=trumps")
    assert refused.status_code == 303 and refused.headers["Location"].endswith(f"/g/{one.game}")
    sent = client.post(
        f"/g/{one.game}/deal",
        data={"version": form_version(entry.text), "contract": "trumps", "trump": "spades"},
    )
    assert sent.status_code == 303
    assert STOPPED in text_of(client.get(sent.headers["Location"]).text)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version  # nothing stored


def test_a_stopped_tables_last_deal_cannot_be_undone(app: Flask, client: FlaskClient) -> None:
    """Undone there, a deal could never be entered again and would drop out of the evening."""
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 8)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id = stored.row.id
    page = client.get(f"/g/{one.game}").text
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        version, deals = stored.version, len(stored.game.deals)
    page = client.get(f"/g/{one.game}").text
    refused = client.post(f"/g/{one.game}/undo", data={"version": form_version(page)})
    assert refused.status_code == 409
    assert "none can be undone" in text_of(refused.text)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version and len(stored.game.deals) == deals
