"""A complete short game of each of Barbu's relatives, entered on a phone and scored again by the CLI."""

from __future__ import annotations

import json
from random import Random

import pytest

from scorekeeper.app import signed
from scorekeeper.scoring import load
from tests.oracle.generate import random_game

from .entry import create_game, enter_hand, totals_on_page
from .test_game_flow import cli_score, export, with_players

NAMES = ["Ann", "Beth", "Cat", "Diana", "Eve"]
GAMES = [
    pytest.param({"game": "barbu-3", "rubbers": 1}, 3, id="barbu-3-one-rubber"),
    pytest.param({"game": "barbette"}, 4, id="barbette"),
    pytest.param({"game": "french", "sequence": "fixed"}, 3, id="french-3-fixed"),
    pytest.param({"game": "french", "sequence": "fixed"}, 5, id="french-5-fixed"),
    pytest.param({"game": "barbu-5"}, 5, id="barbu-5"),
]


def _complete_game(rules: dict, players: int) -> dict:
    """A seeded, complete game of these rules with the game's standard points."""
    total = load(random_game(Random(0), rules=rules, hands=0, game=rules["game"], players=players)).rules
    doc = random_game(Random(2026), rules=rules, hands=total.total_deals, game=rules["game"], players=players)
    return with_players(doc, NAMES[:players])


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_a_short_game_of_each_kind_matches_the_cli(page, live_server, tmp_path, screenshot, rules, players):
    doc = _complete_game(rules, players)
    names = NAMES[:players]
    options = {k: str(v) for k, v in rules.items() if k not in ("game", "scheme")}
    token = create_game(
        page, live_server, names, names.index(doc["first_declarer"]), rules["game"], **options
    )
    for number, hand in enumerate(doc["hands"], start=1):
        enter_hand(page, live_server, token, hand, names)
        assert "#deal-" in page.url, f"deal {number} was refused: {page.locator('.error').all_inner_texts()}"
    scored = cli_score(export(page, live_server, token, tmp_path))
    assert scored["checks"]["complete"]
    assert totals_on_page(page) == [signed(scored["totals"][p]) for p in names]
    exported = json.loads((tmp_path / "game.json").read_text())
    assert [h["result"] for h in exported["hands"]] == [h["result"] for h in doc["hands"]]
    screenshot(page, f"family-{rules['game']}-{players}")
