"""Big figures on a phone's sheet: French Barbu's penalty points (on 52 or 32 cards, four or five
players, the dealer doubled) and 32-card Barbu with capot fit their cells, compact and full, in
English and Persian; in Persian a signed figure in a sentence keeps its sign before its digits."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from random import Random

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.oracle.generate import random_game

from .conftest import PHONE, SCREENSHOTS

DEALER = {"doubling": "dealer", "dealer_redoubles": True}
# Seeds whose games have the longest figures the generator gives: deal scores of five characters
# (+2030), totals of four; games' totals of five.
GAMES = {
    "french": ({"game": "french", **DEALER}, 4, 32, 13),
    "french-5": ({"game": "french", **DEALER}, 5, 40, 0),
    "french-32": ({"game": "french", "deck": 32, "capot": True, **DEALER}, 4, 32, 13),
    "barbu-32": ({"deck": 32, "capot": True}, 4, 28, 6),
    "barbu": ({}, 4, 28, 6),
}
# Cells whose text is wider than the cell (cut, ending in "…"); names are cut on purpose, so the
# players' headers are left out; cells of columns folded away (the compact sheet) too.
CUT = """() => [...document.querySelectorAll('table.sheet td, table.sheet thead tr.sub th')]
  .filter(c => c.getBoundingClientRect().width >= 1 && c.scrollWidth > c.clientWidth)
  .map(c => `${c.closest('tr').id || c.closest('tr').className} ${c.className}: ${c.innerText}`)"""
# Contract cells (but a deal settled without play) whose words take more than one line.
WRAPPED = """() => [...document.querySelectorAll('table.sheet td.contract')]
  .filter(td => !td.querySelector('.settled'))
  .filter(td => { const tops = [], walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode()); ) { const r = document.createRange(); r.selectNodeContents(n);
      for (const b of r.getClientRects()) if (b.width > 1) tops.push(b.top); }
    return Math.max(...tops) - Math.min(...tops) > 4; })
  .map(td => td.innerText)"""
# Whether each "+" or "−" followed by a digit in the element is drawn before (left of) that digit.
SIGNS_FIRST = """(el) => {
  const out = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode()); ) {
    for (const m of n.data.matchAll(/[+\u2212](?=\\d)/g)) {
      const r = document.createRange();
      const at = (i) => { r.setStart(n, i); r.setEnd(n, i + 1); return r.getBoundingClientRect().x; };
      out.push(at(m.index) < at(m.index + 1));
    }
  }
  return out;
}"""


@pytest.fixture
def tokens(app: Flask) -> dict[str, str]:
    made = {}
    with app.app_context():
        for name, (rules, players, hands, seed) in GAMES.items():
            game = rules.get("game", "barbu")
            doc = random_game(Random(seed), rules=rules, hands=hands, game=game, players=players)
            made[name] = store.create(load(doc)).edit_token
    return made


@pytest.fixture(params=["en", "fa"])
def phone(request, browser: Browser) -> Iterator[tuple[Callable[[], Page], str]]:
    contexts = []

    def make() -> Page:
        locale = "fa-IR" if request.param == "fa" else "en-US"
        context = browser.new_context(**{**PHONE, "locale": locale})
        contexts.append(context)
        return context.new_page()

    yield make, request.param
    for context in contexts:
        context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_figure_fits_its_cell_at_360_px(tokens, phone, live_server, game) -> None:
    new, lang = phone
    page = new()
    for view in ("compact", "full"):
        page.goto(f"{live_server}/g/{tokens[game]}?sheet={view}")
        page.wait_for_load_state("networkidle")
        cut = page.evaluate(CUT)
        assert not cut, f"{game} {view} ({lang}): {cut[:8]}"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Where the full sheet scrolls anyway, a contract ("A Dominoes 10", "A First & last") keeps
    # to one line.
    assert not page.evaluate(WRAPPED), page.evaluate(WRAPPED)
    if game in ("french", "barbu-32"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"sheet-figures-{game}-full-{lang}.png", full_page=True)


@pytest.mark.parametrize("width", [608, 740, 820, 1024])
def test_a_sheet_fits_the_page_turned_or_on_a_tablet(tokens, browser, live_server, width) -> None:
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 360}})
    page = context.new_page()
    try:
        for game in GAMES:
            page.goto(f"{live_server}/g/{tokens[game]}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, game
            assert not page.evaluate(CUT), (game, page.evaluate(CUT)[:8])
    finally:
        context.close()


def test_a_signed_figure_in_a_persian_sentence_reads_sign_first(tokens, phone, live_server) -> None:
    new, lang = phone
    page = new()
    page.goto(f"{live_server}/g/{tokens['french-32']}")
    checks = page.locator("section.checks")
    text = checks.inner_text()
    figures = [m for m in ("+", "\u2212") if m in text]
    assert figures, text
    if lang == "fa":
        # Each signed figure sits inside a left-to-right isolate, and is drawn so.
        inner = checks.inner_html()
        for figure in re.findall(r"[+\u2212][\d\u06f0-\u06f9]+", inner):
            assert re.search(f"\u2066{re.escape(figure)}\u2069", inner), (figure, inner)
    drawn = checks.evaluate(SIGNS_FIRST)
    assert drawn and all(drawn), (lang, drawn, text)
