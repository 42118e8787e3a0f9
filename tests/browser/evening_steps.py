"""Steps of a club evening played through the browser: the evening's tables and their seats, a few
deals tapped in at a table's phone, the rest of a game filled in through the app's storage."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.storage import store
from scorekeeper.web.paper_check.forms import grid_data
from tests.unit.family import play_on
from tests.unit.paper.builders import from_game

from .conftest import PHONE
from .entry import enter_hand


def tables(page: Page) -> list[tuple[int, str]]:
    """Every table on the evening page, round after round: (its game's id, its game's edit token)."""
    found = []
    for card in page.locator("li.table-card").all():
        game_id = int((card.get_attribute("id") or "").removeprefix("table-"))
        link = card.locator("a[href^='/g/']")
        token = (link.first.get_attribute("href") or "").rsplit("/", 1)[1] if link.count() else ""
        found.append((game_id, token))
    return found


def card_link(page: Page, name: str) -> str:
    """The guide card's link of `name` on the evening page."""
    link = page.locator(f"a[href*='/players/']:has(bdi:text-is('{name}'))").get_attribute("href")
    assert link
    return link


def seated(app: Flask, token: str) -> list[str]:
    """The players in their seats now, the first declarer first."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        return list(stored.game.seated(len(stored.game.deals)))


def three_deals(players: list[str]) -> list[dict[str, Any]]:
    """Deals any declarer may choose at a table of three or four: queens, the king, the last two."""
    a, b, c = players[0], players[1], players[2]
    return [
        {"contract": "no-queens", "result": {"queens": {a: 1, b: 1, c: 2}}},
        {"contract": "barbu", "result": {"king": b}},
        {"contract": "no-last-two", "result": {"penultimate": c, "last": a}},
    ]


def tap_deals(page: Page, base: str, app: Flask, token: str, upto: int) -> None:
    """The table's deals up to deal `upto` tapped in at its phone, each shown on the sheet once saved."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        played = len(stored.game.deals)
    for i in range(played, upto):
        players = seated(app, token)
        enter_hand(page, base, token, three_deals(players)[i], players)
        expect(page).to_have_url(re.compile(rf"#deal-{i + 1}$"))


def finish(app: Flask, token: str) -> None:
    """The rest of the table's game, each deal the first contract offered, saved one by one (a save
    writes the one deal it names)."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        while not stored.game.complete:
            store.save(stored, stored.version, play_on(stored.game, 1), "add", len(stored.game.deals))
            stored = store.find(token)
            assert stored is not None


def paper_sheet(app: Flask, token: str) -> dict[str, str]:
    """The grid of a paper sheet for the table's whole game, played apart from the app."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        played = play_on(stored.game, stored.game.rules.total_deals)
    return {k: v for k, v in grid_data(from_game(played)).items() if v not in ("", None)}


def standings(page: Page) -> dict[str, float]:
    """The standings on the page (English digits): name -> points."""
    found = {}
    for row in page.locator("table.standings tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        found[cells[1].strip()] = float(cells[2].split()[0])
    return found


def penalty_to_drop(app: Flask, token: str) -> tuple[str, int]:
    """The table's winner and a penalty that drops them below the runner-up."""
    with app.app_context():
        stored = store.find(token)
        assert stored is not None
        totals = sorted(zip(stored.game.totals, stored.game.players, strict=True), reverse=True)
    return totals[0][1], totals[1][0] - totals[0][0] - 1


def narrow(page: Page) -> None:
    """Nothing wider than the phone: a phone's page that is wider widens its layout viewport too
    (so innerWidth would grow with it), hence the phone's own 360 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"], page.url  # type: ignore[index]


def seat_round(organiser: Page, number: int, everyone: list[str]) -> None:
    """The next round seated from the evening page's form, for everyone ticked there."""
    form = organiser.locator("form[action$='/next']")
    for name in everyone:
        form.locator(f"input[name=present][value='{name}']").check()
    form.locator(f"button:has-text('Seat round {number}')").click()
    expect(organiser).to_have_url(re.compile(rf"#round-{number}$"))
    expect(organiser.locator("li.table-card")).to_have_count(3 * number)
