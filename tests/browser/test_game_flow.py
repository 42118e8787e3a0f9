"""A whole game, corrections, undo and two phones, through the screens on a phone viewport."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.app import signed
from tests.oracle.generate import random_game

from .entry import chip, create_game, enter_hand, totals_on_page

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]
SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The browser tests keep CSRF protection on, as players have it."""
    return make_app(WTF_CSRF_ENABLED=True)


def with_players(doc: dict, players: list[str]) -> dict:
    """The same game with the generator's random names replaced by `players`, seat by seat (in one
    pass, so that a new name that was also an old one is not renamed twice)."""
    names = dict(zip(doc["players"], players, strict=True))

    def rename(value: object) -> object:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {names.get(k, k): rename(v) for k, v in value.items()}
        return value

    return {**doc, **{k: rename(v) for k, v in doc.items() if k in ("players", "first_declarer", "hands")}}


def export(page: Page, base: str, token: str, tmp_path: Path) -> Path:
    response = page.request.get(f"{base}/g/{token}/export.json")
    assert response.ok
    path = tmp_path / "game.json"
    path.write_bytes(response.body())
    return path


def cli_score(path: Path) -> dict:
    done = subprocess.run([SCOREKEEPER, "score", str(path)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_complete_game_entered_on_a_phone_matches_the_cli(page, live_server, tmp_path, screenshot):
    doc = with_players(random_game(Random(7), rules={"scheme": "standard"}, hands=28), PLAYERS)
    token = create_game(page, live_server, PLAYERS, first=PLAYERS.index(doc["first_declarer"]))
    for number, hand in enumerate(doc["hands"], start=1):
        enter_hand(page, live_server, token, hand, PLAYERS)
        assert "#deal-" in page.url, f"deal {number} was refused: {page.locator('.error').all_inner_texts()}"
    scored = cli_score(export(page, live_server, token, tmp_path))
    assert scored["checks"]["complete"] and scored["checks"]["zero_sum"]
    assert totals_on_page(page) == [signed(scored["totals"][p]) for p in PLAYERS]
    expect(page.locator(".final .ranking li")).to_have_count(4)
    exported = json.loads((tmp_path / "game.json").read_text())
    assert [h["result"] for h in exported["hands"] if "result" in h] == [
        h["result"] for h in doc["hands"] if "result" in h
    ]
    screenshot(page, "complete-game")


def worked_example_deal_1(page: Page, base: str, token: str) -> int:
    """Deal 1 of rules.md the quick way: maximum for Beth. Returns the taps it took."""
    taps = 0

    def tap(selector: str) -> None:
        nonlocal taps
        page.locator(chip(selector)).click()
        taps += 1

    tap("a.contract-button[href$='contract=no-queens']")
    tap("input[name=max_1]")  # Beth: maximum
    tap("input[name=dbl_2_0]")  # Cat doubles Ann
    tap("input[name=dbl_0_2]")  # Ann redoubles Cat
    for suit, seat in (("spades", 0), ("hearts", 2), ("diamonds", 3), ("clubs", 3)):
        tap(f"input[name=queen_{suit}][value='{seat}']")
    tap("form.deal-form button[type=submit]")
    page.wait_for_url("**#deal-1")
    return taps


def test_worked_example_deal_1_takes_nine_taps(page, live_server):
    token = create_game(page, live_server, PLAYERS)
    taps = worked_example_deal_1(page, live_server, token)
    assert taps <= 12
    assert taps == 9
    assert totals_on_page(page) == ["−12", "+24", "−12", "−24"]


def test_correcting_an_earlier_deal_and_undo(page, live_server):
    token = create_game(page, live_server, PLAYERS)
    worked_example_deal_1(page, live_server, token)
    enter_hand(page, live_server, token, {"contract": "barbu", "result": {"king": "Cat"}}, PLAYERS)
    assert totals_on_page(page) == ["−12", "+24", "−32", "−24"]
    # Correct deal 1: Diana took the queen of spades, not Ann (its number on the sheet opens it).
    page.click("table.sheet a[href$='/deal/1/edit']")
    page.click(chip("input[name=queen_spades][value='3']"))
    page.click("form.deal-form button[type=submit]")
    page.wait_for_url("**?corrected=1")
    expect(page.locator(".notice.corrected")).to_contain_text("Ann's queens 1 → 0; Diana's queens 2 → 3")
    # Raw: Ann 0, Beth 0, Cat -6, Diana -18; A/B 0; A/C x2 6 -> Ann +12; B/C 6; B/D 18.
    assert totals_on_page(page) == ["+12", "+24", "−44", "−36"]
    page.click("text=Undo deal 2")
    page.wait_for_load_state()
    assert totals_on_page(page) == ["+12", "+24", "−24", "−36"]
    page.click("text=History of changes")
    expect(page.locator("ol.history li")).to_have_count(5)


def test_a_refused_deal_keeps_what_was_entered(page, live_server):
    token = create_game(page, live_server, PLAYERS)
    page.click("a.contract-button[href$='contract=no-tricks']")
    page.click(chip("input[name=dbl_1_0]"))
    for i, n in enumerate((5, 5, 5, 5)):
        page.fill(f"input[name=tricks_{i}]", str(n))
    page.click("form.deal-form button[type=submit]")
    expect(page.locator("#group-tricks .error")).to_contain_text("add up to 20, not 13")
    expect(page.locator("input[name=dbl_1_0]")).to_be_checked()
    expect(page.locator("input[name=tricks_2]")).to_have_value("5")
    assert "/deal" in page.url
    del token


def test_two_phones_submitting_together_store_one_deal(new_page, live_server):
    first, second = new_page(), new_page()
    token = create_game(first, live_server, PLAYERS)
    for phone in (first, second):
        phone.goto(f"{live_server}/g/{token}/deal?contract=barbu")
    first.click(chip("input[name=king][value='1']"))
    second.click(chip("input[name=king][value='2']"))
    first.click("form.deal-form button[type=submit]")
    second.click("form.deal-form button[type=submit]")
    first.wait_for_url("**#deal-1")
    expect(second.locator(".notice h2")).to_have_text("This game changed")
    expect(second.locator("input[name=king][value='2']")).to_be_checked()
    first.reload()
    assert totals_on_page(first) == ["0", "−20", "0", "0"]
    # One tap sends the kept entry again, now as the next deal.
    second.click("form.deal-form button[type=submit]")
    expect(second.locator(".error").first).to_contain_text("already declared Barbu")
    second.click("a.contract-button[href$='contract=no-last-two']")
    expect(second.locator("form.deal-form")).to_be_visible()
    doc = json.loads(second.request.get(f"{live_server}/g/{token}/export.json").text())
    assert [h["contract"] for h in doc["hands"]] == ["barbu"]
