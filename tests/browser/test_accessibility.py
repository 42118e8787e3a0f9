"""Every screen at 360 px: no WCAG 2.1 AA violations, tap targets of 44 x 44 px, no sideways scroll."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.scoring import BARBU, GAMES, Game, Rules, load
from scorekeeper.storage import store
from tests.builders import full_game, game, hand, worked_example

CONTRACTS = [c.id for c in BARBU.contracts]


@pytest.fixture
def games(app: Flask) -> dict[str, store.GameRow]:
    with app.app_context():
        return {
            "started": store.create(load(worked_example())),
            "ravage": store.create(load(game([hand("no-tricks", [["Beth", "Ann"]])], ravage_city=True))),
            "finished": store.create(load(full_game())),
            "french5": store.create(Game(LONG_NAMES, 0, Rules.of(GAMES["french"], 5))),
            "barbu3": store.create(load(json.loads((EXAMPLES / "barbu-3.json").read_text()))),
        }


def screens(games: dict[str, store.GameRow]) -> dict[str, str]:
    started, ravage, finished = games["started"], games["ravage"], games["finished"]
    pages = {
        "home": "/",
        "new-game": "/new",
        "game": f"/g/{started.edit_token}",
        "view": f"/v/{started.view_token}",
        "deal-detail": f"/g/{started.edit_token}/deal/1",
        "history": f"/g/{started.edit_token}/history",
        "choose-contract": f"/g/{ravage.edit_token}/deal",
        "correction": f"/g/{started.edit_token}/deal/2/edit",
        "final": f"/g/{finished.edit_token}",
        "summary": f"/g/{finished.edit_token}/summary",
        "summary-started": f"/v/{started.view_token}/summary",
        "not-found": "/g/no-such-game",
    }
    for contract in CONTRACTS:
        pages[f"deal-{contract}"] = f"/g/{ravage.edit_token}/deal?contract={contract}"
    french5, barbu3 = games["french5"], games["barbu3"]
    pages |= {f"new-{g}": f"/new?game={g}" for g in GAMES}
    pages |= {f"blank-{g}": f"/sheets/blank?game={g}" for g in GAMES}
    pages |= {
        "french5-game": f"/g/{french5.edit_token}",
        "barbu3-game": f"/g/{barbu3.edit_token}",
        "barbu3-deal-chips": f"/g/{barbu3.edit_token}/deal/1",
        "barbu3-last-three": f"/g/{barbu3.edit_token}/deal?contract=no-last-three",
        **{f"french5-{c}": f"/g/{french5.edit_token}/deal?contract={c}" for c in FRENCH},
    }
    return pages


LONG_NAMES = (
    "Anne-Sophie",
    "Jean-Baptiste",
    "Marie-Christine",
    "Guillaume",
    "Wolfeschlegelsteinhausenbergerdorff",
)
FRENCH = ("salad", "tricks", "no-first-last", "dominoes")
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


SCREENS = [
    "home",
    "new-game",
    "game",
    "view",
    "deal-detail",
    "history",
    "choose-contract",
    "correction",
    "final",
    "summary",
    "summary-started",
    "not-found",
    *[f"deal-{c}" for c in CONTRACTS],
    *[f"new-{g}" for g in GAMES],
    *[f"blank-{g}" for g in GAMES],
    "french5-game",
    "barbu3-game",
    "barbu3-deal-chips",
    "barbu3-last-three",
    *[f"french5-{c}" for c in FRENCH],
]


@pytest.mark.parametrize("name", SCREENS)
def test_screen_is_accessible(
    name: str,
    games: dict[str, store.GameRow],
    page,
    live_server: str,
    axe_check: Callable,
    tap_targets_check: Callable,
    screenshot: Callable,
) -> None:
    page.goto(live_server + screens(games)[name])
    if name == "home":  # with a game in the recent list
        page.goto(f"{live_server}/g/{games['started'].edit_token}")
        page.goto(live_server + "/")
    axe_check(page)
    tap_targets_check(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, name)


def test_refused_forms_are_accessible(page, live_server: str, axe_check: Callable, games) -> None:
    page.goto(f"{live_server}/new")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "ann")
    page.click("button[value=create]")
    assert page.locator(".error").count() >= 2
    axe_check(page)
    page.goto(f"{live_server}/g/{games['started'].edit_token}/deal?contract=no-tricks")
    page.fill("input[name=tricks_0]", "x")
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("#group-tricks .error")).to_be_visible()
    axe_check(page)
