"""A player's hands on the phone, counted: every tap, every key, and every scroll a target needed.

A target is tapped where it is; when it is not on the screen, that costs a scroll first. Numbers
are typed into the field that has the cursor, tapping a field first only when it does not.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

from .entry import SUITS, TAKERS, chip


class Table:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = self.keys = self.scrolls = 0

    @property
    def actions(self) -> int:
        return self.taps + self.keys

    def visible(self, target: Locator) -> bool:
        box = target.bounding_box()
        height = self.page.viewport_size["height"] if self.page.viewport_size else 740
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height

    def tap(self, selector: str, field: bool = False) -> None:
        """Tap a button, a link, a chip (for its radio or checkbox), or a text `field`."""
        target = self.page.locator(selector if field else chip(selector)).first
        if not self.visible(target):
            self.scrolls += 1
            target.scroll_into_view_if_needed()
        target.click()
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def focused(self, selector: str) -> bool:
        return bool(
            self.page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector)
        )

    def number(self, selector: str, value: int) -> None:
        """Type a count into its field; the page moves on by itself once a number is complete."""
        if not self.focused(selector):
            self.tap(selector, field=True)
        self.type(str(value))
        if self.focused(selector):  # an ambiguous number (1 of 13): say it is complete
            self.press("Enter")


def enter_deal(table: Table, hand: dict[str, Any], players: list[str]) -> None:
    """Enter one `barbu-game/1` hand from the game page: the contract, then the form, then save."""
    page = table.page
    seat = {name: i for i, name in enumerate(players)}
    n = len(players)
    table.tap(f"a.contract-button[href$='contract={hand['contract']}']")
    page.wait_for_selector("form.deal-form")
    declarer = int(page.locator("form.deal-form").get_attribute("data-declarer") or 0)
    if hand["contract"] == "trumps":
        table.tap(f"input[name=trump][value={hand.get('trump', 'spades')}]")
    _doubles(table, [(seat[a], seat[b]) for a, b in hand.get("doubles", [])], declarer, n)
    result = hand.get("result")
    if result is not None:
        for key in ("tricks", "hearts"):
            if key in result:
                for i, count in enumerate(list(result[key].values())[:-1]):
                    table.number(f"input[name={key}_{i}]", count)
        for key in TAKERS:
            if key in result:
                table.tap(f"input[name={key}][value='{seat[result[key]]}']")
        if "queens" in result:
            takers = [seat[name] for name, k in result["queens"].items() for _ in range(k)]
            for suit, taker in zip(SUITS, takers, strict=True):
                table.tap(f"input[name=queen_{suit}][value='{taker}']")
        for place, name in enumerate(result.get("order", [])[:-1], start=1):
            table.tap(f"input[name=place_{place}][value='{seat[name]}']")
        for name in result.get("most", []):
            table.tap(f"input[name=most][value='{seat[name]}']")
    table.tap("form.deal-form button[type=submit]")


def _doubles(table: Table, pairs: list[tuple[int, int]], declarer: int, n: int) -> None:
    """Tap each double not already ticked, in turn order; "maximum" when a player doubles all they may."""
    page = table.page
    by_player: dict[int, set[int]] = {}
    for a, b in pairs:
        by_player.setdefault(a, set()).add(b)
    for player in [(declarer + k) % n for k in range(1, n + 1)]:
        wanted = by_player.get(player, set())
        if not wanted:
            continue
        shown = page.locator(f".double-row[data-player='{player}'] label.chip:not(.max):visible input")
        offered = {int(box.get_attribute("data-target") or -1) for box in shown.all()}
        already = {b for b in wanted if page.locator(f"input[name=dbl_{player}_{b}]").is_checked()}
        if len(offered) > 1 and wanted == offered and len(wanted - already) > 1:
            table.tap(f"input[name=max_{player}]")
            continue
        for b in sorted(wanted - already):
            table.tap(f"input[name=dbl_{player}_{b}]")
