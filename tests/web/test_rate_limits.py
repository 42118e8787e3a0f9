"""Rate limits per client address on creating, importing and printing: 429 with a page saying when."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable

import pytest
from flask import Flask

from scorekeeper.storage.limits import hit
from scorekeeper.storage.models import GameRow
from scorekeeper.web.common.errors import _wait
from tests.builders import full_game, worked_example

from .helpers import count_rows, import_game, new_game_form, play_again, text_of

# A window starts at a client's first hit: one this long never ends mid-test.
WINDOW = 10**7


@pytest.fixture
def limited(make_app: Callable[..., Flask]) -> Flask:
    return make_app(LIMIT_CREATE=[2, WINDOW], LIMIT_IMPORT=[1, WINDOW], LIMIT_PDF=[1, WINDOW])


def _retry_after(response: object) -> int:
    value = response.headers["Retry-After"]  # type: ignore[attr-defined]
    assert re.fullmatch(r"\d+", value), value
    return int(value)


@pytest.mark.postgres
def test_new_games_over_the_limit_get_429_and_store_nothing(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(2):
        assert client.post("/new", data=new_game_form()).status_code == 303
    refused = client.post("/new", data=new_game_form())
    assert refused.status_code == 429
    assert 1 <= _retry_after(refused) <= WINDOW
    text = text_of(refused.text)
    assert "Too many new games, imports, changes or printed sheets from this network" in text
    assert re.search(r"Try again in \d+ minutes?\.", text), text
    assert count_rows(limited, GameRow) == 2


def test_balancing_points_is_not_counted(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(3):
        assert client.post("/new", data=new_game_form(action="balance")).status_code != 429
    assert client.post("/new", data=new_game_form()).status_code == 303


def test_play_again_counts_as_a_new_game(limited: Flask) -> None:
    client = limited.test_client()
    links = import_game(limited, full_game())
    assert play_again(client, links, "a1").status_code == 303
    assert play_again(client, links, "a2").status_code == 303
    assert play_again(client, links, "a3").status_code == 429
    assert count_rows(limited, GameRow) == 3


def test_imports_over_the_limit_get_429(limited: Flask) -> None:
    client = limited.test_client()

    def post() -> int:
        data = {"file": (io.BytesIO(json.dumps(worked_example()).encode()), "game.json")}
        return client.post("/import", data=data, content_type="multipart/form-data").status_code

    assert [post(), post()] == [303, 429]
    assert count_rows(limited, GameRow) == 1


def test_only_rendered_sheets_count_against_the_print_limit(limited: Flask) -> None:
    client = limited.test_client()
    assert client.get("/sheets/blank.pdf?player_0=Ann").status_code == 200
    assert client.get("/sheets/blank.pdf?player_0=Ann").status_code == 200  # cached: not counted
    refused = client.get("/sheets/blank.pdf?player_0=Beth")
    assert refused.status_code == 429 and _retry_after(refused) >= 1


def test_each_client_address_has_its_own_count(limited: Flask) -> None:
    first = limited.test_client()
    other = limited.test_client()
    for _ in range(2):
        first.post("/new", data=new_game_form())
    assert first.post("/new", data=new_game_form()).status_code == 429
    sent = other.post("/new", data=new_game_form(), environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert sent.status_code == 303


def test_x_forwarded_for_is_ignored_unless_a_proxy_is_trusted(limited: Flask) -> None:
    client = limited.test_client()
    for n in range(2):
        client.post("/new", data=new_game_form(), headers={"X-Forwarded-For": f"198.51.100.{n}"})
    spoofed = client.post("/new", data=new_game_form(), headers={"X-Forwarded-For": "198.51.100.99"})
    assert spoofed.status_code == 429


def test_behind_a_trusted_proxy_the_forwarded_address_counts(make_app: Callable[..., Flask]) -> None:
    app = make_app(LIMIT_CREATE=[1, WINDOW], TRUSTED_PROXIES=1)
    client = app.test_client()
    ann = {"X-Forwarded-For": "198.51.100.1"}
    assert client.post("/new", data=new_game_form(), headers=ann).status_code == 303
    assert client.post("/new", data=new_game_form(), headers=ann).status_code == 429
    other = {"X-Forwarded-For": "198.51.100.2"}
    assert client.post("/new", data=new_game_form(), headers=other).status_code == 303


def test_ipv6_clients_are_counted_by_their_64_block(limited: Flask) -> None:
    client = limited.test_client()
    for n in range(2):
        env = {"REMOTE_ADDR": f"2001:db8:1:2::{n + 1}"}
        assert client.post("/new", data=new_game_form(), environ_base=env).status_code == 303
    env = {"REMOTE_ADDR": "2001:db8:1:2:ffff::9"}
    assert client.post("/new", data=new_game_form(), environ_base=env).status_code == 429


def test_the_limit_page_is_translated(limited: Flask) -> None:
    client = limited.test_client()
    client.set_cookie("lang", "fr")
    for _ in range(2):
        client.post("/new", data=new_game_form())
    refused = client.post("/new", data=new_game_form())
    assert refused.status_code == 429
    assert "Too many" not in refused.text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (1, "Try again in 1 second."),
        (59, "Try again in 59 seconds."),
        (60, "Try again in 1 minute."),
        (61, "Try again in 2 minutes."),
        (600, "Try again in 10 minutes."),
    ],
)
def test_when_to_try_again(app: Flask, seconds: int, text: str) -> None:
    with app.test_request_context("/"):
        assert _wait(seconds) == text


@pytest.mark.postgres
def test_a_window_starts_at_the_first_hit_and_restarts_after_it_ends(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    with app.app_context():
        # 599 is one second before an aligned window of 600 would end: that edge resets nothing.
        assert hit("pdf:edge", 600, now=599) == (1, 600)
        assert hit("pdf:edge", 600, now=600) == (2, 599)
        assert hit("pdf:edge", 600, now=1198, cost=3) == (5, 1)
        # The first hit after the window has ended opens a new one from there.
        assert hit("pdf:edge", 600, now=1199) == (1, 600)
        assert hit("pdf:other", 600, now=1199) == (1, 600)
