"""What a worker keeps under a stamp or a group state is of that stamp or state, also when a save on
another server commits between two reads of one request (PostgreSQL reads each statement at its own
moment): a game's deals read after its row, a group's games read after its state."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.storage import groups, store
from scorekeeper.storage.links import digest
from scorekeeper.web.common import assets
from scorekeeper.web.games import page as games_pages
from scorekeeper.web.groups import figures as group_view
from scorekeeper.web.groups import views as group_pages
from tests.builders import worked_example

from .helpers import WORKED_DEAL_1, Links, create_game, enter, import_game


@pytest.fixture
def other(app: Flask) -> Iterator[Flask]:
    """Another server of the same database (its own engine and connections)."""
    config = {k: app.config[k] for k in ("TESTING", "PRERENDER_DELAY", "DATABASE_URL", "SECRET_KEY")}
    server = create_app({**config, "WTF_CSRF_ENABLED": False})
    yield server
    server.extensions["db_engine"].dispose()


def _save_meanwhile(other: Flask, links: Links) -> Callable[[], None]:
    """A save on the other server, made once, at the moment it is called."""
    done: list[bool] = []

    def save() -> None:
        if not done:
            done.append(True)
            enter(other.test_client(), links, {"contract": "barbu", "king": "3"})

    return save


@pytest.mark.postgres
def test_a_save_between_a_games_row_and_its_deals_is_not_kept_under_the_old_stamp(
    app: Flask, other: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    links = import_game(app, worked_example())
    store.FOLDED.clear()
    with app.app_context():
        before = store.find(links.edit_token)
        assert before is not None
        old = before.stamp
    store.FOLDED.clear()
    save, real = _save_meanwhile(other, links), store.document

    def document(row: Any) -> dict[str, Any]:
        save()  # after the row was read, before its deals are
        return real(row)

    monkeypatch.setattr(store, "document", document)
    with app.app_context():
        found = store.find(links.edit_token)
        assert found is not None
        # Whatever the database shows this request, the game it has is the one its stamp names.
        assert len(found.game.deals) == len(found.row.deals)
        kept = store.FOLDED.get((links.edit_token, old))
        assert kept is None or len(kept.deals) == 2


@pytest.mark.postgres
def test_a_save_while_a_groups_night_is_read_is_shown_under_its_own_state(
    app: Flask, other: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    edit = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    token = edit.rsplit("/", 1)[1]
    table = create_game(client, group=token)
    enter(client, table, WORKED_DEAL_1)
    live = f"{edit}/live"
    before = client.get(live)
    save, real = _save_meanwhile(other, table), groups.games

    def games(row: Any) -> list[groups.GroupGame]:
        save()  # after the group's state was read, before its games are
        return real(row)

    monkeypatch.setattr(groups, "games", games)
    _forget()
    answer = client.get(live)
    monkeypatch.setattr(groups, "games", real)
    _forget()
    after = client.get(live)
    assert after.headers["ETag"] != before.headers["ETag"] and "−44" in after.text  # Diana took the king
    # Whichever moment the answer shows, its ETag names that one: the state before the save, or
    # the state after it, never the first with the second's tables.
    shown = (answer.headers["ETag"], answer.text)
    assert shown in {(r.headers["ETag"], r.text) for r in (before, after)}


def _forget() -> None:
    """What this worker remembers of the group: as if a poll came after STATE_TTL, new state."""
    groups.STATES.clear()
    group_view.NIGHTS.clear()
    group_pages.FRAGMENTS.clear()
    assets.ENCODED.clear()


@pytest.mark.postgres
@pytest.mark.parametrize("kind", ["edit", "view"])
def test_a_live_answer_made_now_is_named_by_the_state_it_shows(app: Flask, kind: str) -> None:
    """A worker's stamp of a game may be half a second old (STAMP_TTL): an answer rendered from the
    game as it is now carries the ETag of now, not of the stamp remembered."""
    client = app.test_client()
    links = create_game(client)
    link = links.edit if kind == "edit" else links.view
    before = client.get(f"{link}/live").headers["ETag"]
    token = digest(link.rsplit("/", 1)[1])  # remembered by the link's hash
    remembered = store.STAMPS.get(token)
    enter(client, links, WORKED_DEAL_1)
    assert remembered is not None
    store.STAMPS.put(token, remembered)  # as another worker, which has not asked again yet
    games_pages.FRAGMENTS.clear()
    answer = client.get(f"{link}/live")
    if answer.headers["ETag"] == before:
        assert "Deal 1 of 28" in answer.text  # the state remembered, as it was
    else:
        assert "Deal 2 of 28" in answer.text
    store.STAMPS.clear()
    assert client.get(f"{link}/live", headers={"If-None-Match": answer.headers["ETag"]}).status_code in (
        200 if answer.headers["ETag"] == before else 304,
    )


@pytest.mark.postgres
@pytest.mark.parametrize("kind", ["edit", "view"])
def test_a_live_answer_is_never_older_than_the_sheet_the_phone_has(app: Flask, kind: str) -> None:
    """A worker that remembers the stamp before a save made elsewhere (STAMP_TTL) answers a phone
    already shown the new sheet 304, and a phone with no sheet yet the new one: a sheet is sent
    only from the state read now (nginx keeps read-only answers a moment, so an old one would take
    phones back for that long). A phone with the old sheet may hear 304 until the worker asks again."""
    client = app.test_client()
    links = create_game(client)
    link = links.edit if kind == "edit" else links.view
    old = client.get(f"{link}/live").headers["ETag"]
    token = digest(link.rsplit("/", 1)[1])
    remembered = store.STAMPS.get(token)
    assert remembered is not None
    enter(client, links, WORKED_DEAL_1)
    store.STAMPS.clear()
    new = client.get(f"{link}/live").headers["ETag"]
    assert new != old

    def stale(headers: dict[str, str]) -> Any:
        # As another worker, which has not asked again yet: its memo still fresh, however long the
        # save and the requests above took (they may pass STAMP_TTL on a busy machine).
        store.STAMPS.put(token, (remembered[0], remembered[1], time.monotonic() + 60))
        return client.get(f"{link}/live", headers=headers)

    assert stale({"If-None-Match": new}).status_code == 304
    assert stale({"If-None-Match": old}).status_code == 304
    for headers in ({"If-None-Match": f'W/"{kind[0]}0.0000000000-en"'}, {}):  # another state, none
        answer = stale(headers)
        assert answer.status_code == 200 and answer.headers["ETag"] == new
        assert "Deal 2 of 28" in answer.text
