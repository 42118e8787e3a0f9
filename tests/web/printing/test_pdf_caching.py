"""Blank sheets cached by their parameters; filled sheets keyed on everything that changes the bytes;
renders bounded across the machine."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import PdfCacheRow, SheetCacheRow
from scorekeeper.web.printing import render, slots
from tests.builders import worked_example
from tests.web.helpers import count_rows, import_game


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    original = render.render_sheet

    def counted(html: str, fetcher: render.StaticOnlyFetcher, grid: bytes | None = None) -> render.Drawn:
        calls.append(html)
        return original(html, fetcher, grid)

    monkeypatch.setattr(render, "render_sheet", counted)
    return calls


def test_a_blank_sheet_is_rendered_once_per_set_of_parameters(
    app: Flask, client: FlaskClient, renders: list[str]
) -> None:
    first = client.get("/sheets/blank.pdf?paper=letter&player_0=Ann").data
    assert client.get("/sheets/blank.pdf?paper=letter&player_0=Ann").data == first
    assert len(renders) == 1
    client.get("/sheets/blank.pdf?paper=letter&player_0=Ann&orientation=landscape")
    client.get("/sheets/blank.pdf?paper=letter&player_0=Beth")
    client.get("/sheets/blank.pdf?paper=letter&player_0=Ann&ravage_city=y")
    assert len(renders) == 4 and count_rows(app, SheetCacheRow) == 4


def test_a_blank_sheet_in_another_language_or_digits_is_another_sheet(
    client: FlaskClient, renders: list[str]
) -> None:
    client.get("/sheets/blank.pdf")
    client.set_cookie("lang", "fa")
    client.get("/sheets/blank.pdf")
    client.set_cookie("digits", "persian")
    persian = client.get("/sheets/blank.pdf")
    assert len(renders) == 3 and persian.status_code == 200


def test_the_filled_sheet_cache_follows_the_persian_digits_choice(
    app: Flask, client: FlaskClient, renders: list[str]
) -> None:
    links = import_game(app, worked_example())
    client.set_cookie("lang", "fa")
    western = client.get(f"{links.view}/sheet.pdf").data
    client.set_cookie("digits", "persian")
    persian = client.get(f"{links.view}/sheet.pdf").data
    assert western != persian and len(renders) == 2
    assert "۱" in renders[1] and count_rows(app, PdfCacheRow) == 2


def test_a_render_waits_for_a_free_slot_and_then_gives_up(app: Flask, tmp_path: Path) -> None:
    with slots.slot(tmp_path, 1, 0.1), pytest.raises(Exception) as refused, slots.slot(tmp_path, 1, 0.1):
        pass
    assert getattr(refused.value, "code", None) == 503
    with slots.slot(tmp_path, 2, 0.1), slots.slot(tmp_path, 2, 0.1):
        pass  # two slots: both held at once


def test_a_busy_printer_answers_503_with_retry_after(app: Flask, client: FlaskClient) -> None:
    app.config["PDF_WAIT"] = 0.1
    with slots.slot(Path(app.instance_path), int(app.config["PDF_RENDERS"]), 0.1):
        response = client.get("/sheets/blank.pdf?player_0=Busy")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert "busy printing" in response.text
    assert client.get("/sheets/blank.pdf?player_0=Busy").status_code == 200
