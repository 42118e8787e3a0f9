"""A player's hands on the phone, counted: every tap, every key, and every scroll a target needed.

A target is tapped where it is; when it is not on the screen, that costs a scroll first. Numbers
are typed into the field that has the cursor, tapping a field first only when it does not.

While a text field has the cursor the phone's keyboard is up and leaves the page KEYBOARD_UP px of
screen: a tap on anything else is counted as it is made on that cut screen, and a target the
keyboard hides costs an action to put the keyboard away first (`hides`).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

from .entry import SUITS, TAKERS, chip

KEYBOARD_UP = 450
"""CSS px of a 740 px phone screen left above an open keyboard."""
_TYPING = """() => {
  const el = document.activeElement;
  return !!el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT"
    && !["checkbox", "radio", "hidden", "submit", "button"].includes(el.type)));
}"""


class Table:
    def __init__(self, page: Page, keyboard: bool = True) -> None:
        """`keyboard` False counts as if typing left the whole screen (the new-game figures were
        set so, before the keyboard was counted)."""
        self.page = page
        self.keyboard_counted = keyboard
        self.taps = self.keys = self.scrolls = self.hides = 0
        self.screen = dict(page.viewport_size or {"width": 360, "height": 740})
        self.up = False  # the keyboard: up once the player types, until the cursor leaves text

    @property
    def actions(self) -> int:
        return self.taps + self.keys + self.hides

    def visible(self, target: Locator) -> bool:
        box = target.bounding_box()
        height = self.page.viewport_size["height"] if self.page.viewport_size else 740
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height

    def typing(self) -> bool:
        """True when a text field has the cursor."""
        return bool(self.page.evaluate(_TYPING))

    def keyboard(self, up: bool) -> None:
        """The screen as the keyboard leaves it: cut while it is up, the phone scrolling the field
        with the cursor into view."""
        self.up = up and self.keyboard_counted
        wanted = {**self.screen, "height": KEYBOARD_UP} if self.up else self.screen
        if self.page.viewport_size != wanted:
            self.page.set_viewport_size(wanted)  # type: ignore[arg-type]
        if self.up:
            self.page.evaluate("() => document.activeElement.scrollIntoView({block: 'nearest'})")

    def tap(self, selector: str, field: bool = False) -> None:
        """Tap a button, a link, a chip (for its radio or checkbox), or a text `field`."""
        target = self.page.locator(selector if field else chip(selector)).first
        if not field and self.up and not self.visible(target):
            self.hides += 1  # the keyboard hides it: put the keyboard away first
            self.page.evaluate("() => document.activeElement.blur()")
            self.keyboard(False)
        if not self.visible(target):
            self.scrolls += 1
            target.scroll_into_view_if_needed()
        target.click()
        self.taps += 1
        # A text field brings the keyboard up; anything else takes the cursor and puts it away.
        self.keyboard(field)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)
        self.keyboard(self.typing())

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1
        self.keyboard(self.typing())

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
                    # A number the page already worked out (0 when nothing is left) is not typed.
                    if page.locator(f"input[name={key}_{i}]").input_value() != str(count):
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
    """Tap each double not already ticked, in turn order; "maximum" when a player doubles all they
    may, and "everyone" first when all the others double the declarer and two of them are not
    ticked yet."""
    page = table.page
    by_player: dict[int, set[int]] = {}
    for a, b in pairs:
        by_player.setdefault(a, set()).add(b)
    others = [p for p in range(n) if p != declarer]
    everyone = page.locator("input[name=all_doubled]")
    if all(declarer in by_player.get(p, set()) for p in others) and everyone.count():
        unticked = [p for p in others if not page.locator(f"input[name=dbl_{p}_{declarer}]").is_checked()]
        if len(unticked) > 1:
            table.tap("input[name=all_doubled]")
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
