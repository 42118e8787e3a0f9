"""What the service worker keeps: read-only pages for good, pages with an edit link for the visit only."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page

from .entry import create_game

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]
SW = Path(__file__).resolve().parents[2] / "static" / "js" / "sw.js"
# The names the worker gives its caches change with it; read them rather than repeat them.
KEEP_CACHE, EDIT_CACHE = (
    re.search(rf'const {name} = "([^"]+)"', SW.read_text()).group(1)  # type: ignore[union-attr]
    for name in ("CACHE", "EDIT_CACHE")
)

CACHED = """async (name) => {
  const cache = await caches.open(name);
  return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


def controlled(page: Page, url: str) -> None:
    """Open `url` with the service worker in charge of the page."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_edit_pages_are_kept_apart_and_dropped_when_old(page: Page, live_server: str) -> None:
    token = create_game(page, live_server, PLAYERS)
    controlled(page, f"{live_server}/g/{token}")
    view = urlsplit(page.locator("#view-link").input_value()).path
    for url in (f"{live_server}/g/{token}", f"{live_server}{view}", f"{live_server}/"):
        page.goto(url)
    page.wait_for_timeout(500)  # the copies are stored after the page is answered
    edit_pages = page.evaluate(CACHED, EDIT_CACHE)
    kept = page.evaluate(CACHED, KEEP_CACHE)
    assert f"/g/{token}" in edit_pages and "/" in edit_pages
    assert view in kept
    assert not any(p.startswith("/g/") or p == "/" for p in kept)

    # A copy fetched longer ago than a game lasts is dropped when the next page is opened.
    page.evaluate(
        """async ([name, path]) => {
          const cache = await caches.open(name);
          const old = new Response("old", { headers: { "x-barbu-fetched": "1000" } });
          await cache.put(new Request(path), old);
        }""",
        [EDIT_CACHE, f"/g/{token}/history"],
    )
    assert f"/g/{token}/history" in page.evaluate(CACHED, EDIT_CACHE)
    page.goto(f"{live_server}/g/{token}")
    page.wait_for_timeout(500)
    assert f"/g/{token}/history" not in page.evaluate(CACHED, EDIT_CACHE)
    assert f"/g/{token}" in page.evaluate(CACHED, EDIT_CACHE)


ADDRESSES = """async (name) => {
  const cache = await caches.open(name);
  return (await cache.keys()).map((r) => { const u = new URL(r.url); return u.pathname + u.search; });
}"""


def test_pages_are_classed_by_what_they_carry_not_by_their_address(page: Page, live_server: str) -> None:
    controlled(page, f"{live_server}/new")
    page.goto(f"{live_server}/new")  # no game yet on this phone: nothing private in it
    page.wait_for_timeout(500)
    assert "/new" in page.evaluate(ADDRESSES, KEEP_CACHE)
    token = create_game(page, live_server, PLAYERS)
    # Now the new-game form offers "play again" with this game's edit link: kept for the visit
    # only, and the copy kept before is dropped.
    page.goto(f"{live_server}/new")
    assert token in page.content()
    # A kept paper check's address is its only key, as an edit link is a game's.
    page.goto(f"{live_server}/check/sheet?game=barbu")
    page.click("button[value=keep]")
    page.wait_for_url(f"{live_server}/check/*")
    check = urlsplit(page.url).path
    page.goto(f"{live_server}{check}")
    page.wait_for_timeout(500)
    edit_pages, kept = page.evaluate(ADDRESSES, EDIT_CACHE), page.evaluate(ADDRESSES, KEEP_CACHE)
    assert "/new" in edit_pages and check in edit_pages
    assert "/new" not in kept and check not in kept
