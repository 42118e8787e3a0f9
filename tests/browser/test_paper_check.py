"""Checking a paper sheet on a 360 x 740 phone: the setup, a few rows typed with the keyboard only
(Enter moving on, ± for the sign), the finding shown; five players scroll inside the grid only."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from .conftest import PHONE


def keyboard(page: Page, *figures: str) -> None:
    """Type `figures` one after the other, Enter after each, as a thumb on a phone keyboard would."""
    for figure in figures:
        page.keyboard.type(figure)
        page.keyboard.press("Enter")


def test_a_sheet_typed_on_a_phone_shows_what_does_not_add_up(
    page: Page, live_server: str, axe_check: Callable, tap_targets_check: Callable, screenshot: Callable
) -> None:
    page.goto(f"{live_server}/")
    page.click("text=Check a paper sheet")
    axe_check(page)
    tap_targets_check(page)
    screenshot(page, "check-setup")
    page.fill("#player_0", "Ann")
    page.keyboard.press("Enter")  # on to the next name
    page.keyboard.type("Beth")
    page.fill("#player_2", "Cat")
    page.fill("#player_3", "Diana")
    page.click("button[type=submit]")
    expect(page.locator("table.paper-grid thead")).to_contain_text("Diana")
    page.select_option("select[name=c0]", "no-queens")
    page.focus("input[name=s0_0]")
    keyboard(page, "-12", "24", "-12", "-24")  # the worked example's first deal
    expect(page.locator("input[name=s1_0]")).to_be_focused()
    keyboard(page, "8")
    page.keyboard.type("8")
    page.click("button.sign")  # −8, the keyboard staying on the cell
    expect(page.locator("input[name=s1_1]")).to_have_value("-8")
    expect(page.locator("input[name=s1_1]")).to_be_focused()
    page.keyboard.press("Enter")
    keyboard(page, "-38", "6")  # a slip: Cat's −36 written −38
    expect(page.locator("#row-2 [data-sum]")).to_have_text("−32")
    expect(page.locator("#row-2 [data-sum]")).to_have_class("sum off")
    page.click("button[value=check]")
    summary = page.locator(".check-summary")
    expect(summary).to_contain_text("1 thing does not add up")
    expect(summary).to_contain_text("Row 2 adds up to −32, which is no contract's total")
    expect(page.locator("#row-2 + tr.notes")).to_contain_text("Row 2 adds up to −32")
    expect(page.locator("input[name=s1_2]")).to_have_value("-38")
    expect(page.locator("#row-1 .maybe")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    axe_check(page)
    tap_targets_check(page)
    screenshot(page, "check-finding")
    page.click(".check-summary a[href='#row-2']")
    expect(page.locator("#row-2")).to_be_in_viewport()


def test_five_players_scroll_inside_the_grid_only(
    page: Page, live_server: str, axe_check: Callable, tap_targets_check: Callable, screenshot: Callable
) -> None:
    page.goto(f"{live_server}/check?game=french&players=5")
    page.click("button[type=submit]")
    grid = page.locator(".grid-scroll")
    expect(grid).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert grid.evaluate("(g) => g.scrollWidth > g.clientWidth")
    page.focus("input[name=s0_0]")
    keyboard(page, "50", "0", "0", "0", "-5")
    page.click("button[value=check]")
    expect(page.locator(".check-summary")).to_contain_text("Row 1 adds up to +45")
    axe_check(page)
    tap_targets_check(page)
    screenshot(page, "check-five-players")


def test_a_kept_check_comes_back_to_be_corrected(page: Page, live_server: str, screenshot: Callable) -> None:
    page.goto(f"{live_server}/check/sheet?game=barbu-3&rubbers=1")
    page.focus("input[name=s0_0]")
    keyboard(page, "-30", "-2", "0")
    page.click("button[value=keep]")
    expect(page.locator(".notice")).to_contain_text("Kept.")
    kept = page.url
    expect(page.locator(".check-summary")).to_contain_text("Everything typed so far adds up.")
    page.fill("input[name=s0_2]", "5")
    page.click("button[value=keep]")
    page.goto(kept.split("?")[0])
    expect(page.locator("input[name=s0_2]")).to_have_value("5")
    expect(page.locator(".check-summary")).to_contain_text("Row 1 adds up to −27")
    screenshot(page, "check-kept")


def test_without_javascript_the_grid_posts_and_answers(browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{live_server}/check")
    page.click("button[type=submit]")
    page.fill("input[name=s0_0]", "-26")
    for seat in (1, 2, 3):
        page.fill(f"input[name=s0_{seat}]", "0")
    page.click("button[value=check]")
    expect(page.locator(".check-summary")).to_contain_text("Everything typed so far adds up.")
    expect(page.locator("#row-1 .maybe")).to_have_text("No tricks?")
    context.close()


def test_in_persian_the_grid_reads_right_to_left(
    browser, live_server: str, axe_check: Callable, tap_targets_check: Callable, screenshot: Callable
) -> None:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR"})
    page = context.new_page()
    page.goto(f"{live_server}/check")
    page.fill("#player_0", "نگار")
    page.fill("#player_1", "رضا")
    page.click("button[type=submit]")
    first = page.locator("table.paper-grid th.player").first.bounding_box()
    last = page.locator("table.paper-grid th.player").last.bounding_box()
    assert first and last and first["x"] > last["x"]
    page.focus("input[name=s0_0]")
    keyboard(page, "−۱۲", "۲۴", "-۱۲", "-۲۲")
    page.click("button[value=check]")
    expect(page.locator(".check-summary")).to_contain_text("ردیف")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    axe_check(page)
    tap_targets_check(page)
    screenshot(page, "check-persian")
    context.close()
