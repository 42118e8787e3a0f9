"""Correcting a past deal from the sheet, whatever its contract and the table's size: at most 4
actions from the game page (tap the deal's number, change what was wrong, save), and the page then
says at the top what changed; in English and Persian."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.builders import full_game

from .conftest import PHONE, SCREENSHOTS
from .table import Table

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@dataclass(frozen=True)
class Fix:
    """One correction: the deal, what to tap (or choose) on its form, what the page then says changed
    (in English), and the part of the stored hand that changed, as it must read after."""

    deal: int
    taps: tuple[str, ...]
    said: str
    part: Callable[[dict], object]
    after: object
    choose: tuple[str, str] | None = None  # a select and the value chosen in it


def more(field: str) -> str:
    return f"span.stepper:has(input[name={field}]) button:last-child"


def fewer(field: str) -> str:
    return f"span.stepper:has(input[name={field}]) button:first-child"


def order(hand: dict) -> object:
    return hand["result"]["order"]


FOUR = [
    Fix(
        7,
        ("input[name=place_1][value='0']",),
        "order: Beth, Ann, Diana, Cat → Ann, Beth, Diana, Cat",
        order,
        ["Ann", "Beth", "Diana", "Cat"],
    ),
    Fix(
        1,
        (more("tricks_0"), fewer("tricks_1")),
        "Ann's tricks 4 → 5; Beth's tricks 3 → 2",
        lambda h: h["result"]["tricks"],
        {"Ann": 5, "Beth": 2, "Cat": 3, "Diana": 3},
    ),
    Fix(
        2,
        ("input[name=queen_spades][value='3']",),
        "Ann's queens 1 → 0; Diana's queens 1 → 2",
        lambda h: h["result"]["queens"],
        {"Ann": 0, "Beth": 1, "Cat": 1, "Diana": 2},
    ),
    Fix(3, ("input[name=dbl_2_1]",), "Cat now doubles Beth", lambda h: h["doubles"], [["Cat", "Beth"]]),
    Fix(4, ("input[name=ace][value='1']",), "A♥: Ann → Beth", lambda h: h["result"]["ace"], "Beth"),
    Fix(5, ("input[name=king][value='2']",), "K♥: Diana → Cat", lambda h: h["result"]["king"], "Cat"),
    Fix(6, ("input[name=trump][value=hearts]",), "Trump suit: Hearts", lambda h: h["trump"], "hearts"),
    Fix(7, (), "Starting rank: – → 7", lambda h: h["rank"], "7", choose=("select[name=rank]", "7")),
]
FIVE = [
    # Beth went out fourth and Eve last, not the other way round: one tap swaps them.
    Fix(
        2,
        ("input[name=place_4][value='4']",),
        "order: Diana, Cat, Ann, Beth, Eve → Diana, Cat, Ann, Eve, Beth",
        order,
        ["Diana", "Cat", "Ann", "Eve", "Beth"],
    ),
    Fix(1, ("input[name=dbl_2_0]",), "Cat now doubles Ann", lambda h: ["Cat", "Ann"] in h["doubles"], True),
]
THREE = [
    Fix(
        3,
        ("input[name=place_1][value='2']",),
        "order: Bob, Cy, Ann → Cy, Bob, Ann",
        order,
        ["Cy", "Bob", "Ann"],
    )
]


@pytest.fixture
def games(app: Flask) -> dict[str, str]:
    with app.app_context():
        four = full_game()
        return {
            "four": store.create(load({**four, "hands": four["hands"][:8]})).edit_token,
            "five": store.create(load(json.loads((EXAMPLES / "barbu-5.json").read_text()))).edit_token,
            "three": store.create(load(json.loads((EXAMPLES / "barbu-3.json").read_text()))).edit_token,
        }


@pytest.fixture(params=["en", "fa"])
def phone(request, browser: Browser) -> Iterator[tuple[Page, str]]:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR" if request.param == "fa" else "en-US"})
    yield context.new_page(), request.param
    context.close()


@pytest.mark.parametrize(("game", "fixes"), [("four", FOUR), ("five", FIVE), ("three", THREE)])
def test_any_deal_is_corrected_in_four_actions(games, phone, live_server, game, fixes) -> None:
    page, lang = phone
    token = games[game]
    for fix in fixes:
        page.goto(f"{live_server}/g/{token}")
        table = Table(page)
        table.tap(f"table.sheet a[href$='/deal/{fix.deal}/edit']")
        page.wait_for_selector("form.deal-form")
        for selector in fix.taps:
            table.tap(selector)
        if fix.choose:
            page.select_option(*fix.choose)
            table.taps += 1
        if game == "five" and fix.deal == 2 and lang == "en":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "correction-dominoes-5-players.png", full_page=True)
        table.tap("form.deal-form button[type=submit]")
        page.wait_for_url(f"**/g/{token}?corrected={fix.deal}")
        assert table.actions <= 4, (fix, table.actions)
        notice = page.locator(".notice.corrected")
        expect(notice).to_be_visible()
        if lang == "en":
            expect(notice).to_contain_text(f"Deal {fix.deal} corrected: {fix.said}")
        else:
            expect(notice).to_contain_text(f"دست {fix.deal}")
        assert page.evaluate("window.scrollY") == 0  # at the top, where the notice is
        hand = json.loads(page.request.get(f"{live_server}/g/{token}/export.json").text())["hands"][
            fix.deal - 1
        ]
        assert fix.part(hand) == fix.after
