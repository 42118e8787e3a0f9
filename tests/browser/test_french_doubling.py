"""French Barbu with the dealer doubled, on a phone: a dealer's deals entered with doubles agree with
the CLI; screenshots of the deal form and the sheet, and the sheet's PDF, are kept."""

from __future__ import annotations

from random import Random

from scorekeeper.app import signed
from tests.oracle.generate import random_game

from .conftest import SCREENSHOTS
from .entry import enter_hand, totals_on_page
from .test_game_flow import cli_score, export, with_players

NAMES = ["Ann", "Beth", "Cat", "Diana"]


def test_a_doubled_dealer_matches_the_cli(page, live_server, tmp_path, screenshot):
    rules = {"game": "french", "doubling": "dealer", "dealer_redoubles": True, "capot": True}
    for seed in range(100):  # a seeded game whose first dealer is doubled at least twice
        doc = with_players(random_game(Random(seed), rules=rules, hands=8, game="french", players=4), NAMES)
        if sum(bool(h.get("doubles")) for h in doc["hands"]) >= 2:
            break
    token = _create(page, live_server, doc)
    page.goto(f"{live_server}/g/{token}/deal?contract=no-queens")
    screenshot(page, "french-doubled-dealer-deal-form")
    for number, hand in enumerate(doc["hands"], start=1):
        enter_hand(page, live_server, token, hand, NAMES)
        assert "#deal-" in page.url, f"deal {number} was refused: {page.locator('.error').all_inner_texts()}"
    scored = cli_score(export(page, live_server, token, tmp_path))
    assert totals_on_page(page) == [signed(scored["totals"][p]) for p in NAMES]
    screenshot(page, "french-doubled-dealer-sheet")
    pdf = page.request.get(f"{live_server}/g/{token}/sheet.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    (SCREENSHOTS / "french-doubled-dealer-sheet.pdf").write_bytes(pdf.body())


def _create(page, base, doc):
    """The game made on the new-game screen: the dealer doubled, redoubles allowed, capot."""
    page.goto(f"{base}/new?game=french&players=4")
    for i, name in enumerate(NAMES):
        page.fill(f"#player_{i}", name)
    page.click(f"label:has(> input[name=first_declarer][value='{NAMES.index(doc['first_declarer'])}'])")
    page.select_option("select[name=doubling]", "dealer")
    page.check("input[name=dealer_redoubles]")
    page.check("input[name=capot]")
    page.click("button[value=create]")
    page.wait_for_url(f"{base}/g/*")
    return page.url.rsplit("/g/", 1)[1].split("#")[0]
