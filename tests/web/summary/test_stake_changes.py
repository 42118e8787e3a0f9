"""The stake is a change to the game like a deal: made on the state its form shows, once per
one-time id, kept in the history in the reader's language, and undone by a tap."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import db
from scorekeeper.storage.models import ChangeRow, GameRow
from tests.builders import full_game
from tests.web.helpers import (
    Links,
    count_rows,
    form_version,
    import_game,
    input_value,
    shown_version,
    text_of,
)


def _summary(links: Links) -> str:
    return f"{links.edit}/summary"


def _settle(app: Flask) -> object:
    with app.app_context():
        return db.session().query(GameRow).one().settle


def _stake(client: FlaskClient, links: Links, stake: str, version: str, submission: str = "") -> int:
    sent = {"stake": stake, "currency": "EUR", "version": version, "submission": submission}
    return client.post(_summary(links), data=sent).status_code


def test_a_stake_sent_on_an_older_state_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, full_game())
    old = form_version(client.get(_summary(links)).text)
    assert _stake(client, links, "0.10", old, "s" * 32) == 303  # another phone sets a stake first
    changes = count_rows(app, ChangeRow)
    response = client.post(
        _summary(links), data={"stake": "0.50", "currency": "EUR", "version": old, "submission": "t" * 32}
    )
    assert response.status_code == 409
    assert "changed on another phone" in text_of(response.text)
    assert _settle(app) == {"stake": "0.10", "currency": "EUR"}
    assert count_rows(app, ChangeRow) == changes
    # Nothing entered is lost: the form holds the stake sent, on the state the page now shows.
    assert input_value(response.text, "stake") == "0.50"
    assert form_version(response.text) == shown_version(client, links) != old
    assert "At €0.10 a point." in text_of(response.text)


def test_a_stake_sent_twice_is_kept_once(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    version = form_version(client.get(_summary(links)).text)
    changes = count_rows(app, ChangeRow)
    assert _stake(client, links, "0.10", version, "a" * 32) == 303
    assert _stake(client, links, "0.10", version, "a" * 32) == 303  # the repeat: answered as the first
    assert count_rows(app, ChangeRow) == changes + 1


def test_a_stake_change_shows_in_the_history_and_can_be_undone(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    assert _stake(client, links, "0.10", form_version(client.get(_summary(links)).text)) == 303
    assert _stake(client, links, "0.20", form_version(client.get(_summary(links)).text)) == 303
    history = text_of(client.get(f"{links.edit}/history").text)
    assert "Stake set at €0.10 a point." in history
    assert "Stake changed from €0.10 to €0.20 a point." in history
    page = client.get(_summary(links)).text
    undo = re.search(r'action="([^"]+/summary/undo)[^"]*"[^>]*>(.*?)</form>', page, re.S)
    assert undo, "no undo button for the stake"
    assert "back to €0.10" in text_of(undo.group(2))
    sent = {"version": form_version(undo.group(2)), "submission": "u" * 32}
    assert client.post(undo.group(1), data=sent).status_code == 303
    assert _settle(app) == {"stake": "0.10", "currency": "EUR"}
    assert client.post(undo.group(1), data=sent).status_code == 303  # a repeat undoes nothing more
    assert _settle(app) == {"stake": "0.10", "currency": "EUR"}
    assert "Stake changed from €0.20 to €0.10 a point." in text_of(client.get(f"{links.edit}/history").text)


def test_undoing_the_first_stake_leaves_none(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    assert _stake(client, links, "1", form_version(client.get(_summary(links)).text)) == 303
    page = client.get(_summary(links)).text
    assert "back to no stake" in text_of(page)
    sent = {"version": shown_version(client, links), "submission": "v" * 32}
    assert client.post(f"{links.edit}/summary/undo", data=sent).status_code == 303
    assert _settle(app) is None
    assert "Stake removed (it was €1.00 a point)." in text_of(client.get(f"{links.edit}/history").text)
    # The last change is now the undo: undoing it in turn puts the stake back.
    assert "Undo the stake change (back to €1.00)" in text_of(client.get(_summary(links)).text)


def test_the_history_of_a_stake_in_every_language(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    assert _stake(client, links, "0.10", form_version(client.get(_summary(links)).text)) == 303
    english = text_of(client.get(f"{links.edit}/history").text)
    for lang in ("fa", "hr", "fr"):
        client.set_cookie("lang", lang)
        said = text_of(client.get(f"{links.edit}/history").text)
        assert "Stake set at" not in said and "0" in said.translate(str.maketrans("۰۱", "01"))
        assert said != english


def test_the_same_stake_again_is_no_change(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    assert _stake(client, links, "0.10", form_version(client.get(_summary(links)).text)) == 303
    changes, version = count_rows(app, ChangeRow), shown_version(client, links)
    assert _stake(client, links, "0.10", version, "z" * 32) == 303
    assert count_rows(app, ChangeRow) == changes and shown_version(client, links) == version
