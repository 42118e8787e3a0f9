"""Compulsory doubles: each opponent must double each declarer twice in the declarer's deals. A double that
has become compulsory is preselected and explained on the entry form, and a deal without it is refused."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.builders import game, hand
from tests.web.helpers import (
    Links,
    checked,
    create_game,
    errors_after,
    hands,
    import_game,
    post_deal,
    text_of,
)

NEGATIVE = ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu"]
TRUMPS = {"contract": "trumps", "trump": "hearts", "tricks_0": "7", "tricks_1": "2", "tricks_2": "2"}
BETH_TWICE = [["Beth", "Ann"]]


def _undoubled(n: int, **rules: Any) -> dict[str, Any]:
    """A game in which Ann has declared `n` deals that nobody doubled."""
    return game([hand(c) for c in NEGATIVE[:n]], **rules)


@pytest.fixture
def five_undoubled(app: Flask) -> Links:
    return import_game(app, _undoubled(5))


FORCED = [
    pytest.param(_undoubled(5), {"1", "2", "3"}, id="5 undoubled deals: all forced"),
    pytest.param(_undoubled(4), set(), id="4 undoubled deals: none forced yet"),
    pytest.param(_undoubled(4, compulsory_doubles=3), {"1", "2", "3"}, id="3 owed, 3 deals left"),
    pytest.param(_undoubled(5, compulsory_doubles=0), set(), id="compulsory doubles off"),
    pytest.param(
        game([hand(c, BETH_TWICE if i < 2 else []) for i, c in enumerate(NEGATIVE)]),
        {"2", "3"},
        id="Beth has doubled twice",
    ),
]


@pytest.mark.parametrize(("doc", "forced"), FORCED)
def test_forced_doubles_are_preselected_and_explained(
    app: Flask, client: FlaskClient, doc: dict[str, Any], forced: set[str]
) -> None:
    links = import_game(app, doc)
    page = client.get(f"{links.entry}?contract=trumps").text
    assert {seat for seat in "123" if checked(page, f"dbl_{seat}_0")} == forced
    assert text_of(page).count("Must double Ann:") == len(forced)
    assert ("must double now" in client.get(links.edit).text) == bool(forced)


def test_the_explanation_says_what_is_owed(client: FlaskClient, five_undoubled: Links) -> None:
    page = client.get(f"{five_undoubled.entry}?contract=trumps").text
    assert text_of(page).count("Must double Ann: 2 compulsory doubles owed, 2 deals left.") == 3


def test_no_double_is_preselected_in_a_new_game(client: FlaskClient) -> None:
    page = client.get(f"{create_game(client).entry}?contract=trumps").text
    assert not any(checked(page, f"dbl_{seat}_0") for seat in "123")
    assert "Must double" not in page


def test_a_deal_without_the_forced_doubles_is_refused(client: FlaskClient, five_undoubled: Links) -> None:
    response = post_deal(client, five_undoubled, TRUMPS)
    assert response.status_code == 422
    assert errors_after(response.text, "max_0") == [
        f"{name} must double Ann in this deal (compulsory doubles: 2 still owed, 2 deals left)"
        for name in ("Beth", "Cat", "Diana")
    ]
    assert checked(response.text, "trump", "hearts")
    assert len(hands(client, five_undoubled)) == 5

    accepted = post_deal(client, five_undoubled, {**TRUMPS, "dbl_1_0": "y", "dbl_2_0": "y", "dbl_3_0": "y"})
    assert accepted.status_code == 303
    assert len(hands(client, five_undoubled)) == 6


def test_one_missing_forced_double_is_named(client: FlaskClient, five_undoubled: Links) -> None:
    response = post_deal(client, five_undoubled, {**TRUMPS, "dbl_1_0": "y", "dbl_3_0": "y"})
    assert response.status_code == 422
    assert errors_after(response.text, "max_0") == [
        "Cat must double Ann in this deal (compulsory doubles: 2 still owed, 2 deals left)"
    ]
    assert len(hands(client, five_undoubled)) == 5


def test_the_game_page_counts_the_doubles_still_owed(client: FlaskClient, five_undoubled: Links) -> None:
    text = text_of(client.get(five_undoubled.edit).text)
    assert "Compulsory doubles still owed to Ann" in text
    assert "Beth : 2 must double now" in text
    assert "2 deals left for this declarer" in text
