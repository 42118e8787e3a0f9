"""A whole club evening through the browser, where a player or the organiser would tap: 11 players
over 3 rounds at 4+4+3, planned and seated round after round on the organiser's phone; at each table
with phones a few deals tapped in on a 360 x 740 phone (the rest of each game filled in through the
app's storage, full length); round 2's table of three on paper, its sheet typed into the paper check
and joined to the evening; a substitute at a table of round 3; a finished table of round 1 locked and
corrected by the organiser; an adjustment and the approval. The big screen (1920 x 1080) and a guide
card (360 x 740) follow a saved deal without a reload, in English in round 1 and in Persian (with
Persian digits) in round 3; the standings add up; axe finds nothing on any page.
Screenshots: test-artifacts/screenshots/club-evening-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.evening.test_evening import REGULARS
from tests.web.groups.test_groups import create_group, start_game

from .conftest import PHONE
from .evening_steps import (
    card_link,
    finish,
    narrow,
    paper_sheet,
    penalty_to_drop,
    seat_round,
    seated,
    standings,
    tables,
    tap_deals,
)
from .test_evening_screens import fits

TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "locale": "en-US"}
WALK_INS = ["Eve", "Farid", "Goran", "Hélène", "Ivo", "Jasmina", "Kaveh"]
EVERYONE = REGULARS + WALK_INS


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    made = []

    def make(options: dict, base: str, lang: str = "en") -> BrowserContext:
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        cookies = [{"name": "lang", "value": lang, "url": base}]
        if lang == "fa":
            cookies.append({"name": "digits", "value": "persian", "url": base})
        context.add_cookies(cookies)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def test_an_evening_of_eleven_through_the_browser(
    app: Flask,
    live_server: str,
    contexts: Callable[..., BrowserContext],
    axe_check: Callable[[Page], None],
    screenshot: Callable[[Page, str], Path],
) -> None:
    base = live_server
    edit, _view = create_group(app.test_client())
    start_game(app.test_client(), edit)  # the regulars have played in the group before
    organiser = contexts(PHONE, base).new_page()
    table_phone = contexts(PHONE, base).new_page()  # a table's phone: only its game's own link
    # planning, on the organiser's phone
    organiser.goto(base + edit)
    organiser.click("text=Plan a club evening")
    for name in REGULARS:
        organiser.locator(f"input[name=present][value='{name}']").check()
    organiser.fill("textarea[name=walk_ins]", "\n".join(WALK_INS))
    organiser.fill("input[name=rounds]", "3")
    axe_check(organiser)
    organiser.click("button:has-text('Seat the evening')")
    expect(organiser).to_have_url(re.compile(r"/evenings/\d+$"))
    evening = organiser.url.removeprefix(base)
    expect(organiser.locator("li.table-card")).to_have_count(3)
    axe_check(organiser)
    screenshot(organiser, "club-evening-planned")
    narrow(organiser)
    round_1 = tables(organiser)
    expect(organiser.locator(f"#table-{round_1[0][0]} .organiser-table")).to_be_hidden()  # nothing in it yet
    # the big screen and a guide card of a player at table 1, before the first deal
    tv = contexts(TV, base).new_page()
    tv.goto(base + evening + "/screen")
    expect(tv.locator(".seating li")).to_have_count(11)
    axe_check(tv)
    card = contexts(PHONE, base).new_page()
    first_table = seated(app, round_1[0][1])
    card.goto(base + card_link(organiser, first_table[1]))
    expect(card.locator(".card-now")).to_be_visible()
    axe_check(card)
    # round 1: three deals at table 1 on its phone, two at the others; the form checked by axe
    tap_deals(table_phone, base, app, round_1[0][1], 1)
    expect(tv.locator(".screen-table progress").first).to_be_visible(timeout=15_000)
    expect(card.locator(".card-now")).to_contain_text("1 of 28", timeout=15_000)
    screenshot(tv, "club-evening-screen-en")
    screenshot(card, "club-evening-card-en")
    fits(tv)
    narrow(card)
    axe_check(tv)
    axe_check(card)
    table_phone.goto(f"{base}/g/{round_1[0][1]}")
    table_phone.click("a.contract-button[href$='contract=barbu']")
    table_phone.wait_for_selector("form.deal-form")
    axe_check(table_phone)
    screenshot(table_phone, "club-evening-deal-form-en")
    narrow(table_phone)
    tap_deals(table_phone, base, app, round_1[0][1], 3)
    for _game_id, token in round_1[1:]:
        tap_deals(table_phone, base, app, token, 2)
    for _game_id, token in round_1:
        finish(app, token)
    # the organiser locks table 1; its own phone is refused, the organiser corrects deal 1
    organiser.reload()
    organiser.locator(f"#table-{round_1[0][0]} button:has-text('Lock this table')").click()
    expect(organiser.locator(f"#table-{round_1[0][0]}")).to_contain_text("Locked: only the organiser")
    table_phone.goto(f"{base}/g/{round_1[0][1]}/deal/1/edit")
    expect(table_phone.locator("body")).to_contain_text("This table is locked")
    organiser.goto(f"{base}/g/{round_1[0][1]}/deal/1/edit")
    expect(organiser.locator("body")).not_to_contain_text("This table is locked")
    organiser.locator("label:has(> input[name=queen_clubs][value='0'])").click()
    organiser.click("form.deal-form button[type=submit]")
    expect(organiser).to_have_url(re.compile(r"corrected=1"))
    expect(organiser.locator("main")).to_contain_text("Deal 1 corrected")
    organiser.goto(base + evening)
    expect(organiser.locator(f"#table-{round_1[0][0]}")).to_contain_text("by the organiser")
    expect(organiser.locator(f"#table-{round_1[0][0]}")).to_contain_text("Deal 1 corrected (No queens)")
    # round 2, seated from the form; its table of three plays on paper
    seat_round(organiser, 2, EVERYONE)
    round_2 = tables(organiser)[3:]
    tap_deals(table_phone, base, app, round_2[0][1], 2)
    tap_deals(table_phone, base, app, round_2[1][1], 2)
    paper_id, paper_token = round_2[2]
    sheet = paper_sheet(app, paper_token)
    organiser.locator(f"#table-{paper_id} button:has-text('No phone at this table')").click()
    expect(organiser.locator("table.paper-grid")).to_be_visible()
    check = organiser.url.removeprefix(base)
    for row in range(3):  # the first rows typed in the grid, the rest sent as the form would
        organiser.select_option(f"select[name=c{row}]", sheet[f"c{row}"])
        for seat in range(3):
            organiser.fill(f"input[name=s{row}_{seat}]", sheet[f"s{row}_{seat}"])
    organiser.click("button[value=keep]")
    expect(organiser.locator(".check-summary")).to_contain_text("adds up")
    axe_check(organiser)
    screenshot(organiser, "club-evening-paper-en")
    narrow(organiser)
    assert app.test_client().post(check, data={**sheet, "action": "keep"}).status_code == 303
    organiser.goto(base + check)
    organiser.click("button:has-text('Join the evening')")
    joined = "The sheet counts as this table's game tonight."
    expect(organiser.locator(".evening-join")).to_contain_text(joined)
    for _game_id, token in round_2[:2]:
        finish(app, token)
    organiser.goto(base + evening)
    expect(organiser.locator(f"#table-{paper_id}")).to_contain_text("from its paper sheet")
    # round 3 in Persian: the big screen and a card follow a deal tapped in on a Persian phone
    seat_round(organiser, 3, EVERYONE)
    round_3 = tables(organiser)[6:]
    tv_fa = contexts(TV, base, "fa").new_page()
    tv_fa.goto(base + evening + "/screen")
    expect(tv_fa.locator("html")).to_have_attribute("dir", "rtl")
    card_fa = contexts(PHONE, base, "fa").new_page()
    player = seated(app, round_3[0][1])[2]
    card_fa.goto(base + card_link(organiser, player))
    expect(card_fa.locator(".card-now")).to_be_visible()
    axe_check(card_fa)
    phone_fa = contexts(PHONE, base, "fa").new_page()
    phone_fa.goto(f"{base}/g/{round_3[0][1]}")
    phone_fa.click("a.contract-button[href$='contract=no-queens']")
    phone_fa.wait_for_selector("form.deal-form")
    axe_check(phone_fa)
    screenshot(phone_fa, "club-evening-deal-form-fa")
    narrow(phone_fa)
    tap_deals(phone_fa, base, app, round_3[0][1], 2)
    expect(card_fa.locator(".card-now")).to_contain_text("۲ از ۲۸", timeout=15_000)
    expect(tv_fa.locator(".screen-table progress").first).to_be_visible(timeout=15_000)
    axe_check(tv_fa)
    axe_check(card_fa)
    screenshot(tv_fa, "club-evening-screen-fa")
    fits(tv_fa)
    narrow(card_fa)
    screenshot(card_fa, "club-evening-card-fa")
    # a substitute: the table's phone replaces its third seat (the form checked in both languages)
    leaver = seated(app, round_3[0][1])[2]
    phone_fa.goto(f"{base}/g/{round_3[0][1]}/replace")
    axe_check(phone_fa)
    screenshot(phone_fa, "club-evening-replace-fa")
    narrow(phone_fa)
    table_phone.goto(f"{base}/g/{round_3[0][1]}")
    table_phone.click("text=Replace a player")
    axe_check(table_phone)
    table_phone.select_option("select[name=seat]", "2")
    table_phone.fill("input[name=name]", "Lale")
    table_phone.click("form button[type=submit]")
    expect(table_phone.locator("body")).to_contain_text("Lale")
    assert seated(app, round_3[0][1])[2] == "Lale"
    tap_deals(table_phone, base, app, round_3[1][1], 2)
    tap_deals(phone_fa, base, app, round_3[2][1], 2)
    for _game_id, token in round_3:
        finish(app, token)
    # the standings add up: every table hands out 5 points a player, the substitute's seat shared
    organiser.goto(base + evening)
    shown = standings(organiser)
    assert set(shown) == {*EVERYONE, "Lale"} and leaver in shown
    assert sum(shown.values()) == pytest.approx(5 * 11 * 3, abs=0.05 * len(shown))
    # an adjustment and the approval
    organiser.select_option("select[name=table]", str(round_1[1][0]))
    winner, penalty = penalty_to_drop(app, round_1[1][1])
    organiser.select_option("select[name=player]", winner)
    organiser.fill("input[name=points]", str(penalty))
    organiser.fill("input[name=reason]", "Played out of turn")
    organiser.click("button:has-text('Keep this adjustment')")
    expect(organiser.locator("ul.adjustments")).to_contain_text("Played out of turn")
    expect(organiser.locator("table.standings")).to_contain_text("before the adjustments")
    expect(organiser.locator("#standings-title")).to_contain_text("provisional")
    organiser.click("button:has-text('Approve the standings as they stand')")
    expect(organiser.locator("#standings-title")).to_contain_text("approved by the organiser")
    assert sum(standings(organiser).values()) == pytest.approx(5 * 11 * 3, abs=0.05 * len(shown))
    axe_check(organiser)
    screenshot(organiser, "club-evening-approved-en")
    narrow(organiser)
    tv.reload()
    expect(tv.locator(".screen-ranking li")).to_have_count(len(shown))
    axe_check(tv)
    screenshot(tv, "club-evening-screen-end-en")
    fits(tv)
    page_fa = contexts(PHONE, base, "fa").new_page()
    page_fa.goto(base + evening)
    expect(page_fa.locator("table.standings")).to_contain_text("۱")
    assert page_fa.locator("ol.seats").first.evaluate("(o) => getComputedStyle(o).listStyleType") == "persian"
    axe_check(page_fa)
    screenshot(page_fa, "club-evening-approved-fa")
    narrow(page_fa)
    tv_fa.reload()
    expect(tv_fa.locator(".screen-banner")).to_be_visible()
    axe_check(tv_fa)
    screenshot(tv_fa, "club-evening-screen-end-fa")
    fits(tv_fa)
    page_fa.goto(base + check)
    axe_check(page_fa)
    screenshot(page_fa, "club-evening-paper-fa")
    narrow(page_fa)
