"""The filled sheet is rendered in the background once a burst of saves is over: the sheets asked
for before (paper, orientation, language), or A4 in the language of whoever saved; nobody asking
for it later waits for a render, and a burst renders once."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper.storage import db
from scorekeeper.storage.models import PdfCacheRow
from scorekeeper.web.printing import render
from tests.web.helpers import WORKED_DEAL_1, WORKED_DEAL_2, create_game, enter


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
    real = render.write

    def counted(html: str, fetcher: Any) -> bytes:
        done.append(html)
        return real(html, fetcher)

    monkeypatch.setattr(render, "write", counted)
    return done


def test_a_burst_of_saves_renders_the_sheet_once_afterwards(
    make_app: Callable[..., Flask], renders: list[str]
) -> None:
    app = make_app(PRERENDER_DELAY=0.5)
    client = app.test_client()
    client.set_cookie("lang", "fr")
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)  # two saves within the delay: one burst
    keys = _wait_for(app, 1)
    assert [[k.split(".")[0], *k.split(":")[1:4]] for k in keys] == [["2", "a4", "portrait", "fr"]]
    assert len(renders) == 1  # the last version only, on A4: nobody asked for another sheet yet
    response = client.get(f"{links.view}/sheet.pdf")  # asked for now: from the cache
    assert response.status_code == 200 and len(renders) == 1


def test_the_sheets_asked_for_are_the_ones_rendered_after_the_next_save(
    make_app: Callable[..., Flask], renders: list[str]
) -> None:
    app = make_app(PRERENDER_DELAY=0.3)
    client, reader = app.test_client(), app.test_client()
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    _wait_for(app, 1)  # A4 in English, for the saving phone
    reader.set_cookie("lang", "hr")
    asked = reader.get(f"{links.view}/sheet.pdf?paper=letter&orientation=landscape")
    assert asked.status_code == 200
    before = len(renders)
    enter(client, links, WORKED_DEAL_2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and [k.split(".")[0] for k in _keys(app)] != ["2", "2"]:
        time.sleep(0.1)
    keys = _keys(app)
    assert sorted([k.split(".")[0], *k.split(":")[1:5]] for k in keys) == [
        ["2", "a4", "portrait", "en", "digits"],
        ["2", "letter", "landscape", "hr", "digits"],
    ]
    assert len(renders) == before + 2  # the two sheets asked for, and no other
    again = reader.get(f"{links.view}/sheet.pdf?paper=letter&orientation=landscape")
    assert again.status_code == 200 and len(renders) == before + 2


def test_a_version_overtaken_before_its_timer_is_not_rendered(make_app: Callable[..., Flask]) -> None:
    app = make_app(PRERENDER_DELAY=0.3)
    client = app.test_client()
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    enter(client, links, WORKED_DEAL_2)
    _wait_for(app, 1)
    time.sleep(0.6)
    assert {k.split(".")[0] for k in _keys(app)} == {"2"}
