"""Every screen at 360 px: no WCAG 2.1 AA violations, tap targets of 44 x 44 px, no sideways scroll."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.scoring import BARBU, load
from tests.builders import full_game, game, hand, worked_example

CONTRACTS = [c.id for c in BARBU.contracts]


@pytest.fixture
def games(app: Flask) -> dict[str, store.GameRow]:
    with app.app_context():
        return {
            "started": store.create(load(worked_example())),
            "ravage": store.create(load(game([hand("no-tricks", [["Beth", "Ann"]])], ravage_city=True))),
            "finished": store.create(load(full_game())),
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
        "not-found": "/g/no-such-game",
    }
    for contract in CONTRACTS:
        pages[f"deal-{contract}"] = f"/g/{ravage.edit_token}/deal?contract={contract}"
    return pages


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
    "not-found",
    *[f"deal-{c}" for c in CONTRACTS],
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
