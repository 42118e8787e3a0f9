"""Compressed answers: a read-only live fragment is compressed once for every phone that follows the
game, and decodes to exactly what an uncompressed answer carries."""

from __future__ import annotations

import gzip

import brotli
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import assets
from tests.builders import worked_example

from .helpers import WORKED_DEAL_1, enter, import_game


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
