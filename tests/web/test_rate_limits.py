"""Rate limits per client address on creating, importing and printing: 429 with a page saying when."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper.storage import db, store
from scorekeeper.storage.limits import hit
from scorekeeper.storage.models import ChangeRow, GameRow, RateLimitRow
from scorekeeper.storage.rows import Conflict
from scorekeeper.web.common.errors import _wait
from tests.builders import full_game, worked_example

from .helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    count_rows,
    create_game,
    enter,
    import_game,
    new_game_form,
    play_again,
    post_deal,
    text_of,
)

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


def _changes_counted(app: Flask) -> int:
    with app.app_context():
        rows = db.session().scalars(select(RateLimitRow).where(RateLimitRow.key.startswith("change:")))
        return sum(row.hits for row in rows)


@pytest.mark.postgres
def test_a_change_is_counted_in_its_own_save_and_a_refusal_is_counted_too(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(LIMIT_CHANGE=[1, WINDOW])
    client = app.test_client()
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    assert _changes_counted(app) == 1
    before = count_rows(app, ChangeRow)
    for tries in (2, 3):
        assert post_deal(client, links, WORKED_DEAL_2).status_code == 429
        assert _changes_counted(app) == tries
    assert count_rows(app, ChangeRow) == before


def test_a_change_another_phone_saved_first_is_still_counted(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(LIMIT_CHANGE=[5, WINDOW])
    client = app.test_client()
    links = create_game(client)
    before = count_rows(app, ChangeRow)

    def lost(*_args: object, **_values: object) -> int:
        raise Conflict  # as the conditional UPDATE answers when another phone saved first

    monkeypatch.setattr(store, "bump", lost)
    assert post_deal(client, links, WORKED_DEAL_1).status_code == 409
    assert count_rows(app, ChangeRow) == before
    assert _changes_counted(app) == 1
