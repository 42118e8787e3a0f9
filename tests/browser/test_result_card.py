"""The result card on a phone: where the browser cannot share files (headless Chromium), the
button downloads one PNG of the ranking and the chart, in English and in Persian; it is hidden
without the script. The cards are saved as test-artifacts/screenshots/result-card*.png."""

from __future__ import annotations

import struct

from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.builders import full_game
from tests.web.helpers import renamed

from .conftest import PHONE, SCREENSHOTS
from .test_summary import PERSIAN


def _card(page: Page, url: str, name: str) -> tuple[int, int]:
    page.goto(url)
    button = page.locator("[data-result-card]")
    expect(button).to_be_visible()
    with page.expect_download() as found:
        button.click()
    download = found.value
    assert download.suggested_filename == "barbu-result.png"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    download.save_as(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_card_is_one_png(app: Flask, page: Page, browser: Browser, live_server: str) -> None:
    with app.app_context():
        row = store.create(load(full_game()))
        persian_row = store.create(load(renamed(full_game(), PERSIAN)))
    width, height = _card(page, f"{live_server}/g/{row.edit_token}/summary", "result-card")
    assert width == 720 and height > 400  # the ranking's four lines and the chart below them
    context = browser.new_context(**{**PHONE, "locale": "fa-IR"}, accept_downloads=True)
    try:
        persian = context.new_page()
        assert _card(persian, f"{live_server}/g/{persian_row.edit_token}/summary", "result-card-fa")[0] == 720
    finally:
        context.close()


def test_without_the_script_there_is_no_button(app: Flask, browser: Browser, live_server: str) -> None:
    with app.app_context():
        row = store.create(load(full_game()))
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/g/{row.edit_token}/summary")
        expect(page.locator("[data-result-card]")).to_be_hidden()
        expect(page.locator("[data-card-ranking] li")).to_have_count(4)
    finally:
        context.close()
