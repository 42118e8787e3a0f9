"""Numbers in links and forms written with digits `int` refuses (a superscript ²) or with thousands of
digits (past Python's limit for turning text into a number): an ordinary answer, never a 500."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import DealRow

from .helpers import count_rows, create_game, current_version

ODD = ["²", "٣" * 3, "9" * 5000]


@pytest.mark.parametrize("value", ODD)
@pytest.mark.parametrize("path", ["/new?game=french&players=", "/sheets/blank?game=french&players="])
def test_an_odd_table_size_in_a_link_falls_back(client: FlaskClient, path: str, value: str) -> None:
    assert client.get(path + value).status_code == 200


@pytest.mark.parametrize("value", ODD)
def test_an_odd_seat_or_count_in_a_deal_is_refused(app: Flask, client: FlaskClient, value: str) -> None:
    links = create_game(client)
    version = current_version(client, links)
    data = {"version": version, "contract": "no-queens", "queen_spades": value, "queen_hearts": "0"}
    response = client.post(links.entry, data={**data, "queen_diamonds": "1", "queen_clubs": "2"})
    assert response.status_code == 422
    assert count_rows(app, DealRow) == 0


@pytest.mark.parametrize("value", ODD)
def test_an_odd_rule_number_is_refused(client: FlaskClient, value: str) -> None:
    response = client.post("/new", data={"scheme": "custom", "compulsory_doubles": value, "action": "check"})
    assert response.status_code < 500
