"""The browser fixtures themselves: live server, phone viewport, and checks that can fail."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.request import urlopen

import pytest
from flask import Flask, Response
from playwright.sync_api import Page

HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    # The app's CSP forbids inline styles, so the test pages take theirs from a route too.
    '<title>{title}</title><link rel="stylesheet" href="/_test/style.css"></head>'
)
STYLE = """
.big { display: inline-block; min-width: 48px; min-height: 48px; }
.tiny { width: 20px; height: 20px; }
"""
PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
PAGES = {
    # Accessible, with the exemptions of the tap-target check: an inline link, a small checkbox
    # whose label is big.
    "good": '<main><h1>Scores</h1><p>Read <a href="/_test/good">the rules</a> first.</p>'
    '<label class="big"><input type="checkbox" name="double"> Double</label>'
    '<button class="big">Save</button></main>',
    "no-alt": f'<main><h1>Scores</h1><img src="{PIXEL}"></main>',
    "tiny-button": '<main><h1>Scores</h1><button class="tiny">x</button></main>',
}


@pytest.fixture
def app(app: Flask) -> Flask:
    """The app plus the test pages, added before the live server starts."""
    app.add_url_rule("/_test/style.css", "test_style", lambda: Response(STYLE, mimetype="text/css"))
    for name, body in PAGES.items():
        html = HEAD.format(title=name) + f"<body>{body}</body></html>"
        app.add_url_rule(f"/_test/{name}", f"test_{name}", lambda html=html: html)
    return app


def test_live_server_answers(live_server: str) -> None:
    with urlopen(f"{live_server}/_test/good") as response:
        assert response.status == 200
        assert b"<h1>Scores</h1>" in response.read()


def test_page_is_a_phone(page: Page, live_server: str, screenshot: Callable[[Page, str], Path]) -> None:
    page.goto(f"{live_server}/_test/good")
    assert page.evaluate("[innerWidth, devicePixelRatio, navigator.maxTouchPoints > 0]") == [360, 2, True]
    assert page.get_by_role("button", name="Save").bounding_box()["width"] >= 48  # the stylesheet loaded
    assert screenshot(page, "infrastructure-good").stat().st_size > 0


def test_pages_are_separate_phones(new_page: Callable[[], Page], live_server: str) -> None:
    first, second = new_page(), new_page()
    first.context.add_cookies([{"name": "seat", "value": "north", "url": live_server}])
    assert second.context.cookies() == []


def test_axe_passes_accessible_page(page: Page, live_server: str, axe_check: Callable[[Page], None]) -> None:
    page.goto(f"{live_server}/_test/good")
    axe_check(page)


def test_axe_reports_image_without_alt(
    page: Page, live_server: str, axe_check: Callable[[Page], None]
) -> None:
    page.goto(f"{live_server}/_test/no-alt")
    with pytest.raises(AssertionError, match=r"image-alt \(critical\).*\n    at img"):
        axe_check(page)


def test_tap_targets_pass_big_targets(
    page: Page, live_server: str, tap_targets_check: Callable[[Page], None]
) -> None:
    page.goto(f"{live_server}/_test/good")
    tap_targets_check(page)


def test_tap_targets_flag_small_button(
    page: Page, live_server: str, tap_targets_check: Callable[[Page], None]
) -> None:
    page.goto(f"{live_server}/_test/tiny-button")
    with pytest.raises(AssertionError, match=r'button "x" 20x20'):
        tap_targets_check(page)
