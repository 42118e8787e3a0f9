"""Names of 1 to 40 characters in any script on every screen of a game, a summary and a group, on a
phone held either way, in English and Persian: no text outside its cell, no word broken."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page

from scorekeeper.scoring import GAMES, Game, Rules, load
from scorekeeper.storage import groups, store
from tests.builders import full_game

from .cells import measure
from .conftest import PHONE, SCREENSHOTS

LATIN = "Anne-Sophie-Marie-Christine-Jean-Baptist"
PERSIAN = "محمدعلیرضاامیرحسینفاطمهزهراشهرزادکیانوش"
EMOJI = "".join(chr(0x1F600 + i) for i in range(40))
NAMES = [LATIN, PERSIAN, EMOJI, "B"]
FIVE = [
    "Jean-Baptiste-Marie-Christine-Anne-Sophi",
    "Wolfeschlegelsteinhausenbergerdorff",
    PERSIAN[:25],
    "🃏🂡♠️",
    "Zoë",
]
THREE = ["Marie-Christine-Anne-Sophie-Jean-Baptist", "李雷韩梅梅王小明", "E"]
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
PEOPLE = ["Ann", "Beth", "Cat", "Diana", "Eve"]


def renamed(doc: dict, names: list[str]) -> dict:
    text = json.dumps(doc)
    for old, new in zip(PEOPLE, names, strict=False):
        text = text.replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


@pytest.fixture
def screens(app: Flask) -> dict[str, str]:
    with app.app_context():
        group = groups.create("Club-des-joueurs-de-Barbu-du-jeudi-soir-" + "x" * 20)
        whole = full_game()
        finished = store.create(load(renamed(whole, NAMES)), group=group.membership())
        started = store.create(
            load(renamed({**whole, "hands": whole["hands"][:10]}, NAMES)), group=group.membership()
        )
        five = store.create(load(renamed(json.loads((EXAMPLES / "barbu-5.json").read_text()), FIVE)))
        three = store.create(load(renamed(json.loads((EXAMPLES / "barbu-3.json").read_text()), THREE)))
        pages = {
            "game": f"/g/{started.edit_token}",
            "game-full": f"/g/{started.edit_token}?sheet=full",
            "view": f"/v/{started.view_token}",
            "final": f"/g/{finished.edit_token}",
            "deal": f"/g/{started.edit_token}/deal/1",
            "summary": f"/g/{finished.edit_token}/summary",
            "group": f"/gr/{group.edit_token}",
            "five": f"/g/{five.edit_token}",
            "five-full": f"/g/{five.edit_token}?sheet=full",
            "three": f"/g/{three.edit_token}",
        }
        for number, hand in enumerate(whole["hands"][:10], start=1):
            pages[f"correct-{number}-{hand['contract']}"] = f"/g/{started.edit_token}/deal/{number}/edit"
        for contract in ("no-queens", "no-hearts", "trumps", "dominoes", "barbu"):
            pages[f"enter-five-{contract}"] = f"/g/{five.edit_token}/deal?contract={contract}"
        pages["enter-three"] = f"/g/{three.edit_token}/deal?contract=dominoes"
        french = store.create(Game(tuple(FIVE), 0, Rules.of(GAMES["french"], 5)))
        pages["enter-french-salad"] = f"/g/{french.edit_token}/deal?contract=salad"
        return pages


@pytest.fixture(params=[(360, 740), (740, 360)], ids=["portrait", "landscape"])
def phone(request, browser: Browser) -> Iterator[Callable[[str], Page]]:
    width, height = request.param
    contexts = []

    def make(locale: str) -> Page:
        context = browser.new_context(
            **{**PHONE, "viewport": {"width": width, "height": height}, "locale": locale}
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_long_names_stay_whole_and_inside_their_cells(screens, phone, live_server, lang) -> None:
    page = phone("fa-IR" if lang == "fa" else "en-US")
    wrong = {}
    for name, path in screens.items():
        page.goto(live_server + path)
        found = measure(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.viewport_size["width"]:  # nothing wider than the screen either
            found["outside"].append(f"the page is {width} px wide")
        if found["broken"] or found["outside"]:
            wrong[name] = found
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        page.screenshot(path=SCREENSHOTS / f"names-{lang}-{size['width']}-{name}.png", full_page=True)
    assert not wrong, json.dumps(wrong, ensure_ascii=False, indent=1)
