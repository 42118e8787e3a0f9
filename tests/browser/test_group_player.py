"""A player's page in a group on a phone, in English and in Persian (right to left, Persian
digits when chosen): axe finds nothing, every tap target is a finger's size, nothing scrolls
sideways, the strength chart is drawn. Screenshots: test-artifacts/screenshots/group-player*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

from playwright.sync_api import Page, expect

from .test_groups import StoredClub, check, persian, ten_games

__all__ = ["persian", "ten_games"]  # fixtures


def test_a_players_page(
    page: Page,
    persian: Page,
    ten_games: StoredClub,
    live_server: str,
    axe_check: Callable,
    tap_targets_check: Callable,
    screenshot: Callable,
) -> None:
    page.goto(f"{live_server}/gv/{ten_games.view_token}")
    link = page.locator("table.board a").first
    name = link.inner_text()
    link.click()
    expect(page.locator("h1")).to_have_text(name)
    expect(page.locator("svg.chart").first).to_be_visible()
    screenshot(page, "group-player")
    check(page, axe_check, tap_targets_check)

    persian.context.add_cookies([{"name": "digits", "value": "persian", "url": live_server}])
    persian.goto(f"{live_server}/gv/{ten_games.view_token}/player?name={quote(name)}")
    expect(persian.locator("html")).to_have_attribute("dir", "rtl")
    expect(persian.locator("h2").first).to_have_text("باربو")
    expect(persian.locator("[data-games]").first).to_have_text(re.compile("^[۰-۹]+$"))
    screenshot(persian, "group-player-fa")
    check(persian, axe_check, tap_targets_check)
