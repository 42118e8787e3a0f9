"""The sheet read at a glance: one switch between deal scores and the full sheet at a time; the header
with the names kept on screen wherever the sheet is scrolled, upright or turned, compact or full; a
tapped name shown whole; the screen kept awake; the QR code first when a game starts. In English and
Persian."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.builders import full_game

from .conftest import PHONE, SCREENSHOTS

LONG = ["Anne-Sophie", "Jean-Baptiste", "Jean-Pierre", "Marie-Christine-Wolfeschlegelsteinhausen"]
# Counts the screen locks asked for, where a browser would keep the screen on.
WAKE_LOCK = """
window.__locks = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: async (kind) => {
    window.__locks.push(kind);
    return { addEventListener() {}, release: async () => {} };
  },
}});
"""


@pytest.fixture
def tokens(app: Flask) -> dict[str, str]:
    whole = full_game()
    text = json.dumps({**whole, "hands": whole["hands"][:22]})
    for old, new in zip(["Ann", "Beth", "Cat", "Diana"], LONG, strict=True):
        text = text.replace(f'"{old}"', f'"{new}"')
    with app.app_context():
        return {
            "long": store.create(load(json.loads(text))).edit_token,
            "new": store.create(load({**whole, "hands": []})).edit_token,
        }


@pytest.fixture(params=["en", "fa"])
def phone(request, browser: Browser) -> Iterator[tuple[Callable[[int, int], Page], str]]:
    contexts = []

    def make(width: int, height: int) -> Page:
        locale = "fa-IR" if request.param == "fa" else "en-US"
        context = browser.new_context(
            **{**PHONE, "viewport": {"width": width, "height": height}, "locale": locale}
        )
        context.add_init_script(WAKE_LOCK)
        contexts.append(context)
        return context.new_page()

    yield make, request.param
    for context in contexts:
        context.close()


def header_in_view(page: Page, how: str) -> None:
    """Deal 20 brought on screen (`how`), and the names are on screen above it."""
    if how == "finger":  # the page moved to the sheet, then the sheet moved under the finger
        page.locator("[data-sheet]").evaluate("box => box.scrollIntoView({block: 'start'})")
        page.locator("tr#deal-20").evaluate("row => row.scrollIntoView({block: 'nearest'})")
    else:
        page.locator("tr#deal-20").evaluate(f"row => row.scrollIntoView({{block: '{how}'}})")
    page.wait_for_timeout(100)
    row = page.locator("tr#deal-20").bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert row and 0 <= row["y"] <= height
    for seat in range(4):
        name = page.locator(f"table.sheet th.player.p{seat}").bounding_box()
        assert name and name["y"] >= -1 and name["y"] + name["height"] <= row["y"] + 1, (how, seat, name, row)


def test_the_header_stays_in_view_upright_and_turned_compact_and_full(tokens, phone, live_server) -> None:
    new, lang = phone
    upright = new(360, 740)
    upright.goto(f"{live_server}/g/{tokens['long']}")
    full, compact = upright.locator("[data-sheet-full]"), upright.locator("[data-sheet-compact]")
    expect(full).to_be_visible()
    expect(compact).to_be_hidden()  # one switch at a time
    for how in ("center", "start", "end"):  # the compact sheet: the page scrolls
        header_in_view(upright, how)
    full.click()
    expect(compact).to_be_visible()
    expect(full).to_be_hidden()
    turned = new(740, 360)
    turned.goto(f"{live_server}/g/{tokens['long']}")
    for page in (upright, turned):  # the full sheet: it scrolls in its box
        for how in ("finger", "start"):
            header_in_view(page, how)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    turned.screenshot(path=SCREENSHOTS / f"sheet-landscape-deal-20-{lang}.png")
    upright.screenshot(path=SCREENSHOTS / f"sheet-portrait-full-deal-20-{lang}.png")


def test_a_tapped_name_shows_whole_and_the_screen_stays_awake(tokens, phone, live_server) -> None:
    page = phone[0](360, 740)
    page.goto(f"{live_server}/g/{tokens['long']}")
    header = page.locator("table.sheet th.player.p3")
    name = header.locator("bdi")
    assert name.evaluate("b => b.scrollWidth > b.clientWidth")  # cut short on the sheet
    name.click()
    shown = header.evaluate("th => getComputedStyle(th, '::after').content")
    assert LONG[3] in shown
    assert page.evaluate("window.__locks") == ["screen"]
    # The browser lets the lock go when the page is hidden; it is asked for again when it shows.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.goto(f"{live_server}/g/{tokens['long']}/deal?contract=no-hearts")
    assert page.evaluate("window.__locks") == ["screen"]  # the deal form keeps it on too


def test_other_phones_join_first_when_a_game_starts(tokens, phone, live_server) -> None:
    page = phone[0](360, 740)
    page.goto(f"{live_server}/g/{tokens['new']}")
    join = page.locator("details.join")
    expect(join).to_have_attribute("open", "")
    qr = page.locator("details.join > .qr-code img.qr").bounding_box()
    turn = page.locator("section.turn").bounding_box()
    assert qr and turn and qr["y"] < turn["y"]
    # A summary shows the triangle that says it opens.
    marker = page.locator("details.join > summary").evaluate("s => getComputedStyle(s, '::before').content")
    assert marker not in ("none", "normal", '""')
    page.goto(f"{live_server}/g/{tokens['long']}")
    expect(page.locator("details.join")).not_to_have_attribute("open", "")
