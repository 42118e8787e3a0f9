"""What is typed is never lost, and nothing gets in the way of Save: a reload in the middle of an entry
keeps every chip and count; after the last count the keyboard goes away, so that a phone whose
keyboard leaves 450 px shows the chips still to tap and Save; three taps on Save store one deal; going
back after a save says it is saved; the offline banner never covers Save. In English and Persian."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.scoring import GAMES, Game, Rules, load
from scorekeeper.storage import store
from tests.builders import game

from .conftest import PHONE, SCREENSHOTS
from .entry import chip
from .table import KEYBOARD_UP, Table


@pytest.fixture
def tokens(app: Flask) -> dict[str, str]:
    with app.app_context():
        french = Game(("Ann", "Beth", "Cat", "Diana"), 0, Rules.of(GAMES["french"], 4))
        return {"barbu": store.create(load(game())).edit_token, "french": store.create(french).edit_token}


@pytest.fixture(params=["en", "fa"])
def phone(request, browser: Browser) -> Iterator[tuple[Page, str]]:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR" if request.param == "fa" else "en-US"})
    context.set_default_timeout(10_000)
    yield context.new_page(), request.param
    context.close()


def digits(text: str, lang: str) -> str:
    return text.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")) if lang == "fa" else text


def test_a_reload_keeps_every_chip_and_count(tokens, phone, live_server) -> None:
    page, lang = phone
    form = f"{live_server}/g/{tokens['barbu']}/deal?contract=no-hearts"
    page.goto(form)
    for box in ("dbl_1_0", "max_3", "dbl_0_3"):  # Beth doubles Ann, Diana says maximum, Ann redoubles
        page.click(chip(f"input[name={box}]"))
    page.fill("input[name=hearts_0]", digits("3", lang))
    page.fill("input[name=hearts_1]", digits("4", lang))
    page.click(chip("input[name=ace][value='2']"))
    page.reload()
    expect(page.locator("[data-draft]")).to_be_visible()
    for box in ("dbl_1_0", "max_3", "dbl_3_0", "dbl_3_1", "dbl_3_2", "dbl_0_3"):
        expect(page.locator(f"input[name={box}]")).to_be_checked()
    expect(page.locator(chip("input[name=dbl_0_3]"))).to_be_visible()  # Ann's redouble still offered
    expect(page.locator("input[name=hearts_0]")).to_have_value(digits("3", lang))
    expect(page.locator("input[name=hearts_1]")).to_have_value(digits("4", lang))
    expect(page.locator("input[name=ace][value='2']")).to_be_checked()
    # Closing the tab and coming back later keeps it too (the phone keeps it, not the page).
    page.goto(f"{live_server}/g/{tokens['barbu']}")
    page.goto(form)
    expect(page.locator("input[name=hearts_1]")).to_have_value(digits("4", lang))
    # Dropped on request: the form starts afresh.
    page.click("[data-draft-drop]")
    expect(page.locator("input[name=hearts_1]")).to_have_value("")
    expect(page.locator("input[name=dbl_1_0]")).not_to_be_checked()
    expect(page.locator("[data-draft]")).to_be_hidden()


COUNTED = [  # the game, the contract, and a chip still to tap after its counts
    ("barbu", "no-hearts", "input[name=ace][value='0']"),
    ("barbu", "no-tricks", None),
    ("barbu", "trumps", None),
    ("french", "salad", "input[name=queen_clubs][value='0']"),
]


@pytest.mark.parametrize(("kind", "contract", "after"), COUNTED, ids=[c[1] for c in COUNTED])
def test_after_the_last_count_the_keyboard_goes_away(tokens, phone, live_server, kind, contract, after):
    page, lang = phone
    page.goto(f"{live_server}/g/{tokens[kind]}/deal?contract={contract}")
    if contract == "trumps":
        page.click(chip("input[name=trump][value=spades]"))
    table = Table(page)
    # Typed with the keyboard up: the screen cut to KEYBOARD_UP px, the field with the cursor in it.
    for group in page.locator("fieldset.counts").all():
        fields = group.locator("input.count").all()
        for field, count in zip(fields[:-1], (4, 3, 3), strict=True):
            table.number(f"#{field.get_attribute('id')}", count)
            assert page.viewport_size == {"width": 360, "height": KEYBOARD_UP} or not table.typing()
    # The page put the keyboard away by itself (no text field has the cursor): the whole screen
    # again, where what is left to tap and Save are, without a scroll.
    assert not table.typing() and not table.up
    if after:
        assert table.visible(page.locator(chip(after)).first), after
        table.tap(after)
    assert table.visible(page.locator("form.deal-form button[type=submit]"))
    assert (table.hides, table.scrolls) == (0, 0)
    if contract == "no-hearts" and lang == "en":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / "deal-form-450px-after-the-counts.png")


def test_three_taps_on_save_store_one_deal_and_choose_nothing_next(tokens, phone, live_server) -> None:
    page, lang = phone
    token = tokens["barbu"]
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=king][value='1']"))
    save = page.locator("form.deal-form button[type=submit]")
    box = save.bounding_box()
    assert box
    for _ in range(3):  # where Save was, as a finger taps again while the sheet opens
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(150)
    page.wait_for_url(f"**/g/{token}#deal-1")
    page.wait_for_timeout(500)
    assert page.url.endswith(f"/g/{token}#deal-1")  # no contract was chosen by a stray tap
    hands = page.request.get(f"{live_server}/g/{token}/export.json").json()["hands"]
    assert [h["contract"] for h in hands] == ["barbu"]
    # Going back to the form says the deal is saved, rather than offering contracts as if not.
    page.go_back()
    notice = page.locator(".notice.info").first
    expect(notice).to_contain_text("Deal 1 is saved" if lang == "en" else "1")
    if lang == "fa":
        expect(notice).not_to_contain_text("saved")


def test_the_offline_banner_does_not_cover_save(tokens, phone, live_server) -> None:
    page, _lang = phone
    page.goto(f"{live_server}/g/{tokens['barbu']}/deal?contract=barbu")
    page.click(chip("input[name=king][value='2']"))
    page.context.set_offline(True)
    page.click("form.deal-form button[type=submit]")
    banner = page.locator("[data-outbox]")
    expect(banner).to_be_visible()
    a, b = banner.bounding_box(), page.locator("form.deal-form button[type=submit]").bounding_box()
    assert a and b and (a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]), (a, b)
    page.context.set_offline(False)


def test_an_untouched_form_is_not_kept_and_a_touched_one_is(tokens, page: Page, live_server) -> None:
    form = f"{live_server}/g/{tokens['barbu']}/deal?contract=no-hearts"
    sheet = f"{live_server}/g/{tokens['barbu']}"
    page.goto(form)
    page.goto(sheet)  # left without a tap
    page.goto(form)
    expect(page.locator("[data-draft]")).to_be_hidden()
    page.fill("input[name=hearts_0]", "3")
    page.goto(sheet)
    page.goto(form)
    expect(page.locator("[data-draft]")).to_be_visible()
    expect(page.locator("input[name=hearts_0]")).to_have_value("3")
