"""Persian digits where numbers are rendered: every page the app offers, crawled in Persian with Persian
digits, shows no Western digit in its text (sheets, totals, dates, translated sentences with numbers
in them, messages next to fields, charts); and in Persian with Western digits, no Persian one."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.builders import full_game, worked_example
from tests.fuzz.forms import read

from .digits import persian_digits, western_digits
from .helpers import WORKED_DEAL_2, create_game, import_game, new_game_form, post_deal

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FAMILY = ("barbu-3", "barbette", "barbu-5", "french-3", "french-5")
# A link or address to copy is not a number: its digits are the address's.
WESTERN_DIGIT, PERSIAN_DIGIT = re.compile("[0-9]"), re.compile("[۰-۹]")
ADDRESS = re.compile(r"(https?://|/)[^\s]*")
FIGURES = {"s0_0": "-26", "s1_2": "-38"}
SKIPPED = (".pdf", "export.", "/lang/", "/digits/", ".svg", "/static/", "/live")


def _seeded(app: Flask, client: FlaskClient) -> list[str]:
    """Games of every kind, a group with tables, a kept paper check: the pages to start from."""
    games = [
        import_game(app, worked_example()),
        import_game(app, full_game(ravage_city=True)),
        *(import_game(app, json.loads((EXAMPLES / f"{name}.json").read_text())) for name in FAMILY),
    ]
    group = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    token = group.rsplit("/", 1)[1]
    for names in (["Ann", "Beth", "Cat", "Diana"], ["anne", "BETH", "Cat", "Dina"]):
        table = client.post("/new", data={**new_game_form(names), "group": token}).headers["Location"]
        client.post(
            f"{table}/deal", data={"contract": "barbu", "king": "2", "version": _stamp(client, table)}
        )
    client.post(f"{games[1].edit}/summary", data={"stake": "0.10", "currency": "EUR"})
    kept = client.post("/check/sheet?game=barbu", data={"action": "keep", **FIGURES})
    seeds = ["/", "/new", "/import", "/groups/new", "/groups/import", "/sheets/blank", "/check"]
    seeds += [kept.headers["Location"], group, group.replace("/gr/", "/gv/"), f"{group}?from=2026-01-01"]
    seeds += ["/check/sheet?game=barbu", "/check/sheet?game=french&players=5&sequence=fixed"]
    for links in games:
        edit, view = links.edit, links.view
        seeds += [edit, view, f"{edit}/history", f"{view}/deal/1", f"{edit}/deal/1/edit", f"{edit}/summary"]
        seeds += [f"{edit}/deal?contract={c}" for c in ("no-tricks", "dominoes", "trumps", "ravage-city")]
    return seeds


def _stamp(client: FlaskClient, edit: str) -> str:
    from .helpers import form_version

    return form_version(client.get(f"{edit}/deal?contract=barbu").text)


def _crawl(client: FlaskClient, seeds: list[str], limit: int = 400) -> dict[str, str]:
    """Every HTML page reachable from `seeds` by links, as `client` reads it."""
    queue, pages = list(seeds), {}
    while queue and len(pages) < limit:
        path = queue.pop(0).split("#")[0]
        if path in pages or any(s in path for s in SKIPPED):
            continue
        response = client.get(path)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        pages[path] = response.text
        queue.extend(read(path, response.text)[1])
    return pages


def _refusals(client: FlaskClient, app: Flask) -> dict[str, str]:
    """Pages of messages: a deal refused next to its fields, a stale deal, bad new-game and check
    forms, a bad zip, a missing page."""
    links = create_game(client)
    bad = {"contract": "no-tricks", **{f"tricks_{s}": "4" for s in range(4)}}
    worked = import_game(app, worked_example())
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("broken.json", "{")  # a name without digits: the player's, shown as given
    return {
        "deal refused": post_deal(client, links, bad).text,
        "deal on a stale sheet": post_deal(client, worked, WORKED_DEAL_2, version="0.1").text,
        "new game refused": client.post("/new", data={"player_0": "Ann", "first_declarer": "x"}).text,
        "custom points": client.post("/new", data={**new_game_form(), "scheme": "custom"}).text,
        "check": client.post(
            "/check/sheet?game=barbu", data={"action": "check", "s0_0": "-26", "s1_2": "-38"}
        ).text,
        "zip refused": client.post(
            "/groups/import",
            data={"file": (io.BytesIO(archive.getvalue()), "g.zip")},
            content_type="multipart/form-data",
        ).text,
        "not found": client.get("/g/nothing-here").text,
        "dates refused": client.get("/groups/new").text,
    }


@pytest.fixture
def persian(client: FlaskClient) -> FlaskClient:
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "persian")
    return client


def test_no_western_digit_is_left_in_any_page(app: Flask, persian: FlaskClient) -> None:
    pages = _crawl(persian, _seeded(app, persian))
    pages.update(_refusals(persian, app))
    assert len(pages) > 60, sorted(pages)
    left: dict[str, str] = {}  # each piece of text with a Western digit, and a page that shows it
    for path, html in pages.items():
        for text in western_digits(html):
            left.setdefault(text, path)
    left = {text: path for text, path in left.items() if not ADDRESS.fullmatch(text)}
    assert not left, "\n".join(f"{text!r} on {path}" for text, path in sorted(left.items()))
    assert "(0123)</a>" in pages["/"]  # the switch back shows what Western digits look like
    # And the numbers are there, in Persian: the pages are not empty of figures.
    assert all(persian_digits(html) for path, html in pages.items() if path.startswith("/g/"))


def test_western_digits_stay_western(app: Flask, client: FlaskClient) -> None:
    client.set_cookie("lang", "fa")
    pages = _crawl(client, _seeded(app, client), limit=80)
    assert not {path: found for path, html in pages.items() if (found := persian_digits(html))}


@pytest.mark.parametrize("url", ["{edit}/sheet.pdf", "{edit}/sheet.pdf?paper=letter", "/sheets/blank.pdf"])
def test_the_pdfs_have_persian_digits_too(app: Flask, persian: FlaskClient, url: str) -> None:
    links = import_game(app, full_game(ravage_city=True))
    response = persian.get(url.format(edit=links.edit))
    assert response.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert PERSIAN_DIGIT.search(text)
    assert not WESTERN_DIGIT.search(text.replace("UTC", "")), text


def test_a_template_first_rendered_in_persian_digits_keeps_them_to_persian_readers(
    app: Flask, persian: FlaskClient
) -> None:
    """Jinja works out a filter of a constant when it compiles a template, once per server: the
    digits must still follow each request ("A4" is the paper's name on the blank-sheet form)."""
    assert "<span>A۴</span>" in persian.get("/sheets/blank").text
    other = app.test_client()
    assert "<span>A4</span>" in other.get("/sheets/blank").text
    assert "<span>A۴</span>" in persian.get("/sheets/blank").text
