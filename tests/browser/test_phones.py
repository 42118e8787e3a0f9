"""Several phones on one game: live updates, conflicts re-sent in one tap, and a dropped connection."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from .entry import chip, create_game, enter_hand, totals_on_page

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(WTF_CSRF_ENABLED=True)


def view_link(page: Page) -> str:
    return page.locator("#view-link").input_value()


def hands(page: Page, base: str, token: str) -> list[dict]:
    return json.loads(page.request.get(f"{base}/g/{token}/export.json").text())["hands"]


def test_open_pages_follow_changes_without_a_reload(new_page, live_server):
    editor = new_page()
    token = create_game(editor, live_server, PLAYERS)
    link = view_link(editor).replace(view_link(editor).split("/v/")[0], live_server)
    viewers = [new_page(), new_page()]
    for viewer in viewers:
        viewer.goto(link)
    enter_hand(editor, live_server, token, {"contract": "barbu", "result": {"king": "Cat"}}, PLAYERS)
    for viewer in viewers:
        expect(viewer.locator("ul.totals strong").nth(2)).to_have_text("−20", timeout=5_000)
    # A correction reaches them too.
    editor.goto(f"{live_server}/g/{token}/deal/1/edit")
    editor.click(chip("input[name=king][value='3']"))
    editor.click("form.deal-form button[type=submit]")
    for viewer in viewers:
        expect(viewer.locator("ul.totals strong").nth(3)).to_have_text("−20", timeout=5_000)
        assert viewer.url == link  # no reload, no navigation


def test_a_stale_entry_is_sent_again_in_one_tap(new_page, live_server):
    first, second = new_page(), new_page()
    token = create_game(first, live_server, PLAYERS)
    second.goto(f"{live_server}/g/{token}/deal?contract=no-last-two")
    second.click(chip("input[name=penultimate][value='1']"))
    second.click(chip("input[name=last][value='2']"))
    enter_hand(first, live_server, token, {"contract": "barbu", "result": {"king": "Cat"}}, PLAYERS)
    second.click("form.deal-form button[type=submit]")
    expect(second.locator(".notice h2")).to_have_text("This game changed")
    expect(second.locator("table.sheet tr#deal-1")).to_be_visible()  # the sheet as it is now
    expect(second.locator("input[name=last][value='2']")).to_be_checked()
    second.click("form.deal-form button[type=submit]")  # the one tap
    second.wait_for_url("**#deal-2")
    assert [h["contract"] for h in hands(second, live_server, token)] == ["barbu", "no-last-two"]


def test_an_entry_made_offline_is_sent_once_when_the_connection_returns(page, live_server):
    token = create_game(page, live_server, PLAYERS)
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=king][value='1']"))
    page.context.set_offline(True)
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("[data-outbox]")).to_contain_text("kept on this phone")
    expect(page.locator("input[name=king][value='1']")).to_be_checked()  # still on screen
    page.context.set_offline(False)
    page.wait_for_url("**#deal-1", timeout=15_000)
    assert totals_on_page(page) == ["0", "−20", "0", "0"]
    assert [h["contract"] for h in hands(page, live_server, token)] == ["barbu"]


def test_an_entry_kept_offline_survives_closing_the_page(new_page, live_server):
    page = new_page()
    token = create_game(page, live_server, PLAYERS)
    page.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    page.click(chip("input[name=king][value='2']"))
    page.context.set_offline(True)
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("[data-outbox]")).to_contain_text("kept on this phone")
    # The page is left while still offline (the service worker answers), and the connection
    # returns later, on another page of the app: the kept entry is sent from there. (Going back
    # online first would race the entry's own page, which sends it at once and moves on.)
    page.goto(f"{live_server}/")
    expect(page.locator("[data-outbox]")).to_contain_text("waiting to be sent")
    page.context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=15_000)
    page.wait_for_timeout(500)
    assert [h["result"] for h in hands(page, live_server, token)] == [{"king": "Cat"}]
