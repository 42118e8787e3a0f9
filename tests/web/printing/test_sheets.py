"""Printable sheets: read the PDFs back and find every figure where it belongs."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.app import signed
from scorekeeper.present.report import score_document
from scorekeeper.storage.models import PdfCacheRow
from scorekeeper.web.printing import render, weasy
from tests.builders import full_game, worked_example
from tests.web.helpers import count_rows, export, import_game, renamed

PAPERS = [(p, o) for p in ("a4", "letter") for o in ("portrait", "landscape")]


def pages(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text(extraction_mode="layout") for page in reader.pages]


def sheet_page(data: bytes) -> str:
    """The text of a filled sheet's first page; the second holds the running-totals chart."""
    text, chart = pages(data)
    assert "Running totals" in chart
    return text


def row_lines(text: str) -> dict[int, str]:
    """The printed deal rows, by deal number."""
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\s*(\d{1,2})(?:\s{2,}(.*))?$", line)
        if found:
            rows[int(found.group(1))] = found.group(2) or ""
    return rows


def numbers(line: str) -> list[int]:
    return [int(n.replace("−", "-").replace("+", "")) for n in re.findall(r"[−+]?\d+", line)]


@pytest.mark.parametrize(("paper", "orientation"), PAPERS)
@pytest.mark.parametrize("contracts", ["n", "y"], ids=["seven", "ravage-city"])
def test_blank_sheet_is_one_page_with_a_row_per_deal(
    client: FlaskClient, paper: str, orientation: str, contracts: str
) -> None:
    query = f"paper={paper}&orientation={orientation}&ravage_city={contracts}&player_0=Ann&player_2=Cat"
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    [text] = pages(response.data)
    deals = 32 if contracts == "y" else 28
    assert sorted(row_lines(text)) == list(range(1, deals + 1))
    assert text.count("Running total") == 4
    assert text.count("Doubles of the declarer") == 4
    assert re.search(r"Ann\s+\(A\)", text) and re.search(r"Cat\s+\(C\)", text)
    flat = " ".join(text.split())
    assert "No tricks −2/trick" in flat and "circle a double of the declarer" in flat
    assert ("Ravage −36" in flat) == (contracts == "y")


def test_blank_sheet_form(client: FlaskClient) -> None:
    page = client.get("/sheets/blank").text
    assert 'action="/sheets/blank.pdf"' in page
    assert 'name="paper"' in page and 'name="orientation"' in page and 'name="ravage_city"' in page


@pytest.mark.parametrize(("paper", "orientation"), PAPERS)
@pytest.mark.parametrize("ravage", [False, True], ids=["seven", "ravage-city"])
def test_filled_sheet_shows_every_figure(
    app: Flask, client: FlaskClient, paper: str, orientation: str, ravage: bool
) -> None:
    doc = full_game(ravage_city=True) if ravage else full_game()
    links = import_game(app, doc)
    scored = score_document(export(client, links.edit))
    response = client.get(f"{links.view}/sheet.pdf?paper={paper}&orientation={orientation}")
    text = sheet_page(response.data)
    rows = row_lines(text)
    assert sorted(rows) == list(range(1, len(doc["hands"]) + 1))
    for hand in scored["hands"]:
        expected = [v for name in scored["players"] for v in (hand["raw"][name], hand["score"][name])]
        assert numbers(rows[hand["number"]]) == [*expected, hand["contract_total"]], hand["number"]
    ranking = " · ".join(
        f"{i}. {name} {signed(total)}"
        for i, (name, total) in enumerate(sorted(scored["totals"].items(), key=lambda kv: -kv[1]), start=1)
    )
    assert ranking in " ".join(text.split())
    assert "every deal adds up to its contract total: passed" in text


def test_a_game_in_progress_prints_the_rest_blank(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    text = sheet_page(client.get(f"{links.edit}/sheet.pdf").data)
    rows = row_lines(text)
    assert numbers(rows[1]) == [-6, -12, 0, 24, -6, -12, -12, -24, -24]
    assert numbers(rows[2]) == [0, 8, -6, -8, -20, -36, -4, 6, -30]
    assert all(numbers(rows[n]) == [] for n in range(3, 29))
    assert "Final ranking" not in text


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(["نگار", "رضا", "مریم", "علی"], id="persian"),
        pytest.param(["Željka", "Đuro", "Čedo", "Šime"], id="croatian"),
        pytest.param(["<b>Ann</b>", "Beth & Co", '"Cat"', "D'Ana"], id="html-characters"),
    ],
)
def test_names_in_any_script_print_as_written(app: Flask, client: FlaskClient, names: list[str]) -> None:
    links = import_game(app, renamed(worked_example(), names))
    text = sheet_page(client.get(f"{links.edit}/sheet.pdf").data)
    for name in names:
        # Text read back from a PDF comes in visual order: right-to-left names reversed.
        assert name in text or name[::-1] in text, name


def fonts(data: bytes) -> set[str]:
    """The names of the fonts the first page's text is drawn with."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    return {str(font.get_object()["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}


def runs(data: bytes) -> list[tuple[float, float, str]]:
    """The first page's pieces of text as drawn: (x, y, text), from the top left."""
    found: list[tuple[float, float, str]] = []

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            found.append((tm[4], tm[5], text.strip()))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=seen)
    return found


def test_emoji_and_cjk_names_print_as_glyphs_and_long_names_keep_their_letter(
    app: Flask, client: FlaskClient
) -> None:
    long = "Anne-Sophie-Marie-Christine-Jean-Baptist"  # 40 characters
    names = [long, "李雷韩梅梅", "🃏😀🎲", "Zoë"]
    data = client.get(f"{import_game(app, renamed(full_game(), names)).edit}/sheet.pdf").data
    text = sheet_page(data)
    # Drawn with fonts that have the glyphs (Debian's Noto CJK, and Symbola's emoji or a colour emoji
    # font's where one is installed), not boxes.
    used = fonts(data)
    assert any("CJK" in f for f in used) and any("Symbola" in f or "Emoji" in f for f in used), used
    for name in names[1:]:
        assert name in text, name
    # The long name is cut short (with an ellipsis, which the text layer does not hold) so that its
    # letter shows in its own columns, before the next player's name.
    head = [r for r in runs(data) if r[1] < 120]
    start = next(x for x, _y, t in head if t.startswith("Anne-Sophie"))
    letter = next(x for x, _y, t in head if t == "(A)")
    after = next(x for x, _y, t in head if t.startswith("李雷"))
    assert start < letter < after - 10, head


HOSTILE = [  # names of at most 40 characters, as the game allows
    '<img src="file:///etc/passwd">',
    "<link rel=stylesheet href=//x.y/a>",
    "<style>@import 'http://x.y/a'</style>",
    '<svg><image href="/etc/hostname"/></svg>',
]


def test_hostile_names_fetch_nothing(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetched: list[str] = []
    original = render.StaticOnlyFetcher.fetch

    def spy(self: render.StaticOnlyFetcher, url: str, headers: object = None) -> object:
        fetched.append(url)
        return original(self, url, headers)

    monkeypatch.setattr(render.StaticOnlyFetcher, "fetch", spy)
    # Stylesheets are parsed once per thread (weasy._Kept): start from none, so that they are
    # fetched here, through the fetcher, as a render on a fresh server fetches them.
    monkeypatch.setattr(weasy, "_kept", weasy._Kept())
    links = import_game(app, renamed(worked_example(), HOSTILE))
    text = sheet_page(client.get(f"{links.edit}/sheet.pdf").data)
    assert '<img src="file:///etc/passwd">' in text  # printed as text
    assert "root:" not in text
    assert fetched and all(url.startswith(render.BASE_URL) for url in fetched)
    blank = client.get("/sheets/blank.pdf?player_0=" + HOSTILE[0])
    assert blank.status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://192.0.2.1/x.css",
        "https://example.invalid/font.woff",
        "data:text/css,body{}",
        render.BASE_URL + "../pyproject.toml",
        render.BASE_URL + "css/../../README.md",
    ],
)
def test_the_fetcher_refuses_everything_outside_static(url: str) -> None:
    fetcher = render.StaticOnlyFetcher()
    with pytest.raises(ValueError):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_a_stylesheet_outside_static_is_refused_and_left_out() -> None:
    fetcher = render.StaticOnlyFetcher()
    head = '<link rel="stylesheet" href="file:///etc/passwd"><link rel="stylesheet" href="css/sheet.css">'
    [sheet] = weasy._stylesheets(head, fetcher)
    assert fetcher.refused == ["file:///etc/passwd"] and sheet.page_rules


def test_the_fetcher_serves_static_files() -> None:
    response = render.StaticOnlyFetcher().fetch(render.BASE_URL + "css/sheet.css")
    assert b"@page" in response.read()


def test_a_filled_sheet_is_cached_per_version_and_paper(app: Flask, client: FlaskClient, monkeypatch) -> None:
    links = import_game(app, worked_example())
    calls: list[int] = []
    original = render.pdf
    monkeypatch.setattr(render, "pdf", lambda html, **kw: calls.append(1) or original(html, **kw))
    first = client.get(f"{links.edit}/sheet.pdf").data
    again = client.get(f"{links.view}/sheet.pdf").data
    assert first == again and len(calls) == 1
    client.get(f"{links.edit}/sheet.pdf?paper=letter")
    assert len(calls) == 2 and count_rows(app, PdfCacheRow) == 2
    # A new deal makes a new version: the old sheets are dropped when the new one is stored.
    from tests.web.helpers import enter

    enter(client, links, {"contract": "barbu", "king": "1"})
    text = sheet_page(client.get(f"{links.edit}/sheet.pdf").data)
    assert len(calls) == 3 and count_rows(app, PdfCacheRow) == 1
    assert numbers(row_lines(text)[3]) == [0, 0, -20, -20, 0, 0, 0, 0, -20]
