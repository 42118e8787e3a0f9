"""How the game went, on a phone: a finished game's chart and settlement, in English and Persian."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.builders import full_game, worked_example
from tests.web.helpers import renamed

from .conftest import PHONE, SCREENSHOTS

PERSIAN = ["نگار", "رضا", "مریم", "علی"]


def _rows(app: Flask, doc: dict) -> store.GameRow:
    with app.app_context():
        return store.create(load(doc))


def _shoot(page: Page, selector: str, name: str) -> None:
    """What a phone shows with `selector` scrolled to the top: the 360 x 740 viewport as seen."""
    page.locator(selector).evaluate("el => el.scrollIntoView()")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png")


def _settle(page: Page, live_server: str, row: store.GameRow, stake: str, currency: str) -> None:
    page.goto(f"{live_server}/g/{row.edit_token}/summary")
    page.fill("input[name=stake]", stake)
    page.fill("input[name=currency]", currency)
    page.click("form.stake-form button[type=submit]")
    page.wait_for_url("**/summary#settle")


def test_a_finished_game_on_a_phone(
    app: Flask, page: Page, live_server: str, axe_check: Callable, tap_targets_check: Callable, screenshot
) -> None:
    row = _rows(app, full_game())
    page.goto(f"{live_server}/g/{row.edit_token}")
    page.click("a.summary-link")
    page.wait_for_url("**/summary")
    # A refused stake: the message sits by the field and nothing is settled.
    page.fill("input[name=stake]", "ten")
    page.click("form.stake-form button[type=submit]")
    expect(page.locator("#stake-error .error")).to_contain_text("'ten' is not a number")
    assert page.locator("ul.transfers").count() == 0
    axe_check(page)
    _settle(page, live_server, row, "0.25", "EUR")
    expect(page.locator("ul.transfers li").first).to_contain_text("pays")
    chart = page.locator("svg.chart")
    box = chart.bounding_box()
    assert box and box["width"] <= 360 and box["width"] > 300
    assert chart.locator("polyline").count() == 4
    page.click("details.figures > summary")
    expect(page.locator("table.running-table tbody tr")).to_have_count(28)
    axe_check(page)
    tap_targets_check(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "summary-finished")
    _shoot(page, "#running-title", "summary-chart-360x740")
    _shoot(page, "#settle-title", "summary-settlement-360x740")
    page.goto(f"{live_server}/v/{row.view_token}/summary")
    expect(page.locator("ul.transfers li").first).to_contain_text("pays")
    assert page.locator("form.stake-form").count() == 0
    axe_check(page)


@pytest.fixture
def persian_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR"})
    yield context.new_page()
    context.close()


def test_in_persian(
    app: Flask, persian_page: Page, live_server: str, axe_check: Callable, screenshot
) -> None:
    page = persian_page
    row = _rows(app, renamed(full_game(), PERSIAN))
    _settle(page, live_server, row, "۱۰۰۰", "IRR")
    assert page.locator("html").get_attribute("dir") == "rtl"
    page.click("text=۰۱۲۳")  # Persian digits
    expect(page.locator("ul.transfers li").first).to_contain_text("ریال")
    legend = page.locator("ul.chart-legend li", has_text=PERSIAN[0])
    expect(legend).to_have_count(1)
    axe_check(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "summary-finished-persian")
    _shoot(page, "#running-title", "summary-chart-persian-360x740")
    _shoot(page, "#settle-title", "summary-settlement-persian-360x740")


def test_a_game_in_progress(app: Flask, page: Page, live_server: str, axe_check: Callable) -> None:
    row = _rows(app, worked_example())
    page.goto(f"{live_server}/v/{row.view_token}/summary")
    expect(page.locator(".notice.info")).to_contain_text("not over")
    axe_check(page)
