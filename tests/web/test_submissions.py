"""One-time submission ids belong to their game; "play again" has one too."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow
from tests.builders import full_game

from .helpers import WORKED_DEAL_1, count_rows, create_game, current_version, hands, import_game


def _submission(html: str, name: str = "submission") -> str:
    found = re.search(rf'name="{name}"[^>]*value="([^"]+)"', html)
    assert found, "no one-time id on the page"
    return found.group(1)


@pytest.mark.postgres
def test_an_id_used_on_one_game_is_new_on_another(app: Flask, client: FlaskClient) -> None:
    first, second = create_game(client), create_game(client, ["Eve", "Finn", "Gus", "Hal"])
    sent = {**WORKED_DEAL_1, "submission": "0123456789abcdef0123456789abcdef"}
    shown = {"version": current_version(client, first)}
    assert client.post(first.entry, data={**sent, **shown}).headers["Location"].startswith(first.edit)
    answer = client.post(second.entry, data={**sent, "version": current_version(client, second)})
    assert answer.status_code == 303 and answer.headers["Location"].startswith(second.edit)
    assert len(hands(client, first)) == 1 and len(hands(client, second)) == 1


@pytest.mark.postgres
def test_play_again_tapped_twice_makes_one_game(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    page = client.get(links.edit).text
    again = re.search(r'action="([^"]+/again)"[^>]*>(.*?)</form>', page, re.S)
    assert again, "no play-again button"
    sent = {"submission": _submission(again.group(2))}
    first, second = client.post(again.group(1), data=sent), client.post(again.group(1), data=sent)
    assert (first.status_code, second.status_code) == (303, 303)
    assert first.headers["Location"] == second.headers["Location"]
    assert count_rows(app, GameRow) == 2


def test_play_again_with_a_fresh_id_makes_another_game(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    for n in range(2):
        client.post(f"{links.edit}/again", data={"submission": f"again{n}"})
    assert count_rows(app, GameRow) == 3
