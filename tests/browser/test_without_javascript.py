"""The whole entry works with JavaScript off: JavaScript only saves taps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import PHONE
from .entry import chip, create_game, totals_on_page

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_worked_example_without_javascript(page: Page, live_server: str) -> None:
    token = create_game(page, live_server, PLAYERS)
    page.click("a.contract-button[href$='contract=no-queens']")
    # Without JavaScript the declarer's row offers everyone; the server keeps it legal.
    for box in ("max_1", "dbl_2_0", "dbl_0_2"):
        page.click(chip(f"input[name={box}]"))
    for suit, seat in (("spades", 0), ("hearts", 2), ("diamonds", 3), ("clubs", 3)):
        page.click(chip(f"input[name=queen_{suit}][value='{seat}']"))
    page.click("form.deal-form button[type=submit]")
    page.wait_for_url("**#deal-1")
    page.click("a.contract-button[href$='contract=no-hearts']")
    for box in ("max_3", "dbl_0_3"):
        page.click(chip(f"input[name={box}]"))
    for seat, n in enumerate(("0", "3", "8", "")):  # the blank one is worked out by the server
        page.fill(f"input[name=hearts_{seat}]", n)
    page.click(chip("input[name=ace][value='2']"))
    page.click("form.deal-form button[type=submit]")
    page.wait_for_url("**#deal-2")
    assert totals_on_page(page) == ["−4", "+16", "−48", "−18"]
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=dbl_0_1]"))  # Ann cannot double Beth, who did not double her
    page.click(chip("input[name=king][value='1']"))
    page.click("form.deal-form button[type=submit]")
    assert "only redouble players who doubled them" in page.locator("#group-doubles .error").inner_text()
    assert page.locator("input[name=king][value='1']").is_checked()
