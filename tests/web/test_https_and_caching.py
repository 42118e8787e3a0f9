"""HTTPS: Secure cookies and HSTS when the request came over HTTPS (directly, or from a trusted proxy);
no-store on everything that carries an edit link or a whole game; download names without row ids."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.builders import worked_example

from .helpers import create_game, import_game, renamed


def _cookies(response: object) -> list[str]:
    return response.headers.getlist("Set-Cookie")  # type: ignore[attr-defined,no-any-return]


def test_over_https_cookies_are_secure_and_hsts_is_sent(client: FlaskClient) -> None:
    links = create_game(client)
    # The read-only link goes first in the device's list: the cookie changes and is sent.
    response = client.get(links.view, base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    [session] = [c for c in _cookies(response) if c.startswith("session=")]
    assert "Secure" in session and "HttpOnly" in session
    lang = client.get("/lang/fr", base_url="https://localhost")
    assert all("Secure" in c for c in _cookies(lang))


def test_over_plain_http_there_is_no_hsts(client: FlaskClient) -> None:
    links = create_game(client)
    response = client.get(links.view)
    assert "Strict-Transport-Security" not in response.headers
    [session] = [c for c in _cookies(response) if c.startswith("session=")]
    assert "Secure" not in session


def test_x_forwarded_proto_counts_only_from_a_trusted_proxy(make_app: Callable[..., Flask]) -> None:
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.1"}
    untrusted = make_app().test_client()
    assert "Strict-Transport-Security" not in untrusted.get("/", headers=https).headers
    trusted = make_app(TRUSTED_PROXIES=1).test_client()
    assert "Strict-Transport-Security" in trusted.get("/", headers=https).headers


@pytest.mark.parametrize(
    "suffix", ["", "/deal?contract=barbu", "/history", "/deal/1", "/export.json", "/export.csv", "/live"]
)
def test_edit_pages_are_never_stored(app: Flask, client: FlaskClient, suffix: str) -> None:
    links = import_game(app, worked_example())
    response = client.get(links.edit + suffix)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("trusted", [0, 1])
def test_behind_nginx_a_read_only_live_answer_is_kept_to_the_end_of_its_second(
    make_app: Callable[..., Flask], trusted: int
) -> None:
    """nginx keeps the read-only live answers (deploy/nginx-site.conf) as X-Accel-Expires says: to
    the end of the second the answer was made in (by this server's clock), so that a follower sees
    a deal at most a second late. Never the edit link's; and no such header without a proxy."""
    app = make_app(TRUSTED_PROXIES=trusted)
    client = app.test_client()
    links = import_game(app, worked_example())
    before = int(time.time())
    view = client.get(f"{links.view}/live")
    again = client.get(f"{links.view}/live", headers={"If-None-Match": view.headers["ETag"]})
    after = int(time.time())
    edit = client.get(f"{links.edit}/live")
    assert (view.status_code, again.status_code, edit.status_code) == (200, 304, 200)
    assert "X-Accel-Expires" not in edit.headers
    for answer in (view, again):
        assert answer.headers["Cache-Control"] == "no-cache"  # phones ask each time all the same
        if trusted:
            assert before <= int(answer.headers["X-Accel-Expires"].removeprefix("@")) <= after
        else:
            assert "X-Accel-Expires" not in answer.headers


@pytest.mark.parametrize("suffix", ["/export.json", "/export.csv", "/sheet.pdf"])
def test_exports_are_never_stored(app: Flask, client: FlaskClient, suffix: str) -> None:
    links = import_game(app, worked_example())
    assert client.get(links.view + suffix).headers["Cache-Control"] == "no-store"


def test_the_start_page_lists_edit_links_so_it_is_never_stored(client: FlaskClient) -> None:
    assert client.get("/").headers["Cache-Control"] == "no-store"


def test_view_pages_may_be_kept(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    # The first visit puts the game in the device's list: that answer sets the cookie, which
    # holds the list's links, so it is private; later visits change nothing and may be kept.
    first = client.get(links.view)
    assert first.headers["Cache-Control"] == "no-store" and _cookies(first)
    again = client.get(links.view)
    assert "no-store" not in again.headers.get("Cache-Control", "") and not _cookies(again)


@pytest.mark.parametrize("suffix", ["/export.json", "/export.csv", "/sheet.pdf"])
def test_downloads_are_named_by_players_and_date(app: Flask, client: FlaskClient, suffix: str) -> None:
    links = import_game(app, worked_example())
    disposition = client.get(links.view + suffix).headers["Content-Disposition"]
    assert "barbu-Ann-Beth-Cat-Diana-20" in disposition and suffix.split(".")[1] in disposition
    assert "barbu-game-1" not in disposition


def test_download_names_in_other_scripts_have_an_ascii_fallback(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, renamed(worked_example(), ["مریم", "Željka", "Ана", "Zoë"]))
    disposition = client.get(links.view + "/export.json").headers["Content-Disposition"]
    fallback = disposition.split('filename="', 1)[1].split('"', 1)[0]
    assert fallback.isascii() and fallback.startswith("barbu-") and "Zeljka" in fallback
    assert "filename*=UTF-8''barbu-%D9%85" in disposition
