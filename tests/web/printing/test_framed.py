"""A filled sheet drawn over its grid, laid out once and kept (`printing.framed`), is the sheet the
whole render makes: the same letters on each page and the same picture, to the pixel, in every
language, paper and orientation, whatever the game's options; and a game's next sheet lays out only
its page."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.scoring import GAMES, Game, Rules, dump
from scorekeeper.scoring.options import Flag, Number, Rotation
from scorekeeper.web.printing import cells, filled, framed, lines, weasy
from tests.builders import worked_example
from tests.unit.family import play_on
from tests.web.helpers import import_game

NAMES = ("Ann", "Bob", "Cyrus", "Dora")


class _Noon(datetime):
    @classmethod
    def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
        return datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _one_minute() -> Iterator[None]:
    """Both renders of a sheet print the same time: its header carries the minute, and two
    renders a second apart may fall on either side of one. Kept apart from the tests'
    `monkeypatch`, which they undo between renders."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(filled, "datetime", _Noon)
        yield


def _options(top: bool) -> Rules:
    """Four-player Barbu, as it comes or with every flag on and every number at its highest."""
    kind = GAMES["barbu"]
    chosen: dict[str, Any] = {}
    if top:
        chosen["rotation"] = Rotation.EVERY_DEAL
        for option in kind.options:
            if isinstance(option, Flag):
                chosen[option.key] = True
            elif isinstance(option, Number):
                chosen[option.key] = option.high
    return Rules.of(kind, 4, **chosen)


def _both(app: Flask, client: FlaskClient, url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, bytes]:
    """The sheet at `url` drawn over its grid, then rendered whole (the cache emptied between)."""
    from scorekeeper.web.printing import cache

    drawn = client.get(url).data
    monkeypatch.setattr(framed, "write", lambda *args: None)
    monkeypatch.setattr(cache, "get", lambda *args: None)
    whole = client.get(url).data
    monkeypatch.undo()
    return drawn, whole


def _letters(data: bytes) -> list[list[str]]:
    """Each page's letters, in no order: which text comes first in a page's drawing differs."""
    return [sorted("".join(page.extract_text().split())) for page in PdfReader(io.BytesIO(data)).pages]


def _pixels_apart(one: bytes, other: bytes) -> tuple[int, int]:
    """How many pixels of the two PDFs' pages at 100 dpi differ at all, and how many there are."""
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "poppler-utils' pdftoppm is needed"
    with tempfile.TemporaryDirectory() as folder:
        grey = []
        for name, data in (("one", one), ("other", other)):
            path = Path(folder) / f"{name}.pdf"
            path.write_bytes(data)
            subprocess.run([pdftoppm, "-r", "100", "-gray", str(path), str(Path(folder) / name)], check=True)
            grey.append([p.read_bytes() for p in sorted(Path(folder).glob(f"{name}-*.pgm"))])
    assert len(grey[0]) == len(grey[1])
    apart = total = 0
    for a, b in zip(*grey, strict=True):
        assert len(a) == len(b)
        header = a[: a.index(b"255\n") + 4]
        apart += sum(1 for x, y in zip(a[len(header) :], b[len(header) :], strict=True) if x != y)
        total += len(a) - len(header)
    return apart, total


@pytest.mark.parametrize(
    ("lang", "paper", "orientation", "top", "deals"),
    [
        ("en", "a4", "portrait", False, 28),
        ("fa", "letter", "portrait", False, 28),
        ("fr", "a4", "landscape", True, 17),
        ("hr", "letter", "landscape", False, 9),
        ("fa", "a4", "portrait", True, 11),
    ],
)
def test_the_sheet_over_its_grid_is_the_whole_render(
    app: Flask,
    client: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    paper: str,
    orientation: str,
    top: bool,
    deals: int,
) -> None:
    rules = _options(top)
    links = import_game(app, dump(play_on(Game(NAMES, 0, rules), deals)))
    client.set_cookie("lang", lang)
    drawn: list[int] = []
    real = lines.draw
    monkeypatch.setattr(lines, "draw", lambda *args: (drawn.append(1), real(*args)))
    one, other = _both(
        app, client, f"{links.view}/sheet.pdf?paper={paper}&orientation={orientation}", monkeypatch
    )
    assert drawn, "the sheet was not drawn over its grid"
    assert _letters(one) == _letters(other)
    apart, total = _pixels_apart(one, other)
    assert apart == 0, (apart, total)


def test_one_tables_sheets_on_each_paper_have_grids_of_their_own(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The paper's stylesheet is part of what a grid and its looks are kept under: the same
    table printed on A4 upright, then across, then on Letter, is each time its whole render."""
    rules = _options(False)
    links = import_game(app, dump(play_on(Game(NAMES, 0, rules), 12)))
    client.set_cookie("lang", "fr")
    real = lines.draw
    for query in ("paper=a4", "paper=a4&orientation=landscape", "paper=letter"):
        drawn: list[int] = []

        def counted(*args: Any, drawn: list[int] = drawn) -> None:
            drawn.append(1)
            real(*args)

        monkeypatch.setattr(lines, "draw", counted)
        one, other = _both(app, client, f"{links.view}/sheet.pdf?{query}", monkeypatch)
        assert drawn, query
        assert _letters(one) == _letters(other), query
        apart, total = _pixels_apart(one, other)
        assert apart == 0, (query, apart, total)


def test_a_games_next_sheet_lays_out_only_its_page(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = _options(False)
    first = import_game(app, dump(play_on(Game(NAMES, 0, rules), 5)))
    assert client.get(f"{first.view}/sheet.pdf").status_code == 200
    layouts: list[int] = []
    real = weasy._laid_out
    monkeypatch.setattr(weasy, "_laid_out", lambda *args: (layouts.append(1), real(*args))[1])
    later = import_game(app, dump(play_on(Game(NAMES, 0, rules), 6)))  # the same table, a deal on
    data = client.get(f"{later.view}/sheet.pdf").data
    assert len(PdfReader(io.BytesIO(data)).pages) == 2 and len(layouts) == 1


def test_a_cell_with_other_markup_is_rendered_whole(app: Flask, client: FlaskClient) -> None:
    assert cells.parse('<b>A</b> Barbu <span class="circled">B</span><span class="box"></span>') is not None
    assert cells.parse("<i>A</i>") is None
    assert cells.parse('<span class="box">x</span>') is None
    assert cells.parse('<span class="other">B</span>') is None
    links = import_game(app, worked_example())
    assert client.get(f"{links.view}/sheet.pdf").status_code == 200


def test_white_space_is_collapsed_as_a_nowrap_line_shows_it() -> None:
    pieces = cells.parse("<b>A</b>  No   tricks ♠ *  ")
    assert pieces == (cells.Piece("bold", "A"), cells.Piece("text", " No tricks ♠ *"))


def test_a_grid_drawn_by_one_server_is_what_the_others_draw_over(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The grid is kept in the database: another process (its memory empty) lays out the table's
    header and one row of each kind for the fonts and looks, not the grid, and draws the same
    sheet."""
    from scorekeeper.storage.models import SheetCacheRow
    from tests.web.helpers import count_rows

    monkeypatch.setattr(framed, "_kept", framed._Kept())  # this process draws it
    rules = _options(False)
    client.set_cookie("lang", "fa")
    first = import_game(app, dump(play_on(Game(NAMES, 0, rules), 8)))
    assert client.get(f"{first.view}/sheet.pdf").status_code == 200
    assert count_rows(app, SheetCacheRow) == 1  # the grid
    framed._kept.__init__()  # another process
    layouts: list[str] = []
    real = weasy._laid_out
    monkeypatch.setattr(weasy, "_laid_out", lambda html, *rest: (layouts.append(html), real(html, *rest))[1])
    later = import_game(app, dump(play_on(Game(NAMES, 0, rules), 9)))
    url = f"{later.view}/sheet.pdf"
    drawn: list[int] = []
    real_draw = lines.draw
    monkeypatch.setattr(lines, "draw", lambda *args: (drawn.append(1), real_draw(*args)))
    one = client.get(url).data
    assert drawn and len(layouts) == 2 and count_rows(app, SheetCacheRow) == 1
    assert "sheet-slot" in layouts[1] and layouts[0].count('class="deal"') < 4  # the rows with struts
    monkeypatch.undo()
    one, other = _both(app, client, url, monkeypatch)
    assert _letters(one) == _letters(other)
    apart, total = _pixels_apart(one, other)
    assert apart == 0, (apart, total)


def test_the_render_process_is_given_the_kept_grid_and_hands_back_a_new_one() -> None:
    from scorekeeper.web.printing.renderer import Renderer

    html = _sheet_html()
    renderer, other = Renderer(), Renderer()
    try:
        pdf, drawn = renderer.render(html)
        assert drawn is not None and len(PdfReader(io.BytesIO(pdf)).pages) == 2
        assert renderer.render(html, drawn)[1] is None  # kept, not drawn again
        again, none = other.render(html, drawn)  # another worker's, given the grid the first drew
        assert none is None and _letters(again) == _letters(pdf)
    finally:
        renderer.close()
        other.close()


def _sheet_html() -> str:
    from bench.pdf import sheet_html

    return sheet_html("en", "a4", "portrait")


def test_a_grid_kept_by_a_server_with_other_fonts_is_drawn_here_and_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorekeeper.web.printing import grids
    from scorekeeper.web.printing.weasy import StaticOnlyFetcher, render_sheet

    html = _sheet_html()
    monkeypatch.setattr(framed, "_kept", framed._Kept())
    _, drawn = render_sheet(html, StaticOnlyFetcher())
    assert drawn is not None
    grid = grids.Grid.load(drawn)
    assert grid is not None and grid.files
    grid.files = dict.fromkeys(grid.files, "another file")
    framed._kept.__init__()
    draws: list[int] = []
    real = grids.draw
    monkeypatch.setattr(grids, "draw", lambda *args: (draws.append(1), real(*args))[1])
    pdf, again = render_sheet(html, StaticOnlyFetcher(), grid.dump())
    assert draws == [1] and again is None and len(PdfReader(io.BytesIO(pdf)).pages) == 2
    assert grids.Grid.load(b"not a grid") is None
