"""The filled sheet is rendered in the background once a burst of saves is over: the one sheet
last asked for (paper, orientation, language, digits), kept in the database; none for a game
nobody printed. Nobody asking for it later waits for a render, and a burst renders once."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper.storage import db, store
from scorekeeper.storage.models import GameRow, PdfCacheRow, SheetCacheRow
from scorekeeper.web.printing import render
from tests.web.evening.test_stop import _evening, _play
from tests.web.helpers import WORKED_DEAL_1, WORKED_DEAL_2, count_rows, create_game, enter


def _keys(app: Flask) -> list[str]:
    with app.app_context():
        return sorted(db.session().scalars(select(PdfCacheRow.key)))


def _wait_for(app: Flask, count: int, seconds: float = 60) -> list[str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        keys = _keys(app)
        if len(keys) >= count:
            return keys
        time.sleep(0.1)
    return _keys(app)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every sheet WeasyPrint renders during the test."""
    done: list[str] = []
    real = render.render_sheet

    def counted(html: str, fetcher: Any, grid: bytes | None = None) -> Any:
        done.append(html)
        return real(html, fetcher, grid)

    monkeypatch.setattr(render, "render_sheet", counted)
    return done


def test_a_game_nobody_printed_gets_its_grid_drawn_and_no_sheet(
    make_app: Callable[..., Flask], renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its grid (the table's lines and names, `framed`) is drawn once, for an A4 sheet in the
    saver's language, and kept for every server; no sheet is kept, and the next bursts draw
    nothing; the sheet asked as the game ends is drawn over that grid."""
    from scorekeeper.web.printing import framed, grids

    monkeypatch.setattr(framed, "_kept", framed._Kept())
    drawn: list[int] = []
    real = grids.draw
    monkeypatch.setattr(grids, "draw", lambda *args: (drawn.append(1), real(*args))[1])
    app = make_app(PRERENDER_DELAY=0.2)
    client = app.test_client()
    client.set_cookie("lang", "hr")
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and count_rows(app, SheetCacheRow) == 0:
        time.sleep(0.1)
    time.sleep(0.6)
    assert _keys(app) == [] and len(renders) == 1 and drawn == [1]
    assert 'lang="hr"' in renders[0] and "sheet-a4-portrait" in renders[0]
    enter(
        client,
        links,
        {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
    )
    time.sleep(1)
    assert len(renders) == 1  # the grid is kept: nothing more before someone asks
    assert client.get(f"{links.view}/sheet.pdf").status_code == 200
    assert len(renders) == 2 and drawn == [1] and count_rows(app, SheetCacheRow) == 1


def test_only_the_sheet_last_asked_is_rendered_after_a_burst_of_saves(
    make_app: Callable[..., Flask], renders: list[str]
) -> None:
    app = make_app(PRERENDER_DELAY=0.3)
    client, reader = app.test_client(), app.test_client()
    links = create_game(client)
    assert client.get(f"{links.view}/sheet.pdf").status_code == 200  # A4 in English, asked first
    reader.set_cookie("lang", "fa")
    reader.set_cookie("digits", "persian")
    asked = reader.get(f"{links.view}/sheet.pdf?paper=letter&orientation=landscape")  # then Letter
    assert asked.status_code == 200
    before = len(renders)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)  # one burst of two saves, from an English phone
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and {k.split(".")[0] for k in _keys(app)} != {"2"}:
        time.sleep(0.1)
    time.sleep(0.6)  # no second sheet follows
    keys = _keys(app)
    assert [[k.split(".")[0], *k.split(":")[1:5]] for k in keys] == [
        ["2", "letter", "landscape", "fa", "fa-digits"]
    ]
    assert len(renders) == before + 1
    # Rendered in the asker's language and digits, not in the saving phone's.
    assert 'lang="fa"' in renders[-1] and "۰" in renders[-1]
    again = reader.get(f"{links.view}/sheet.pdf?paper=letter&orientation=landscape")
    assert again.status_code == 200 and len(renders) == before + 1  # from the cache


def test_the_last_asked_sheet_is_kept_in_the_database(make_app: Callable[..., Flask]) -> None:
    app = make_app(PRERENDER_DELAY=0)
    client = app.test_client()
    client.set_cookie("lang", "hr")
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    assert client.get(f"{links.edit}/sheet.pdf?paper=letter").status_code == 200
    with app.app_context():
        kept = db.session().scalars(select(GameRow.sheet_asked)).one()
        version = db.session().scalars(select(GameRow.version)).one()
    assert kept == {"paper": "letter", "orientation": "portrait", "lang": "hr", "digits": False}
    assert version == 1  # asking for a sheet is no change to the game


def test_a_version_overtaken_before_its_timer_is_not_rendered(make_app: Callable[..., Flask]) -> None:
    app = make_app(PRERENDER_DELAY=0.3)
    client = app.test_client()
    links = create_game(client)
    assert client.get(f"{links.view}/sheet.pdf").status_code == 200
    enter(client, links, WORKED_DEAL_1)
    enter(client, links, WORKED_DEAL_2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and {k.split(".")[0] for k in _keys(app)} != {"2"}:
        time.sleep(0.1)
    time.sleep(0.6)
    assert {k.split(".")[0] for k in _keys(app)} == {"2"}


def test_a_fair_stop_has_the_sheet_that_says_so_rendered_before_it_is_asked_for(
    make_app: Callable[..., Flask], renders: list[str]
) -> None:
    """The stop is a version of its own, made on the evening's page: the sheet last asked for is
    rendered again for it, as after a save, and says where the table ended."""
    app = make_app(PRERENDER_DELAY=0.2)
    client = app.test_client()
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 4)
    assert client.get(f"/g/{one.game}/sheet.pdf").status_code == 200
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id, version = stored.row.id, stored.version
    asked = len(renders)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "3"}).status_code == 303
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(k.startswith(f"{version + 1}.") for k in _keys(app)):
        time.sleep(0.1)
    assert len(renders) == asked + 1 and "ended at its fair stop after deal 3" in renders[-1]
    assert client.get(f"/g/{one.game}/sheet.pdf").status_code == 200
    assert len(renders) == asked + 1  # from the cache: nobody waited for it
