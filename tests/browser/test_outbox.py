"""The outbox keeps a deal until the server has stored it: a server error or a cleared cookie on the
way loses nothing, and the deal is stored once."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from flask import Flask, request
from playwright.sync_api import Page, expect

from .entry import chip, create_game

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]


@pytest.fixture
def failures() -> dict[str, int]:
    """How many deal posts the server is to fail with a 503 before it accepts them again."""
    return {"left": 0}


@pytest.fixture
def app(make_app: Callable[..., Flask], failures: dict[str, int]) -> Flask:
    app = make_app(WTF_CSRF_ENABLED=True)

    @app.before_request
    def fail_some_posts() -> tuple[str, int] | None:
        if request.method == "POST" and request.path.endswith("/deal") and failures["left"] > 0:
            failures["left"] -= 1
            return "the server is down for a moment", 503
        return None

    return app


def hands(page: Page, base: str, token: str) -> list[dict]:
    return json.loads(page.request.get(f"{base}/g/{token}/export.json").text())["hands"]


def test_a_deal_answered_with_a_server_error_is_kept_and_sent_again(
    page: Page, live_server: str, failures: dict[str, int]
) -> None:
    token = create_game(page, live_server, PLAYERS)
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=king][value='1']"))
    failures["left"] = 1
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("[data-outbox]")).to_contain_text("kept on this phone and will be sent again")
    expect(page.locator("input[name=king][value='1']")).to_be_checked()  # still on screen
    page.wait_for_url("**#deal-1", timeout=15_000)  # sent again by itself
    assert [h["result"] for h in hands(page, live_server, token)] == [{"king": "Beth"}]


def test_a_deal_sent_after_the_cookie_was_cleared_is_stored_once(page: Page, live_server: str) -> None:
    token = create_game(page, live_server, PLAYERS)
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=king][value='3']"))
    page.context.clear_cookies()  # the form's CSRF token no longer matches any session
    page.click("form.deal-form button[type=submit]")
    page.wait_for_url("**#deal-1", timeout=15_000)
    assert [h["result"] for h in hands(page, live_server, token)] == [{"king": "Diana"}]


def test_a_refused_deal_is_shown_with_the_entry_and_not_kept(page: Page, live_server: str) -> None:
    token = create_game(page, live_server, PLAYERS)
    page.goto(f"{live_server}/g/{token}/deal?contract=no-tricks")
    for i, n in enumerate((5, 5, 5, 5)):
        page.fill(f"input[name=tricks_{i}]", str(n))
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("#group-tricks .error")).to_contain_text("add up to 20, not 13")
    page.wait_for_timeout(6_000)  # longer than the outbox's retry interval: nothing is re-sent
    expect(page.locator("[data-outbox]")).to_be_hidden()
    assert hands(page, live_server, token) == []
