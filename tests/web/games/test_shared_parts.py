"""The parts of a game page rendered once and shared between phones: each phone still gets what a
render of its own would have given it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.builders import full_game, game
from tests.web.helpers import Links, import_game


def live_part(page: str) -> str:
    """What the page holds inside its `#live` element (the part the polls replace)."""
    found = re.search(r'<div id="live"[^>]*>\n?(.*?)</div>\n<p class="live-status"', page, re.S)
    assert found, page[:500]
    return found.group(1)


@pytest.mark.parametrize("doc", [game(), full_game()], ids=["new", "complete"])
@pytest.mark.parametrize(
    ("lang", "digits"), [("en", ""), ("fa", "persian"), ("fa", ""), ("hr", ""), ("fr", "")]
)
def test_the_read_only_page_holds_its_live_fragment(
    app: Flask, client: FlaskClient, doc: dict[str, object], lang: str, digits: str
) -> None:
    links = import_game(app, doc)
    client.set_cookie("lang", lang)
    client.set_cookie("digits", digits)
    fragment = client.get(f"{links.view}/live").text  # rendered first: the page finds it made
    assert live_part(client.get(links.view).text).strip() == fragment.strip()


def test_the_links_to_copy_start_with_the_address_asked_at(app: Flask, client: FlaskClient) -> None:
    links: Links = import_game(app, game())
    for host in ("scores.example", "other.example", "scores.example"):
        page = client.get(links.view, headers={"Host": host}).text
        live = client.get(f"{links.view}/live", headers={"Host": host}).text
        for html in (page, live):
            shown = set(re.findall(r'value="(https?://[^/"]+)/v/', html))
            assert shown == {f"http://{host}"}, (host, shown)


def test_the_edit_links_buttons_get_new_ids_and_the_askers_token(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    links = import_game(app, full_game())
    seen: set[str] = set()
    for _ in range(2):
        phone = app.test_client()
        for url in (links.edit, f"{links.edit}/live", links.edit):
            html = phone.get(url).text
            assert "mark-" not in html
            ids = re.findall(r'name="submission" type="hidden" value="([0-9a-f]{32})"', html)
            assert ids and not seen & set(ids), ids  # never handed out before
            seen |= set(ids)
            tokens = set(re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', html))
            assert len(tokens) == 1
            with phone.session_transaction() as session:
                assert "csrf_token" in session  # the token shown is this phone's session's


def test_a_button_from_the_shared_part_is_accepted(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    links = import_game(app, full_game())
    app.test_client().get(links.edit)  # another phone made the part of this state
    phone = app.test_client()
    html = phone.get(links.edit).text
    undo = re.search(r'<form method="post" action="([^"]+/undo)">(.*?)</form>', html, re.S)
    assert undo
    fields = dict(re.findall(r'name="([a-z_]+)" type="hidden" value="([^"]*)"', undo.group(2)))
    assert set(fields) == {"csrf_token", "version", "submission"}
    assert phone.post(undo.group(1), data=fields).status_code == 303
