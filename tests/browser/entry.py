"""Entering deals through the screens, as a player taps them in."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SUITS = ("spades", "hearts", "diamonds", "clubs")


def chip(selector: str) -> str:
    """What a finger taps for a radio or checkbox: its label, the chip (the box itself is hidden)."""
    return (
        f"label:has(> {selector})" if selector.startswith("input[") and "type=" not in selector else selector
    )


class Taps:
    """Counts the taps (clicks and checks) made on a page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(chip(selector)).click()
        self.count += 1


def enter_hand(page: Page, base: str, edit_token: str, hand: dict[str, Any], players: list[str]) -> Taps:
    """Enter one `barbu-game/1` hand as the next deal, starting from the game page."""
    seat = {name: i for i, name in enumerate(players)}
    taps = Taps(page)
    if not page.url.startswith(f"{base}/g/{edit_token}") or "/deal" in page.url:
        page.goto(f"{base}/g/{edit_token}")
    taps.tap(f"a.contract-button[href$='contract={hand['contract']}']")
    page.wait_for_selector("form.deal-form")
    declarer = int(page.locator("form.deal-form").get_attribute("data-declarer") or 0)
    if hand["contract"] == "trumps":
        # The form asks for the suit even where the game file leaves it out.
        taps.tap(f"input[name=trump][value={hand.get('trump', 'spades')}]")
    if hand.get("rank"):
        page.select_option("select[name=rank]", hand["rank"])
        taps.count += 1
    pairs = [(seat[a], seat[b]) for a, b in hand.get("doubles", [])]
    # In turn order, the declarer last, so that the page offers the declarer their redoubles.
    n = len(players)
    for a, b in sorted(pairs, key=lambda p: ((p[0] - declarer - 1) % n, p[1])):
        box = f"input[name=dbl_{a}_{b}]"
        if not page.locator(box).is_checked():
            taps.tap(box)
    result = hand.get("result")
    if result is not None:
        _enter_result(page, taps, hand["contract"], result, seat)
    taps.tap("form.deal-form button[type=submit]")
    # The page sends the form itself, then opens the sheet at the new deal; if it was refused,
    # the caller sees the form with its messages.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_url(re.compile(r"#deal-\d+$"), timeout=5_000)
    return taps


TAKERS = ("antepenultimate", "penultimate", "first", "last", "king", "ace")


def _enter_result(
    page: Page, taps: Taps, contract: str, result: dict[str, Any], seat: dict[str, int]
) -> None:
    for key in ("tricks", "hearts"):
        if key in result:
            counts = list(result[key].values())
            for i, n in enumerate(counts[:-1]):  # the last one is worked out by the page
                page.fill(f"input[name={key}_{i}]", str(n))
                taps.count += 1
    for key in TAKERS:
        if key in result:
            taps.tap(f"input[name={key}][value='{seat[result[key]]}']")
    if "queens" in result:
        takers = [seat[name] for name, n in result["queens"].items() for _ in range(n)]
        for suit, taker in zip(SUITS, takers, strict=True):
            taps.tap(f"input[name=queen_{suit}][value='{taker}']")
    if "order" in result:
        for place, name in enumerate(result["order"][:-1], start=1):  # the last one is worked out
            taps.tap(f"input[name=place_{place}][value='{seat[name]}']")
    if "most" in result:
        for name in result["most"]:
            taps.tap(f"input[name=most][value='{seat[name]}']")


def create_game(
    page: Page, base: str, players: list[str], first: int = 0, game: str = "barbu", **options: str
) -> str:
    """Create a game of `game` through the new-game screen; returns its edit token."""
    page.goto(f"{base}/new?game={game}&players={len(players)}")
    for i, name in enumerate(players):
        page.fill(f"#player_{i}", name)
    page.click(f"label:has(> input[name=first_declarer][value='{first}'])")
    for name, value in options.items():
        page.select_option(f"select[name={name}]", value)
    page.click("button[value=create]")
    page.wait_for_url(f"{base}/g/*")
    return page.url.rsplit("/g/", 1)[1].split("#")[0]


def totals_on_page(page: Page) -> list[str]:
    """The totals shown above the sheet, as displayed."""
    return [t.strip() for t in page.locator("ul.totals strong").all_inner_texts()]
