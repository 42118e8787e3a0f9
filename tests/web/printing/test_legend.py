"""What the printed sheet's key and checks say follows the table's rules: how doubles are written
(the dealer doubled in French Barbu, maximum, settling without play) and where a capot moved the
game's total. The game page's checks and doubles legend say the same."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.builders import worked_example
from tests.web.helpers import import_game

from .test_sheets import pages

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def printed(app: Flask, client: FlaskClient, doc: dict) -> tuple[str, str]:
    """The first page of the game's PDF and its game page, each as one line of text."""
    links = import_game(app, doc)
    pdf = client.get(f"{links.edit}/sheet.pdf")
    assert pdf.status_code == 200
    page = client.get(links.edit).get_data(as_text=True)
    return " ".join(pages(pdf.data)[0].split()), " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_the_dealer_doubled_is_circled_and_no_maximum_or_play_rule_is_named(
    app: Flask, client: FlaskClient
) -> None:
    doc = example("french")
    doc["rules"] = {"game": "french", "doubling": "dealer", "dealer_redoubles": True}
    doc["hands"][0]["doubles"] = [["Beth", "Ann"], ["Diana", "Ann"], ["Ann", "Beth"]]
    pdf, page = printed(app, client, doc)
    assert "write the letter of each player doubled; circle a double of the dealer." in pdf
    assert "X: the dealer redoubled everyone who doubled them." in pdf
    for wrong in ("maximum", "declarer", "settled without play"):
        assert wrong not in pdf.split("Doubles:")[1], wrong
    assert "circled when it is the dealer. X: the dealer redoubled everyone who doubled them." in page
    assert "X means maximum" not in page


def test_without_redoubles_the_dealer_legend_has_no_x(app: Flask, client: FlaskClient) -> None:
    doc = {**example("french"), "hands": []}
    doc["rules"] = {"game": "french", "doubling": "dealer"}
    pdf, page = printed(app, client, doc)
    assert "circle a double of the dealer." in pdf and "X:" not in pdf
    assert "circled when it is the dealer." in page and "X:" not in page


def test_barbu_keeps_maximum_and_names_the_no_play_rule_only_when_it_applies(
    app: Flask, client: FlaskClient
) -> None:
    pdf, page = printed(app, client, worked_example())
    assert "X for maximum; circle a double of the declarer." in pdf
    assert "settled without play" not in pdf and "X means maximum" in page
    settled = {**worked_example(), "rules": {"undoubled_negative": "settle"}}
    pdf, _ = printed(app, client, settled)
    assert "* settled without play." in pdf


def test_the_checks_say_how_much_of_the_total_comes_from_a_capot(app: Flask, client: FlaskClient) -> None:
    pdf, page = printed(app, client, example("barbu-32"))  # Ann takes every queen in deal 1
    assert "a complete game adds up to +48 (+48 of it from the capot)" in pdf
    assert "a complete game adds up to +48: 0 as the points say, and +48 from the capot." in page
    pdf, page = printed(app, client, {**example("barbu-32"), "hands": example("barbu-32")["hands"][1:]})
    assert "capot)" not in pdf and "from the capot" not in page
    assert "a complete game adds up to 0." in page
