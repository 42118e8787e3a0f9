"""The filled sheet drawn as a grid laid out once and the deals written into it.

WeasyPrint spends most of a filled sheet's render on its table's ~500 cells: their styles, the
table's layout and its lines, before one figure is written (bench/targets.md). The grid (lines,
shading, the names' header, the deals' numbers, the rows' labels) is the same for every deal of a
game: `cells.split` cuts it out of the sheet, it is laid out and drawn once, and what WeasyPrint
drew is kept (`Grid`: the drawing, the glyphs it used of each font, where each cell is). A sheet
is then the rest of its page laid out by WeasyPrint (header, footer, chart; a slot of the grid's
height where the table was), the kept drawing replayed into the slot, and each cell's line shaped
by Pango and drawn by WeasyPrint's own text drawing (`lines`).

A grid is plain data, kept in the database beside the blank sheets (`render` looks it up and
stores a new one), so every server and render process shares it; its key is a hash of the code's
revision and the grid's whole HTML, so a kept grid is the one this very HTML would draw. What a
grid cannot carry, the fonts' Pango objects and the cells' computed styles, comes from a small
document of the table's header and one row of each kind (`Split.struts`), laid out once per
process and thread (Pango's objects are not shared between threads) and kept in memory, as the
decoded grids are: both are pure functions of their HTML and the app's own static files, fixed
while a process runs, so right on every server. A sheet that does not fit its page, or whose
cells hold what `cells.parse` does not read, is rendered whole (`write` answers None).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pydyf
from weasyprint import CSS
from weasyprint.document import Document
from weasyprint.pdf.stream import Stream
from weasyprint.text.ffi import ffi, pango
from weasyprint.text.fonts import get_hb_object_data, get_pango_font_hb_face, get_pango_font_key
from weasyprint.text.line_break import create_layout

from scorekeeper.util.revision import REVISION

from . import fit, grids, lines
from .cells import split
from .grids import Grid
from .tree import boxes, classes

KEPT = 24  # grids per thread: a club evening's tables, each in the papers its players print


@dataclass
class Looks:
    """One row of each kind laid out: each kind of cell's strut, alive while the document is."""

    struts: dict[str, lines.Strut]
    document: Document


@dataclass
class Faces:
    """The Pango font of each key a grid's texts are set in, and a hash of its file (as
    `Grid.files`); with the layouts that hold them."""

    fonts: dict[int, Any]
    files: dict[int, str]
    layouts: list[Any]


class _Kept(threading.local):
    def __init__(self) -> None:
        self.grids: OrderedDict[str, Grid] = OrderedDict()
        self.looks: OrderedDict[str, Looks] = OrderedDict()
        self.faces: OrderedDict[str, Faces] = OrderedDict()


_kept = _Kept()

Layout = Callable[[str, list[CSS]], Document]  # HTML and stylesheets to a laid-out document


def grid_key(html: str) -> str | None:
    """The key the sheet's grid is kept under, or None for a document that is not a sheet."""
    parts = split(html)
    return None if parts is None else _key(parts.grid)


def _key(grid: str) -> str:
    return hashlib.sha256(f"grid:{REVISION}:{grid}".encode()).hexdigest()


def write(
    html: str, laid_out: Layout, stylesheets: list[CSS], config: Any, kept: bytes | None = None
) -> tuple[bytes, bytes | None] | None:
    """The sheet's PDF drawn over its grid (`kept`, as `Grid.dump` wrote it, or drawn now), and
    the grid to keep when none was handed in; None when the sheet must be rendered whole."""
    parts = split(html)
    if parts is None:
        return None
    key = _key(parts.grid)
    looks = _looks(parts.struts, laid_out, stylesheets)
    if not looks.struts:
        return None
    faces = _faces(key, parts.texts, looks)
    grid = _remembered(_kept.grids, key)
    if grid is None and kept is not None:
        grid = Grid.load(kept)
        if grid is not None and not _fits(grid, looks, faces, len(parts.cells)):
            grid = None  # kept by a server with other fonts: drawn here, for here
    if grid is None:
        grid = grids.draw(laid_out(parts.grid, stylesheets))
    if grid is None or not _fits(grid, looks, faces, len(parts.cells)):
        return None
    _remember(_kept.grids, key, grid)
    # Handed back whenever the database has none (pruned, restored, or drawn by this process
    # before), so the other servers find it there.
    drawn = grid.dump() if kept is None else None
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
        # After the page, as the whole render draws its header before its table: a glyph's
        # first width (its size's, rounded) is the one the PDF keeps, and the text drawn after
        # is placed against it.
        _add_glyphs(stream, grid, faces)
        dy = top - grid.top
        _replay(stream, grid, dy, scale)
        with stream.stacked():
            stream.transform(a=scale, d=scale)
            for place, pieces in zip(grid.places, parts.cells, strict=True):
                if pieces:
                    lines.draw(stream, place, looks.struts[place.kind], pieces, dy)

    page.paint = paint
    data: bytes = document.write_pdf()
    return data, drawn


def _fits(grid: Grid, looks: Looks, faces: Faces, cells: int) -> bool:
    """Whether the grid is one to draw these cells over with these fonts and looks."""
    return (
        len(grid.places) == cells
        and all(p.kind in looks.struts for p in grid.places)
        and all(faces.files.get(k) == digest for k, digest in grid.files.items())
    )


def _remembered(kept: OrderedDict[str, Any], key: str) -> Any:
    found = kept.get(key)
    if found is not None:
        kept.move_to_end(key)
    return found


def _remember(kept: OrderedDict[str, Any], key: str, value: Any) -> None:
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > KEPT:
        kept.popitem(last=False)


def _slot_top(page: Any) -> float | None:
    for box in boxes(page._page_box):
        if "sheet-slot" in classes(box):
            return float(box.position_y)
    return None


def _looks(html: str, laid_out: Layout, stylesheets: list[CSS]) -> Looks:
    key = hashlib.sha256(html.encode()).hexdigest()
    looks: Looks | None = _remembered(_kept.looks, key)
    if looks is None:
        document = laid_out(html, stylesheets)
        table = grids.table(document)
        looks = Looks(lines.struts(table) if table is not None else {}, document)
        _remember(_kept.looks, key, looks)
    return looks


def _faces(key: str, texts: tuple[str, ...], looks: Looks) -> Faces:
    """The fonts Pango sets the grid's texts in, plain and bold: the header, names and labels
    are in one or the other, and a font's key does not hold its size."""
    faces: Faces | None = _remembered(_kept.faces, key)
    if faces is None:
        strut = next(iter(looks.struts.values()))
        fonts: dict[int, Any] = {}
        layouts = []
        for style in (strut.style, strut.bold):
            for text in texts:
                layout = create_layout(text, style, None, None, 0)
                layouts.append(layout)
                run = pango.pango_layout_get_line_readonly(layout.layout, 0).runs
                while run != ffi.NULL:
                    font = run.data.item.analysis.font
                    fonts.setdefault(get_pango_font_key(font)[0], font)
                    run = run.next
        faces = Faces(fonts, {k: _file_hash(f) for k, f in fonts.items()}, layouts)
        _remember(_kept.faces, key, faces)
    return faces


def _file_hash(font: Any) -> str:
    """A hash of the Pango font's file, as a Font holds it (`grids.draw` hashes that)."""
    return hashlib.sha256(get_hb_object_data(get_pango_font_hb_face(font))).hexdigest()


def _add_glyphs(stream: Stream, grid: Grid, faces: Faces) -> None:
    """The grid's fonts' glyphs and its states added to the document's, which the PDF's font
    subsets are made from."""
    for key, (widths, texts) in grid.glyphs.items():
        font, _ = stream.add_font(faces.fonts[key])
        for glyph, width in widths.items():
            font.widths.setdefault(glyph, width)
        font.to_unicode.update(texts)
    states = stream._resources["ExtGState"]
    for name, state in grid.states.items():
        states.setdefault(name, pydyf.Dictionary(state))


def _replay(stream: Stream, grid: Grid, dy: float, scale: float) -> None:
    """The grid's drawing into this page's stream, moved down to the slot."""
    with stream.stacked():
        # The grid was drawn from the page's corner in pixels (its `paint` at scale 1): here the
        # page's points, so scaled, and moved to where this page's slot is.
        stream.transform(a=scale, d=scale, f=dy * scale)
        stream.stream.append(grid.ops)
