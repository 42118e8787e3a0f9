"""A club evening's big screen on a TV at 1920 x 1080 and a guide card on a 360 x 740 phone, in
English and Persian: axe finds nothing, the screen needs no scrolling, both follow a saved deal
without a reload. Screenshots: test-artifacts/screenshots/evening-screen-*.png, evening-card-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.evening.test_evening import REGULARS, plan_form
from tests.web.groups.test_groups import create_group, start_game
from tests.web.helpers import WORKED_DEAL_1, Links, enter

from .conftest import PHONE

TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "locale": "en-US"}
WALK_INS = ["Eve", "Farid", "Goran", "Hélène", "Ivo", "Jasmina", "Kaveh"]


def evening(app: Flask) -> tuple[str, list[Links]]:
    """An evening of 11 over 3 rounds (4+4+3), round 1 seated; its tables' links."""
    client = app.test_client()
    edit, _view = create_group(client)
    start_game(client, edit)
    token = edit.rsplit("/", 1)[1]
    where = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, WALK_INS)).headers["Location"]
    tables = []
    for game in re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', client.get(where).text):
        view = re.search(r'(/v/[A-Za-z0-9_-]+)"', client.get(game).text)
        assert view
        tables.append(Links(game, view.group(1)))
    return where, tables


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[[dict, str, str], BrowserContext]]:
    made = []

    def make(options: dict, lang: str, base: str) -> BrowserContext:
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        context.add_cookies([{"name": "lang", "value": lang, "url": base}])
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def fits(page: Page) -> None:
    """Nothing to scroll: nobody stands at the TV, and a phone never scrolls sideways."""
    width, height, view_w, view_h = page.evaluate(
        "[document.documentElement.scrollWidth,"
        " document.querySelector('main').getBoundingClientRect().bottom, innerWidth, innerHeight]"
    )
    assert width <= view_w
    if view_w >= 1920:
        assert height <= view_h, f"the big screen's main part ends at {height} px, below {view_h}"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_big_screen_and_a_guide_card_follow_the_evening(
    app: Flask,
    live_server: str,
    contexts: Callable[[dict, str, str], BrowserContext],
    axe_check: Callable[[Page], None],
    screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    where, tables = evening(app)
    tv = contexts(TV, lang, live_server).new_page()
    tv.goto(live_server + where + "/screen")
    expect(tv.locator("html")).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
    expect(tv.locator(".seating li")).to_have_count(11)  # before the first deal: the seats by name
    axe_check(tv)
    fits(tv)
    screenshot(tv, f"evening-screen-seating-{lang}")
    # the evening page, with its slips link and the cards' QR codes
    organiser = contexts(PHONE, lang, live_server).new_page()
    organiser.goto(live_server + where)
    expect(organiser.locator(".cards img.qr")).to_have_count(11)
    axe_check(organiser)
    cards = organiser.locator("section[aria-labelledby=cards-title]")
    # lazy images load as they come into view: load them all for the screenshot, and check they draw
    drawn = organiser.evaluate(
        "Promise.all([...document.querySelectorAll('.cards img')].map((i) => { i.loading = 'eager';"
        " return i.decode().then(() => i.naturalWidth > 0, () => false); }))"
    )
    assert drawn and all(drawn)
    cards.screenshot(
        path=screenshot(organiser, f"evening-page-{lang}").with_name(f"evening-page-cards-{lang}.png")
    )
    # the card of a player at table 1, where deals are saved below
    seated = re.findall(r"<li><bdi>([^<]+)</bdi></li>", app.test_client().get(where).text)[0]
    player = sorted(REGULARS + WALK_INS, key=str.casefold).index(seated)
    phone = contexts(PHONE, lang, live_server).new_page()
    phone.goto(live_server + where + f"/players/{player}")
    expect(phone.locator(".card-now")).to_be_visible()
    axe_check(phone)
    fits(phone)
    client = app.test_client()
    enter(client, tables[0], WORKED_DEAL_1)
    enter(client, tables[1], WORKED_DEAL_1)
    # followed without a reload: the poll swaps the live part in
    marker = tv.evaluate("() => { window.kept = 1; return window.kept; }")
    expect(tv.locator(".screen-table progress").first).to_be_visible(timeout=15_000)
    expect(tv.locator(".screen-ranking li")).to_have_count(8)
    assert tv.evaluate("() => window.kept") == marker
    axe_check(tv)
    fits(tv)
    screenshot(tv, f"evening-screen-{lang}")
    expect(phone.locator(".card-now")).to_contain_text(re.compile("(1 of 28|1 از 28)"), timeout=15_000)
    screenshot(phone, f"evening-card-{lang}")


def test_forty_players_at_ten_tables_fit_the_big_screen(
    app: Flask,
    live_server: str,
    contexts: Callable[[dict, str, str], BrowserContext],
    screenshot: Callable[[Page, str], Path],
) -> None:
    client = app.test_client()
    edit, _view = create_group(client)
    start_game(client, edit)
    token = edit.rsplit("/", 1)[1]
    walk_ins = [f"Player {n:02d}" for n in range(1, 37)]
    data = plan_form(REGULARS, walk_ins, sizes=["4"])
    where = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    tv = contexts(TV, "en", live_server).new_page()
    tv.goto(live_server + where + "/screen")
    expect(tv.locator(".seating li")).to_have_count(40)
    fits(tv)
    screenshot(tv, "evening-screen-seating-forty")
    for game in re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', client.get(where).text):
        view = re.search(r'(/v/[A-Za-z0-9_-]+)"', client.get(game).text)
        assert view
        enter(client, Links(game, view.group(1)), WORKED_DEAL_1)
    tv.reload()
    expect(tv.locator(".screen-table")).to_have_count(10)
    expect(tv.locator(".screen-ranking li")).to_have_count(40)
    screenshot(tv, "evening-screen-forty")
    fits(tv)
