"""A group's page on a phone: ten played games, and a club night with several tables live.

axe finds nothing on the group's screens in English and Persian, every tap target is a finger's
size, nothing scrolls sideways; the night's page follows a table's new deal without a reload.
Screenshots: test-artifacts/screenshots/group-ten-games*.png and club-night*.png.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from random import Random

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import update

from scorekeeper.scoring import load
from scorekeeper.storage import db, groups, store
from scorekeeper.storage.models import GameRow
from tests.oracle.generate import random_game
from tests.unit.present.test_group_stats import renamed

from .conftest import PHONE, SCREENSHOTS

CLUB = ["Ann", "Beth", "Cat", "Diana", "Eve", "Farid", "Goran", "Hélène"]


@dataclass(frozen=True)
class StoredClub:
    """A group as stored, its links, and the edit links of its games in the order they were stored."""

    group: groups.CreatedGroup
    games: list[str]

    @property
    def edit_token(self) -> str:
        return self.group.edit_token

    @property
    def view_token(self) -> str:
        return self.group.view_token


def stored_group(app: Flask, name: str, games: list[tuple[dict, datetime]]) -> StoredClub:
    """A group holding `games`, each started and last changed at its time."""
    with app.app_context():
        group = groups.create(name)
        tokens = []
        for doc, when in games:
            created = store.create(load(doc), group=group.membership())
            tokens.append(created.edit_token)
            db.session().execute(
                update(GameRow).where(GameRow.id == created.id).values(created_at=when, updated_at=when)
            )
        db.session().commit()
        return StoredClub(group, tokens)


def complete(rng: Random, kind: str) -> dict:
    """A complete game of `kind`."""
    rules = {"game": kind} if kind != "barbu" else {}  # the standard points, as most clubs play
    total = load(random_game(rng, rules=rules, hands=0)).rules.total_deals
    for _ in range(20):
        doc = random_game(rng, rules=rules, hands=total)
        if load(doc).complete:
            names = rng.sample(CLUB, len(doc["players"]))
            return renamed(doc, dict(zip(doc["players"], names, strict=True)))
    raise AssertionError("no complete game drawn")


@pytest.fixture
def ten_games(app: Flask) -> StoredClub:
    rng = Random(13)
    start = datetime.now(UTC) - timedelta(days=80)
    kinds = ["barbu"] * 8 + ["french"] * 2
    games = [(complete(rng, kind), start + timedelta(days=7 * n)) for n, kind in enumerate(kinds)]
    row = stored_group(app, "Tuesday Barbu club", games)
    with app.app_context():
        groups.merge(row.group.row, "Helene", "Hélène")
    return row


# The night's tables: complete games of which only the first deals are stored yet.
DEALS_SO_FAR = (5, 12, 20, 27)


@pytest.fixture
def club_night(app: Flask) -> tuple[StoredClub, list[dict]]:
    rng = Random(7)
    now = datetime.now(UTC)
    whole, tables = [], []
    for n, deals in enumerate(DEALS_SO_FAR):
        doc = complete(rng, "barbu")
        doc = renamed(doc, {name: f"{name} {n + 1}" for name in doc["players"]})
        whole.append(doc)
        tables.append(
            ({**doc, "hands": doc["hands"][:deals]}, now - timedelta(minutes=len(DEALS_SO_FAR) - n))
        )
    tables.append((complete(rng, "barbu"), now - timedelta(days=8)))
    return stored_group(app, "Club night", tables), whole


@pytest.fixture
def persian(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR"})
    yield context.new_page()
    context.close()


# What sticks out past the screen's right edge (or left, right to left), to say what to fix.
WIDE_JS = """() => [...document.querySelectorAll('body *')].filter((el) => {
  const box = el.getBoundingClientRect();
  return box.right > 360.5 || box.left < -0.5;
}).slice(0, 8).map((el) => el.tagName + '.' + el.className + ' ' + (el.textContent || '').slice(0, 30))"""


def check(page: Page, axe_check: Callable, tap_targets_check: Callable) -> None:
    axe_check(page)
    tap_targets_check(page)
    wide = page.evaluate(WIDE_JS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, wide


def test_a_group_with_ten_games(
    page: Page,
    persian: Page,
    ten_games: StoredClub,
    live_server: str,
    axe_check,
    tap_targets_check,
    screenshot,
) -> None:
    page.goto(f"{live_server}/gr/{ten_games.edit_token}")
    expect(page.locator("table.board")).to_have_count(2)  # Barbu and French Barbu
    expect(page.locator(".group-games li")).to_have_count(10)
    screenshot(page, "group-ten-games")
    check(page, axe_check, tap_targets_check)
    page.locator("details.player").first.locator("summary").click()
    expect(page.locator("details.player").first.locator("svg.chart")).to_be_visible()
    check(page, axe_check, tap_targets_check)
    page.locator("details.player").first.screenshot(path=SCREENSHOTS / "group-player-figures.png")
    page.goto(f"{live_server}/gv/{ten_games.view_token}?from=2000-01-01&to=nonsense")
    check(page, axe_check, tap_targets_check)
    page.goto(live_server + "/")  # the start page now lists the group
    expect(page.locator("#groups-title")).to_be_visible()
    check(page, axe_check, tap_targets_check)
    persian.goto(f"{live_server}/gr/{ten_games.edit_token}")
    assert persian.locator("html").get_attribute("dir") == "rtl"
    check(persian, axe_check, tap_targets_check)
    screenshot(persian, "group-ten-games-fa")


def test_a_club_night_follows_its_tables(
    app: Flask, page: Page, club_night, live_server: str, axe_check, tap_targets_check, screenshot
) -> None:
    group, whole = club_night
    page.goto(f"{live_server}/gv/{group.view_token}")
    expect(page.locator(".table-card")).to_have_count(len(DEALS_SO_FAR))
    check(page, axe_check, tap_targets_check)
    screenshot(page, "club-night")
    # The first table enters its next deal on another phone: the night's page follows by itself.
    with app.app_context():
        stored = store.find(group.games[0])
        assert stored is not None
        deals = len(stored.game.deals)
        nxt = load({**whole[0], "hands": whole[0]["hands"][: deals + 1]})
        store.save(stored, stored.version, nxt, "add", deals)
    expect(page.locator(".table-card", has_text=f"{deals + 1} of 28 deals")).to_have_count(1, timeout=8000)
    expect(page.locator(".table-card", has_text=f"{deals} of 28 deals")).to_have_count(0)


def test_a_club_night_in_persian(
    persian: Page, club_night, live_server: str, axe_check, tap_targets_check, screenshot
) -> None:
    group, _whole = club_night
    persian.goto(f"{live_server}/gr/{group.edit_token}")
    check(persian, axe_check, tap_targets_check)
    screenshot(persian, "club-night-fa")


def test_the_new_group_and_import_screens(
    page: Page, persian: Page, live_server: str, axe_check, tap_targets_check
) -> None:
    for url in ("/groups/new", "/groups/import"):
        page.goto(live_server + url)
        check(page, axe_check, tap_targets_check)
        persian.goto(live_server + url)
        check(persian, axe_check, tap_targets_check)
    page.goto(live_server + "/groups/new")
    page.click("button[type=submit]")
    expect(page.locator(".error")).to_have_count(1)
    check(page, axe_check, tap_targets_check)


def test_the_ratings_the_ledger_and_a_ladder(
    page: Page,
    persian: Page,
    ten_games: StoredClub,
    live_server: str,
    axe_check,
    tap_targets_check,
    screenshot,
) -> None:
    page.goto(f"{live_server}/gv/{ten_games.view_token}?best=2")
    expect(page.locator("table.rating")).to_have_count(2)  # Barbu and French Barbu
    expect(page.locator("table.rivals")).to_have_count(1)  # French Barbu has no doubles
    expect(page.locator("table.ladder")).to_have_count(2)
    expect(page.locator("table.rating .provisional-mark").first).to_be_visible()
    check(page, axe_check, tap_targets_check)
    page.locator("section.ratings").screenshot(path=SCREENSHOTS / "group-ratings.png")
    page.locator("section.rivals").screenshot(path=SCREENSHOTS / "group-rivals.png")
    screenshot(page, "group-ratings-page")
    persian.goto(f"{live_server}/gv/{ten_games.view_token}?best=2")
    check(persian, axe_check, tap_targets_check)
    persian.locator("section.ratings").screenshot(path=SCREENSHOTS / "group-ratings-fa.png")
    persian.locator("section.rivals").screenshot(path=SCREENSHOTS / "group-rivals-fa.png")
