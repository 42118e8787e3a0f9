"""A choice the deal form did not offer (a tampered post) is refused by the form at that field, in
the reader's language, and nothing is stored; no such refusal says the form expired."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import DealRow
from tests.web.helpers import all_errors, count_rows, create_game, errors_after, post_deal

QUEENS = {"contract": "no-queens", "queen_spades": "0", "queen_hearts": "1", "queen_diamonds": "2"}
TRUMP = {"contract": "trumps", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**QUEENS, "queen_clubs": "7"}, "queen_clubs"),
        ({**QUEENS, "queen_clubs": "x"}, "queen_clubs"),
        ({**TRUMP, "trump": "stars"}, "trump"),
    ],
)
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Choose one of the choices shown."),
        ("hr", "Odaberite jednu od ponuđenih mogućnosti."),
        ("fa", "یکی از گزینه‌های نشان‌داده‌شده را انتخاب کنید."),
    ],
)
def test_a_choice_not_offered_is_refused_at_its_field(
    app: Flask, client: FlaskClient, data: dict[str, Any], field: str, lang: str, words: str
) -> None:
    links = create_game(client)
    client.set_cookie("lang", lang)
    response = post_deal(client, links, data)
    assert response.status_code == 422
    assert words in errors_after(response.text, field), all_errors(response.text)
    assert not any("expired" in e for e in all_errors(response.text))
    assert count_rows(app, DealRow) == 0
