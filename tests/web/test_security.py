"""Security: a strict Content-Security-Policy and nothing inline, names escaped everywhere, names in any
script, and CSRF protection on every change."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import BARBU
from scorekeeper.storage.models import ChangeRow, DealRow, GameRow
from tests.builders import PLAYERS, full_game, game, worked_example

from .helpers import (
    VIEW_LINK,
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    Links,
    count_rows,
    create_game,
    enter,
    export,
    form_version,
    import_game,
    new_game_form,
    post_deal,
    renamed,
    text_of,
)
from .strict_pages import in_force, inline_code

CONTRACTS = [c.id for c in BARBU.contracts]


def _every_page(app: Flask, client: FlaskClient, names: list[str]) -> dict[str, str]:
    """Every screen, the refusals and the changed page included, rendered for a game of `names`."""
    pages: dict[str, str] = {"home (empty)": client.get("/").text, "new game": client.get("/new").text}
    refused = client.post("/new", data=new_game_form([names[0], names[1], names[0], names[3]]))
    pages["new game refused"] = refused.text
    links = create_game(client, names)
    pages["game page, no deals"] = client.get(links.edit).text
    for contract in CONTRACTS[:-1]:
        pages[f"entry {contract}"] = client.get(f"{links.entry}?contract={contract}").text
    pages["entry refused"] = post_deal(client, links, {"contract": "barbu", "dbl_0_1": "y", "king": "1"}).text
    enter(client, links, WORKED_DEAL_1)
    pages["changed (409)"] = post_deal(client, links, WORKED_DEAL_2, version="0").text
    enter(client, links, WORKED_DEAL_2)
    pages["correction"] = client.get(f"{links.edit}/deal/1/edit").text
    pages["correction refused"] = client.post(
        f"{links.edit}/deal/1/edit", data={**WORKED_DEAL_1, "contract": "no-hearts", "version": "2"}
    ).text
    pages["undo refused (409)"] = client.post(f"{links.edit}/undo", data={"version": "0"}).text
    for kind, link in (("edit", links.edit), ("view", links.view)):
        pages[f"game page ({kind})"] = client.get(link).text
        pages[f"deal detail ({kind})"] = client.get(f"{link}/deal/2").text
        pages[f"history ({kind})"] = client.get(f"{link}/history").text
    pages["home (recent games)"] = client.get("/").text
    pages["entry, choose the contract"] = client.get(
        import_game(app, renamed(worked_example(), names)).entry
    ).text
    ravage = import_game(app, renamed(game(ravage_city=True), names))
    pages["entry ravage-city"] = client.get(f"{ravage.entry}?contract=ravage-city").text
    pages["final ranking"] = client.get(
        import_game(app, renamed(full_game(ravage_city=True), names)).edit
    ).text
    pages["404"] = client.get("/no/such/page").text
    return pages


def test_every_response_carries_a_strict_content_security_policy(client: FlaskClient) -> None:
    links = create_game(client)
    for path in ["/", "/new", links.edit, f"{links.edit}/export.json", "/nowhere", "/static/js/deal.js"]:
        with client.get(path) as response:
            csp = response.headers.get("Content-Security-Policy", "")
        assert in_force(csp, "script-src") == ["'self'"], path
        assert in_force(csp, "style-src") == ["'self'"], path
        assert in_force(csp, "connect-src") in (["'self'"], ["'none'"]), path
        assert in_force(csp, "object-src") == ["'none'"], path
        assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp, path


def test_other_security_headers(client: FlaskClient) -> None:
    headers = client.get("/").headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] in ("same-origin", "no-referrer")  # the edit link never leaves the site


def test_the_inline_code_finder_is_not_blind() -> None:
    for html in [
        "<script>alert(1)</script>",
        "<style>p{}</style>",
        '<p style="color:red">',
        '<a onclick="x()">',
    ]:
        assert inline_code(html), html
    assert not inline_code('<script src="/static/js/deal.js" defer></script><p class="x">style=</p>')


def test_no_page_has_inline_script_or_style(app: Flask, client: FlaskClient) -> None:
    pages = _every_page(app, client, PLAYERS)
    found = {name: inline_code(html) for name, html in pages.items() if inline_code(html)}
    assert found == {}
    scripts = {src for html in pages.values() for src in re.findall(r'<script[^>]*src="([^"]+)"', html)}
    for src in scripts:
        assert src.startswith("/static/")
        with client.get(src) as response:
            assert response.status_code == 200


HOSTILE = ["<script>alert(1)</script>", "<b>&", "Cat\"' onmouseover=x", "Diana"]


def test_player_names_are_escaped_everywhere(app: Flask, client: FlaskClient) -> None:
    pages = _every_page(app, client, HOSTILE)
    for name, html in pages.items():
        assert "<script>alert(1)</script>" not in html, name
        assert "<b>&" not in html, name
        assert "Cat\"'" not in html, name
    shown = [name for name, html in pages.items() if "&lt;script&gt;alert(1)&lt;/script&gt;" in html]
    assert len(shown) >= 15, shown
    game_page = pages["game page (edit)"]
    assert "&lt;b&gt;&amp;" in game_page
    assert "Cat&#34;&#39; onmouseover=x" in game_page
    # Messages that name players are escaped too.
    assert (
        "&lt;script&gt;alert(1)&lt;/script&gt; can only redouble players who doubled them, not &lt;b&gt;&amp;"
        in (pages["entry refused"])
    )


def test_hostile_names_round_trip_through_the_export(client: FlaskClient) -> None:
    links = create_game(client, HOSTILE)
    assert export(client, links.view)["players"] == HOSTILE


NAMES_IN_SCRIPTS = [
    pytest.param(["مریم", "علی", "Ана", "Đurđa"], id="Persian, Cyrillic, Croatian"),
    pytest.param(["Šime", "Žana", "Ćiro", "Čedo"], id="Croatian"),
    pytest.param(["Ёжик", "Анна", "Борис", "Вера"], id="Cyrillic"),
    pytest.param(["李", "😀 Joy", "Zoë", "Ω"], id="CJK, emoji, accents"),
]


@pytest.mark.parametrize("names", NAMES_IN_SCRIPTS)
def test_names_in_any_script_work(app: Flask, client: FlaskClient, names: list[str]) -> None:
    pages = _every_page(app, client, names)
    for page in ("game page (edit)", "deal detail (view)", "entry no-hearts", "final ranking"):
        text = text_of(pages[page])
        for name in names:
            assert name in text, (page, name)
    assert "Ann" not in text_of(pages["game page (edit)"])


def test_names_in_any_script_score_by_name(client: FlaskClient) -> None:
    names = ["مریم", "Ёжик", "Đurđa", "Šime"]
    links = create_game(client, names)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    assert export(client, links.edit)["hands"][1]["result"]["ace"] == "Đurđa"
    assert "Running total −4 +16 −48 −18" in text_of(client.get(links.edit).text)


class TestCsrf:
    """With CSRF on, a POST without the token is refused (400) and changes nothing."""

    @staticmethod
    def _token(html: str) -> str:
        found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
        assert found, "no CSRF token on the page"
        return found.group(1)

    @pytest.fixture
    def phone(self, csrf_app: Flask) -> FlaskClient:
        return csrf_app.test_client()

    def _game(self, phone: FlaskClient) -> Links:
        token = self._token(phone.get("/new").text)
        response = phone.post("/new", data={**new_game_form(), "csrf_token": token})
        assert response.status_code == 303
        edit = response.headers["Location"]
        view = re.search(VIEW_LINK, phone.get(edit).text)
        assert view
        return Links(edit, view.group(1))

    def test_new_game_without_token(self, csrf_app: Flask, phone: FlaskClient) -> None:
        assert phone.post("/new", data=new_game_form()).status_code == 400
        assert count_rows(csrf_app, GameRow) == 0

    def test_new_game_with_a_wrong_token(self, csrf_app: Flask, phone: FlaskClient) -> None:
        assert phone.post("/new", data={**new_game_form(), "csrf_token": "forged"}).status_code == 400
        assert count_rows(csrf_app, GameRow) == 0

    def test_deal_undo_and_play_again_without_token(self, csrf_app: Flask, phone: FlaskClient) -> None:
        links = self._game(phone)
        page = phone.get(f"{links.entry}?contract=no-queens").text
        assert (
            phone.post(links.entry, data={**WORKED_DEAL_1, "version": form_version(page)}).status_code == 400
        )
        assert count_rows(csrf_app, DealRow) == 0

        accepted = phone.post(
            links.entry,
            data={**WORKED_DEAL_1, "version": form_version(page), "csrf_token": self._token(page)},
        )
        assert accepted.status_code == 303
        for path in ("/undo", "/again", "/deal/1/edit"):
            assert (
                phone.post(f"{links.edit}{path}", data={**WORKED_DEAL_1, "version": "1"}).status_code == 400
            )
        assert (count_rows(csrf_app, GameRow), count_rows(csrf_app, DealRow)) == (1, 1)
        assert count_rows(csrf_app, ChangeRow) == 2

    def test_a_token_from_another_device_is_refused(self, csrf_app: Flask, phone: FlaskClient) -> None:
        token = self._token(csrf_app.test_client().get("/new").text)
        assert phone.post("/new", data={**new_game_form(), "csrf_token": token}).status_code == 400
        assert count_rows(csrf_app, GameRow) == 0
