"""Pages that carry an edit link, crawled as a phone that opened games and groups would: every one is
sent no-store and marked private for the service worker, whatever its address; the session cookie
(which lists the device's links) travels only on private answers, never with a static file or a
304.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import re
import uuid

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.common.security import PRIVATE_HEADER
from tests.web.groups.test_groups import create_group, start_game
from tests.web.helpers import WORKED_DEAL_1, create_game, enter

from .forms import read

pytestmark = pytest.mark.postgres


def _phone_with_history(client: FlaskClient) -> tuple[list[str], list[str]]:
    """A phone that started a group, played in it, opened a game's read-only link and kept a check:
    (edit tokens it knows, pages to start crawling from)."""
    group_edit, group_view = create_group(client, "Club")
    table = start_game(client, group_edit)
    enter(client, table, WORKED_DEAL_1)
    alone = create_game(client)
    client.get(alone.view)
    client.get(alone.edit)  # its edit link first in the device's list: /new offers it to play again
    kept = client.post("/check/sheet?game=barbu", data={"action": "keep", "s0_0": "-26"})
    check = kept.headers["Location"].split("?")[0]
    secrets = [link.rsplit("/", 1)[1] for link in (group_edit, table.edit, alone.edit, check)]
    seeds = [
        "/",
        "/new",
        f"/new?group={secrets[0]}",
        check,
        group_edit,
        group_view,
        table.edit,
        table.view,
        alone.edit,
        alone.view,
        f"{table.edit}/summary",
        f"{table.view}/summary",
        f"{table.edit}/deal/1",
        f"{table.edit}/history",
        "/check",
        "/sheets/blank",
        "/offline",
    ]
    return secrets, seeds


def _crawl(client: FlaskClient, seeds: list[str], limit: int = 80) -> dict[str, object]:
    """Every page reachable from `seeds` (same site, GET), with its answer."""
    queue, seen = list(seeds), {}
    while queue and len(seen) < limit:
        path = queue.pop(0)
        if path in seen or any(s in path for s in ("/lang/", "/digits/", ".pdf", "export.", "/forget")):
            continue
        response = client.get(path)
        seen[path] = response
        if response.status_code == 200 and response.mimetype == "text/html":
            queue.extend(link.split("#")[0] for link in read(path, response.get_data(as_text=True))[1])
    return seen


def test_every_page_that_carries_an_edit_link_is_private(app: Flask) -> None:
    client = app.test_client()
    secrets, seeds = _phone_with_history(client)
    pages = _crawl(client, seeds)
    carrying = []
    for path, response in pages.items():
        body = response.get_data(as_text=True)  # type: ignore[attr-defined]
        headers = response.headers  # type: ignore[attr-defined]
        if any(secret in body for secret in secrets):
            carrying.append(path)
            assert headers.get("Cache-Control") == "no-store", path
            assert headers.get(PRIVATE_HEADER), path
        elif response.mimetype == "text/html":  # type: ignore[attr-defined]
            assert not headers.get(PRIVATE_HEADER), f"{path} carries no edit link but is marked private"
    # The pages the finding named are among them.
    for path in ("/", "/new", f"/new?group={secrets[0]}", seeds[3]):
        assert path in carrying, path


def test_the_session_cookie_travels_only_on_private_answers(app: Flask) -> None:
    client = app.test_client()
    _secrets, seeds = _phone_with_history(client)
    pages = _crawl(client, seeds)
    statics = set()
    for path, response in pages.items():
        html = response.get_data(as_text=True) if response.mimetype == "text/html" else ""  # type: ignore[attr-defined]
        statics |= set(re.findall(r'(?:src|href)="(/static/[^"]+)"', html))
        cookies = response.headers.getlist("Set-Cookie")  # type: ignore[attr-defined]
        if cookies:
            assert response.headers.get("Cache-Control") == "no-store", path  # type: ignore[attr-defined]
    assert statics
    for path in sorted(statics):
        with client.get(path) as response:
            assert response.status_code == 200 and not response.headers.getlist("Set-Cookie"), path
    # Polls that find nothing new, and pages seen again, carry no cookie either.
    for path in (seeds[5], seeds[7], seeds[9]):
        live = client.get(f"{path}/live")
        again = client.get(f"{path}/live", headers={"If-None-Match": live.headers["ETag"]})
        assert again.status_code == 304 and not again.headers.getlist("Set-Cookie"), path
        client.get(path)  # first in the device's list now
        assert not client.get(path).headers.getlist("Set-Cookie"), path
    for path in ("/offline", "/sheets/blank", "/check", "/sw.js"):
        assert not client.get(path).headers.getlist("Set-Cookie"), path


def test_a_changed_cookie_is_never_on_an_answer_a_cache_may_keep(app: Flask) -> None:
    client = app.test_client()
    game = create_game(client)
    first = client.get(game.view)  # the game goes first in the device's list
    assert first.headers.getlist("Set-Cookie")
    assert first.headers["Cache-Control"] == "no-store"
    assert not first.headers.get(PRIVATE_HEADER)  # its page itself carries no edit link
    other = app.test_client()
    assert not other.get(f"/v/{game.view_token}/live?{uuid.uuid4().hex}").headers.getlist("Set-Cookie")
