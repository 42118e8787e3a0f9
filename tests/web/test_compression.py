"""Compressed answers: a read-only live fragment is compressed once for every phone that follows the
game, and decodes to exactly what an uncompressed answer carries."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import groups
from scorekeeper.web.common import assets
from tests.builders import worked_example

from .digits import western_digits
from .helpers import WORKED_DEAL_1, Links, create_game, enter, import_game


def test_the_live_fragment_is_compressed_once_and_decodes_to_the_plain_one(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, worked_example())
    live = f"{links.view}/live"
    plain = client.get(live, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    assets.ENCODED.clear()
    for encoding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        first = client.get(live, headers={"Accept-Encoding": encoding})
        again = client.get(live, headers={"Accept-Encoding": encoding})
        assert first.headers["Content-Encoding"] == encoding
        assert "Accept-Encoding" in first.headers["Vary"]
        assert first.headers["ETag"] == plain.headers["ETag"]
        assert decode(first.get_data()) == decode(again.get_data()) == plain.get_data()
    assert len(assets.ENCODED._items) == 2  # one body per encoding, however many asked


def test_a_new_version_is_never_answered_with_the_old_compressed_body(
    app: Flask, client: FlaskClient
) -> None:
    links = import_game(app, {**worked_example(), "hands": []})
    live = f"{links.view}/live"
    before = brotli.decompress(client.get(live, headers={"Accept-Encoding": "br"}).get_data())
    enter(client, links, WORKED_DEAL_1)
    after = brotli.decompress(client.get(live, headers={"Accept-Encoding": "br"}).get_data())
    plain = client.get(live, headers={"Accept-Encoding": "identity"}).get_data()
    assert after != before and after == plain


def test_a_groups_live_part_is_compressed_once_and_decodes_to_the_plain_one(client: FlaskClient) -> None:
    edit = client.post("/groups/new", data={"name": "Tuesday club"}).headers["Location"]
    live = f"{edit}/live"
    plain = client.get(live, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    packed = client.get(live, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.get_data()) == plain.get_data()


LANGS = ["en", "fa", "hr", "fr"]
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def _routes(app: Flask, client: FlaskClient) -> tuple[dict[str, str], Links]:
    """Every route whose answer is cached or compressed: live parts of a game and of a group on both
    links, the pages themselves, and static files."""
    group = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    view = re.search(r"/gv/[A-Za-z0-9_-]+", client.get(group).text)
    assert view
    links = create_game(client, group=group.rsplit("/", 1)[1])  # a table of the group
    view = view.group(0)
    page = client.get(links.view).text
    # Versioned addresses (as pages link them) are answered at the tightest level, once per file.
    versioned = {
        f"{name} (versioned)": found.group(0)
        for name, pattern in (
            ("stylesheet", r"/static/css/app\.css\?v=\w+"),
            ("script", r"/static/js/live\.js\?v=\w+"),
        )
        if (found := re.search(pattern, page))
    }
    assert len(versioned) == 2, page
    return {
        **versioned,
        "game live (view)": f"{links.view}/live",
        "game live (edit)": f"{links.edit}/live",
        "group live (edit)": f"{group}/live",
        "group live (view)": f"{view}/live",
        "game page": links.view,
        "group page": view,
        "start page": "/",
        "stylesheet": "/static/css/app.css",
        "script": "/static/js/live.js",
    }, links


@pytest.mark.parametrize("digits", ["western", "persian"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_cached_or_compressed_route_decodes_in_every_language(
    app: Flask, client: FlaskClient, lang: str, digits: str
) -> None:
    client.set_cookie("lang", lang)
    client.set_cookie("digits", digits)  # only Persian readers see it; everyone may send it
    routes, links = _routes(app, client)
    for round_ in ("first", "after a change"):
        for name, url in routes.items():
            with client.get(url, headers={"Accept-Encoding": "identity"}) as plain:
                assert plain.status_code == 200, (round_, name)
                expected, etag = plain.get_data(), plain.headers.get("ETag")
            for encoding, decode in DECODE.items():
                with client.get(url, headers={"Accept-Encoding": f"{encoding}, identity;q=0.5"}) as packed:
                    assert packed.status_code == 200, (round_, name, encoding)
                    assert packed.headers["Content-Encoding"] == encoding, (round_, name)
                    body, html = decode(packed.get_data()), packed.mimetype == "text/html"
                    if html:  # a static file's ETag names its encoding (Flask-Compress adds ":br")
                        assert packed.headers.get("ETag") == etag, (round_, name)
                # Pages and edit links carry a fresh one-time id each time: their bytes differ.
                if not html or "(view)" in name:
                    assert body == expected, (round_, name, encoding)
                if html and lang == "fa" and digits == "persian":
                    assert not western_digits(body.decode()), (round_, name)
        if round_ == "first":  # a deal changes the game, and so the group's night: new bodies
            enter(client, links, WORKED_DEAL_1)
            groups.STATES.clear()  # as STATE_TTL later


def test_a_static_files_etag_is_its_short_hash_and_answers_304(client: FlaskClient) -> None:
    """The ETag of a static file is the hash its address carries (`?v=`), the encoding added when
    it is sent compressed; asked again with it, the plain file is answered 304."""
    html = client.get("/").text
    url = re.search(r'href="(/static/css/app\.css\?v=(\w+))"', html)
    assert url, "the start page links app.css"
    address, version = url.group(1), url.group(2)
    with client.get(address, headers={"Accept-Encoding": "identity"}) as plain:
        assert plain.headers["ETag"] == f'"{version}"'
        assert plain.headers["Cache-Control"] == "max-age=31536000, immutable"
        assert not {"Expires", "Last-Modified", "Accept-Ranges"} & set(plain.headers.keys())
    with client.get(address, headers={"Accept-Encoding": "br"}) as packed:
        assert packed.headers["ETag"] == f'"{version}:br"'
    with client.get("/static/css/app.css", headers={"If-None-Match": f'"{version}"'}) as again:
        assert again.status_code == 304
    for missing in ("/static/css/none.css", "/static/../scorekeeper/app.py", "/static/css"):
        with client.get(missing) as response:
            assert response.status_code == 404, missing


def test_only_a_static_file_that_may_be_compressed_says_it_varies(client: FlaskClient) -> None:
    """The icon (too small to compress) is one answer to every browser: no Vary; a stylesheet is
    sent compressed or not, so says Vary: Accept-Encoding whichever it was sent."""
    for encoding in ("br", "identity"):
        with client.get("/static/icon.svg", headers={"Accept-Encoding": encoding}) as icon:
            assert icon.status_code == 200 and "Vary" not in icon.headers, encoding
        with client.get("/static/css/app.css", headers={"Accept-Encoding": encoding}) as css:
            assert "Accept-Encoding" in css.headers["Vary"], encoding


def test_the_read_only_page_is_compressed_once_for_every_phone(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    plain = client.get(links.view, headers={"Accept-Encoding": "identity"}).get_data()
    assets.ENCODED.clear()
    phones = [app.test_client() for _ in range(3)]
    bodies = [p.get(links.view, headers={"Accept-Encoding": "br"}) for p in phones]
    assert all(b.headers["Content-Encoding"] == "br" for b in bodies)
    assert len({b.get_data() for b in bodies}) == 1 and brotli.decompress(bodies[0].get_data()) == plain
    assert [k for k in assets.ENCODED._items if k[0] == "page"]  # kept once, for the next phone


def test_a_new_state_is_never_the_old_compressed_page(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, {**worked_example(), "hands": []})
    before = brotli.decompress(
        app.test_client().get(links.view, headers={"Accept-Encoding": "br"}).get_data()
    )
    enter(client, links, WORKED_DEAL_1)
    after = brotli.decompress(app.test_client().get(links.view, headers={"Accept-Encoding": "br"}).get_data())
    assert (
        after != before
        and after == client.get(links.view, headers={"Accept-Encoding": "identity"}).get_data()
    )
