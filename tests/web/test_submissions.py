"""One-time submission ids belong to their game; "play again" has one too."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow
from tests.builders import full_game

from .helpers import (
    WORKED_DEAL_1,
    count_rows,
    create_game,
    current_version,
    form_version,
    hands,
    import_game,
    play_again,
)


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
    sent = {"submission": _submission(again.group(2)), "version": form_version(again.group(2))}
    first, second = client.post(again.group(1), data=sent), client.post(again.group(1), data=sent)
    assert (first.status_code, second.status_code) == (303, 303)
    assert first.headers["Location"] == second.headers["Location"]
    assert count_rows(app, GameRow) == 2


def test_play_again_with_a_fresh_id_makes_another_game(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    for n in range(2):
        play_again(client, links, f"again{n}")
    assert count_rows(app, GameRow) == 3


def test_play_again_sent_on_an_older_state_starts_no_game(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    old = form_version(client.get(links.edit).text)
    assert client.post(f"{links.edit}/undo", data={"version": old, "submission": "u" * 32}).status_code == 303
    response = client.post(f"{links.edit}/again", data={"version": old, "submission": "n" * 32})
    assert response.status_code == 409
    assert "no new game was started" in response.text
    assert count_rows(app, GameRow) == 1


def test_play_again_repeated_after_the_game_moved_on_finds_the_first_new_game(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, full_game())
    old = form_version(client.get(links.edit).text)
    sent = {"version": old, "submission": "r" * 32}
    first = client.post(f"{links.edit}/again", data=sent)
    assert client.post(f"{links.edit}/undo", data={"version": old, "submission": "u" * 32}).status_code == 303
    again = client.post(f"{links.edit}/again", data=sent)  # resent later, on the state it was made on
    assert (first.status_code, again.status_code) == (303, 303)
    assert again.headers["Location"] == first.headers["Location"]
    assert count_rows(app, GameRow) == 2
