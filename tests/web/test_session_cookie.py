"""The session cookie in its short form: the device's lists survive it (and a cookie written in
Flask's own form before it), nothing else is lost, and it is still signed."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from itsdangerous import BadSignature

from scorekeeper.web.common.session_cookie import pack, unpack
from tests.builders import worked_example

from .helpers import import_game


def _cookie(response: object) -> str:
    [cookie] = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]  # type: ignore[attr-defined]
    return cookie


@pytest.mark.parametrize(
    "data",
    [
        {"_permanent": True, "recent": ["v/abc-_1", "g/XYZ"]},
        {"recent": [], "csrf_token": "0123abcdef", "groups": ["gv/a"], "organiser": ["tok"]},
        {},
    ],
)
def test_the_short_form_says_what_the_session_held(data: dict[str, object]) -> None:
    text = pack(data)
    assert text is not None and unpack(text) == data


@pytest.mark.parametrize(
    "data",
    [
        {"other": ["a"]},
        {"recent": ["a b"]},
        {"recent": [""]},
        {"recent": [1]},
        {"_permanent": False},
        {"c": "x"},
    ],
)
def test_what_the_short_form_cannot_say_is_left_to_flask(data: dict[str, object]) -> None:
    assert pack(data) is None


def test_a_first_visit_sets_the_short_cookie_and_the_start_page_lists_the_game(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, worked_example())
    cookie = _cookie(client.get(links.view))
    assert cookie.startswith("session=~") and "Max-Age=31536000" in cookie and "Expires" not in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert links.view in client.get("/").text
    assert "Set-Cookie" not in client.get(links.view).headers  # the list did not change


def test_a_cookie_in_flasks_own_form_is_still_read(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    with app.test_request_context():
        old = SecureCookieSessionInterface().get_signing_serializer(app)
        assert old is not None
        value = old.dumps({"_permanent": True, "recent": [links.view.lstrip("/")]})
    client.set_cookie("session", value)
    assert links.view in client.get("/").text


def test_a_changed_cookie_is_not_believed(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    value = _cookie(client.get(links.view)).split(";")[0].removeprefix("session=")
    client.set_cookie("session", value.replace("~r:v/", "~r:g/"))
    assert links.view not in client.get("/").text and links.edit not in client.get("/").text


@pytest.mark.parametrize("value", ["~", "~.", "~r:v/x&p.Zz.Zz", "~zz=1.a.b", "~r:&&|.a.b", "garbage"])
def test_a_broken_cookie_is_an_empty_list(client: FlaskClient, value: str) -> None:
    client.set_cookie("session", value)
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("text", ["~zz", "~r;x", "~R:a"])
def test_a_signed_text_that_is_no_session_is_refused(text: str) -> None:
    with pytest.raises(BadSignature):
        unpack(text)
