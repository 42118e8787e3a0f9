"""Persian on a phone: right to left, mirrored, a deal typed with Persian digits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .entry import chip

PLAYERS = ["نگار", "رضا", "مریم", "علی"]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR"})
    yield context.new_page()
    context.close()


def test_a_persian_game_on_a_phone(page: Page, live_server: str, axe_check, screenshot) -> None:
    page.goto(f"{live_server}/new")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "fa"
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player_{seat}", name)
    page.click("label:has(> input[name=first_declarer][value='0'])")
    page.click("button[value=create]")
    page.wait_for_url(f"{live_server}/g/*")
    page.click("a.contract-button[href$='contract=no-tricks']")
    page.click(chip("input[name=dbl_1_0]"))
    for seat, count in enumerate(("۴", "۳", "۳")):  # Persian digits; the fourth is worked out
        page.fill(f"input[name=tricks_{seat}]", count)
    expect(page.locator("input[name=tricks_3]")).to_have_value("3")
    page.click("form.deal-form button[type=submit]")
    page.wait_for_url("**#deal-1")
    # Raw: -8 -6 -6 -6; Beth doubled Ann: Ann pays Beth 2.
    totals = [
        t.replace("\u2066", "").replace("\u2069", "")
        for t in page.locator("ul.totals strong").all_inner_texts()
    ]
    assert totals == ["−10", "−4", "−6", "−6"]
    # Mirrored: the first player's column is on the right, the last one's on the left.
    first = page.locator("table.sheet th.player.p0").bounding_box()
    last = page.locator("table.sheet th.player.p3").bounding_box()
    assert first and last and first["x"] > last["x"]
    page.click("text=۰۱۲۳")  # show Persian digits
    expect(page.locator("ul.totals strong").first).to_have_text("\u2066−۱۰\u2069")
    axe_check(page)
    screenshot(page, "persian-game")
