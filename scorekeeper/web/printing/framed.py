"""The filled sheet drawn as a grid laid out once and the deals written into it.

WeasyPrint spends most of a filled sheet's render on its table's ~500 cells: their styles, the
table's layout and its lines, before one figure is written (bench/targets.md). The grid (lines,
shading, the names' header, the deals' numbers, the rows' labels) is the same for every deal of a
game: `cells.split` cuts it out of the sheet, it is laid out and drawn once, and what WeasyPrint
drew is kept (`Grid`). A sheet is then the rest of its page laid out by WeasyPrint (header,
footer, chart; a slot of the grid's height where the table was), the kept drawing replayed into
the slot, and each cell's text shaped by Pango and drawn by WeasyPrint's own text drawing, where
its line would have put it.

The grids are kept per thread (Pango's objects are not shared between threads) and keyed by the
grid's whole HTML, the stylesheets being the app's own files, fixed while a process runs: a kept
grid is the one this very HTML would give, on any server. A sheet that does not fit its page, or
whose cells hold what `cells.parse` does not read, is rendered whole (`weasy.write` is told None).
"""

from __future__ import annotations

import copy
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from weasyprint import CSS
from weasyprint.document import Document
from weasyprint.pdf.stream import Stream

from . import fit, lines
from .cells import Split, split
from .tree import boxes, classes

KEPT = 24  # grids per thread: a club evening's tables, each in the papers its players print


@dataclass
class Grid:
    """A grid as WeasyPrint drew it: its drawing, the fonts and states it used, where its table
    starts and how tall it is, and each deal cell's shape, in the table's order."""

    ops: list[Any]
    fonts: dict[str, Any]
    states: dict[str, Any]
    top: float
    height: float
    shapes: list[lines.Shape]


class _Kept(threading.local):
    def __init__(self) -> None:
        self.grids: OrderedDict[str, Grid] = OrderedDict()
        # A font's whole file, once for all the grids that use it (a Font copies it when made).
        self.files: dict[str, bytes] = {}


_kept = _Kept()

Layout = Callable[[str, list[CSS]], Document]  # HTML and stylesheets to a laid-out document


def write(html: str, laid_out: Layout, stylesheets: list[CSS], config: Any) -> bytes | None:
    """The sheet's PDF drawn over its kept grid, or None when it must be rendered whole."""
    parts = split(html)
    if parts is None:
        return None
    grid = _grid(parts, laid_out, stylesheets)
    if grid is None or len(grid.shapes) != len(parts.cells):
        return None
    slot = CSS(string=f".sheet-slot {{ height: {grid.height}px; }}", font_config=config)
    document = laid_out(parts.page, [*stylesheets, slot])
    if fit.spill(document):  # the sheet does not fit its page with these rows: rendered whole
        return None
    page = document.pages[0]
    top = _slot_top(page)
    if top is None:
        return None
    painted = page.paint

    def paint(stream: Stream, scale: float = 1) -> None:
        painted(stream, scale)
        _replay(stream, document, grid, top - grid.top, scale)
        with stream.stacked():
            stream.transform(a=scale, d=scale)
            for shape, pieces in zip(grid.shapes, parts.cells, strict=True):
                if pieces:
                    lines.draw(stream, shape, pieces, top - grid.top)

    page.paint = paint
    data: bytes = document.write_pdf()
    return data


def _slot_top(page: Any) -> float | None:
    for box in boxes(page._page_box):
        if "sheet-slot" in classes(box):
            return float(box.position_y)
    return None


def _grid(parts: Split, laid_out: Layout, stylesheets: list[CSS]) -> Grid | None:
    key = hashlib.sha256(parts.grid.encode()).hexdigest()
    grid = _kept.grids.get(key)
    if grid is not None:
        _kept.grids.move_to_end(key)
        return grid
    grid = _draw_grid(laid_out(parts.grid, stylesheets))
    if grid is not None:
        _kept.grids[key] = grid
        while len(_kept.grids) > KEPT:
            _kept.grids.popitem(last=False)
    return grid


def _draw_grid(document: Document) -> Grid | None:
    """Draw the grid's page as WeasyPrint would into a PDF, and keep what it drew."""
    if len(document.pages) != 1:
        return None
    page = document.pages[0]
    table = next((b for b in boxes(page._page_box) if getattr(b, "element_tag", None) == "table"), None)
    if table is None:
        return None
    resources: dict[str, Any] = {kind: {} for kind in ("ExtGState", "XObject", "Pattern", "Shading")}
    resources["ColorSpace"] = None
    fonts: dict[str, Any] = {}
    stream = Stream(fonts, (0, 0, page.width, page.height), resources, {}, None, {}, None, compress=False)
    page.paint(stream, 1)
    for key, font in fonts.items():
        font.file_content = _kept.files.setdefault(key, font.file_content)
    if resources["XObject"] or resources["Pattern"] or resources["Shading"]:
        return None  # a grid drawn with more than lines, fills and text is not replayed
    return Grid(
        ops=list(stream.stream),
        fonts=fonts,
        states=dict(resources["ExtGState"]),
        top=float(table.position_y),
        height=float(table.margin_height()),
        shapes=lines.shapes(table),
    )


def _replay(stream: Stream, document: Document, grid: Grid, dy: float, scale: float) -> None:
    """The grid's drawing into this page's stream, moved down to the slot; its fonts' glyphs
    and its states added to the document's, which the PDF's font subsets are made from."""
    for key, font in grid.fonts.items():
        mine = document.fonts.get(key)
        if mine is None:
            mine = copy.copy(font)
            mine.widths, mine.to_unicode = dict(font.widths), dict(font.to_unicode)
            mine.variations, mine.missing = dict(font.variations), dict(font.missing)
            document.fonts[key] = mine
        else:
            mine.widths.update(font.widths)
            mine.to_unicode.update(font.to_unicode)
    states = stream._resources["ExtGState"]
    for name, state in grid.states.items():
        states.setdefault(name, copy.copy(state))
    with stream.stacked():
        # The grid was drawn from the page's corner in pixels (its `paint` at scale 1): here the
        # page's points, so scaled, and moved to where this page's slot is.
        stream.transform(a=scale, d=scale, f=dy * scale)
        stream.stream.extend(grid.ops)
