"""The deal form's result lines on a phone: every short label ("Trick 7", "Trick 13", "Q♠", "1.")
stays on one line beside its chips, on 32 and 52 cards and in the Salad, in English and Persian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.scoring import load
from scorekeeper.storage import store
from tests.builders import full_game

from .conftest import PHONE, SCREENSHOTS

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FORMS = [
    ("barbu-32", "no-last-two"),
    ("barbu", "no-last-two"),
    ("french", "salad"),
    ("french", "no-first-last"),
]
# Result labels taller than one line, or whose chips wrap below them.
TWO_LINES = """() => [...document.querySelectorAll('.result fieldset.line > legend')]
  .filter(l => l.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(l).lineHeight))
  .map(l => l.innerText)"""


@pytest.fixture
def tokens(app: Flask) -> dict[str, str]:
    docs = {
        "barbu-32": json.loads((EXAMPLES / "barbu-32.json").read_text()),
        "barbu": {**full_game(), "hands": []},
        "french": {**json.loads((EXAMPLES / "french.json").read_text()), "hands": []},
    }
    with app.app_context():
        return {name: store.create(load(doc)).edit_token for name, doc in docs.items()}


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_result_labels_keep_to_one_line(tokens, browser, live_server, lang) -> None:
    context = browser.new_context(**{**PHONE, "locale": "fa-IR" if lang == "fa" else "en-US"})
    page = context.new_page()
    try:
        for game, contract in FORMS:
            page.goto(f"{live_server}/g/{tokens[game]}/deal?contract={contract}")
            assert page.locator(".result fieldset.line").count() >= 2, (game, contract)
            assert not page.evaluate(TWO_LINES), (game, contract, page.evaluate(TWO_LINES))
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.goto(f"{live_server}/g/{tokens['barbu-32']}/deal?contract=no-last-two")
        page.screenshot(path=SCREENSHOTS / f"deal-labels-barbu-32-{lang}.png", full_page=True)
    finally:
        context.close()
