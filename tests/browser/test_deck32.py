"""A 32-card Barbu game on a phone: the deal form asks for 8 tricks and the last two as tricks 7
and 8, a declarer's seven deals entered agree with the CLI, and the sheet follows the deck."""

from __future__ import annotations

from random import Random

from scorekeeper.app import signed
from tests.oracle.generate import random_game

from .conftest import SCREENSHOTS
from .entry import create_game, enter_hand, totals_on_page
from .test_game_flow import cli_score, export, with_players

NAMES = ["Ann", "Beth", "Cat", "Diana"]


def test_a_32_card_declarer_block_matches_the_cli(page, live_server, tmp_path, screenshot):
    rules = {"deck": 32}
    doc = with_players(random_game(Random(32), rules=rules, hands=7, game="barbu"), NAMES)
    options = {k: str(v) for k, v in doc["rules"].items() if k not in ("game", "scheme")}
    token = create_game(page, live_server, NAMES, NAMES.index(doc["first_declarer"]), "barbu", **options)

    page.goto(f"{live_server}/g/{token}/deal?contract=no-last-two")
    body = page.inner_text("main")
    assert "Who took trick 7?" in body and "Who took trick 8, the last?" in body
    page.goto(f"{live_server}/g/{token}/deal?contract=no-tricks")
    assert "8 in all" in page.inner_text("main")
    screenshot(page, "deck32-deal-form")

    for number, hand in enumerate(doc["hands"], start=1):
        enter_hand(page, live_server, token, hand, NAMES)
        assert "#deal-" in page.url, f"deal {number} was refused: {page.locator('.error').all_inner_texts()}"
    scored = cli_score(export(page, live_server, token, tmp_path))
    assert totals_on_page(page) == [signed(scored["totals"][p]) for p in NAMES]
    assert "32 cards" in page.inner_text("main")
    screenshot(page, "deck32-sheet")
    pdf = page.request.get(f"{live_server}/g/{token}/sheet.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    (SCREENSHOTS / "deck32-sheet.pdf").write_bytes(pdf.body())  # kept to look at, as the screenshots
