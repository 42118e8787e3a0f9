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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from weasyprint import CSS
from weasyprint.document import Document
from weasyprint.draw.text import draw_emojis, draw_first_line
from weasyprint.matrix import Matrix
from weasyprint.pdf.stream import Stream
from weasyprint.text.line_break import create_layout, line_size, strut

from . import fit
from .cells import Piece, Split, split

KEPT = 24  # grids per thread: a club evening's tables, each in the papers its players print


@dataclass
class Strut:
    """A cell's pieces as its row's hidden strut showed them: the text's style (with the cell's
    direction and alignment), the bold one's, and the circle's and the box's sizes (CSS px)."""

    style: Any
    bold: Any
    circle: tuple[float, float, float, float]  # left and right extra, top from the baseline, height
    circle_border: float
    box: tuple[float, float, float, float]  # margin-box width, left margin, top from baseline, height
    box_border: float
    # Text shaped in this style, kept with the grid: a sheet's figures repeat (0, -6, +20 ...).
    shaped: dict[tuple[bool, str], tuple[Any, float]] = field(default_factory=dict)


@dataclass
class Shape:
    """Where one cell's line goes (CSS px) and how its pieces look."""

    x: float  # the content box's left and width: what the line is aligned in
    width: float
    clip_x: float  # the padding box: what `overflow: hidden` cuts at, and the line is centred in
    clip_width: float
    y: float
    height: float
    strut: Strut
    clip: bool


@dataclass
class Grid:
    """A grid as WeasyPrint drew it: its drawing, the fonts and states it used, where its table
    starts and how tall it is, and each deal cell's shape, in the table's order."""

    ops: list[Any]
    fonts: dict[str, Any]
    states: dict[str, Any]
    top: float
    height: float
    shapes: list[Shape]


class _Kept(threading.local):
    def __init__(self) -> None:
        self.grids: OrderedDict[str, Grid] = OrderedDict()
        # A font's whole file, once for all the grids that use it (a Font copies it when made).
        self.files: dict[str, bytes] = {}


_kept = _Kept()

Layout = Callable[[str, list[CSS]], Document]  # HTML and stylesheets to a laid-out document


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", None) or ():
        yield from _boxes(child)


def _classes(box: Any) -> set[str]:
    element = getattr(box, "element", None)
    return set((element.get("class") or "").split()) if element is not None else set()


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
                    _draw_cell(stream, shape, pieces, top - grid.top)

    page.paint = paint
    data: bytes = document.write_pdf()
    return data


def _slot_top(page: Any) -> float | None:
    for box in _boxes(page._page_box):
        if "sheet-slot" in _classes(box):
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
    table = next((b for b in _boxes(page._page_box) if getattr(b, "element_tag", None) == "table"), None)
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
        shapes=_shapes(table),
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


def _shapes(table: Any) -> list[Shape]:
    """Every deal cell's shape, in the table's order: the body's cells but each row's first."""
    shapes: list[Shape] = []
    struts: dict[str, Strut] = {}
    for group in _boxes(table):
        if getattr(group, "element_tag", None) != "tbody":
            continue
        for row in group.children:
            kind = " ".join(sorted(_classes(row)))
            for index, cell in enumerate(row.children):
                if index == 0:
                    continue
                shape_key = f"{kind}|{' '.join(sorted(_classes(cell)))}|{cell.colspan}"
                found = _strut(cell)
                if found is not None:
                    struts[shape_key] = found
                seen = struts.get(shape_key)
                if seen is None:
                    return []
                # A middle-aligned cell's padding holds its content's shift: the padding box is
                # what a line of any height is centred in.
                shapes.append(
                    Shape(
                        x=cell.content_box_x(),
                        width=cell.width,
                        clip_x=cell.position_x + cell.margin_left + cell.border_left_width,
                        clip_width=cell.padding_width(),
                        y=cell.position_y + cell.margin_top + cell.border_top_width,
                        height=cell.padding_height(),
                        strut=seen,
                        clip=cell.style["overflow"] != "visible",
                    )
                )
    return shapes


def _strut(cell: Any) -> Strut | None:
    """What a row's hidden strut (`cells.STRUT`) shows of its cell's pieces, or None without one."""
    inside = list(_boxes(cell))
    holder = next((b for b in inside if "strut" in _classes(b)), None)
    if holder is None:
        return None
    texts = [b for b in _boxes(holder) if hasattr(b, "pango_layout") and b.text]
    circled = next(b for b in _boxes(holder) if "circled" in _classes(b))
    box = next(b for b in _boxes(holder) if "box" in _classes(b))
    plain = texts[0]
    bold = next(t for t in texts if t.style["font_weight"] > plain.style["font_weight"] or t is texts[1])
    baseline = plain.position_y + plain.baseline
    circle = (
        circled.margin_left + circled.border_left_width + circled.padding_left,
        circled.padding_right + circled.border_right_width + circled.margin_right,
        circled.position_y + circled.margin_top - baseline,
        circled.border_height(),
    )
    top = box.position_y + box.margin_top - baseline
    square = (box.margin_width(), box.margin_left, top, box.border_height())
    # Pieces are laid out with the cell's own style (its direction, alignment, white space), in
    # the font the strut's text had there.
    # The strut is hidden; its pieces are not.
    style, strong = plain.style.copy(), bold.style.copy()
    for name in ("direction", "text_align_all", "text_align_last", "white_space"):
        style[name] = cell.style[name]
    style["visibility"] = strong["visibility"] = "visible"
    return Strut(style, strong, circle, circled.border_top_width, square, box.border_top_width)


SHAPED = 4096  # texts kept shaped per style; past that, shaped again each time


def _shaped(look: Strut, text: str, bold: bool) -> tuple[Any, float]:
    """The Pango layout of `text` in the cell's style (or its bold one) and its width."""
    found = look.shaped.get((bold, text))
    if found is None:
        style = look.bold if bold else look.style
        layout = create_layout(text, style, None, None, 0)
        line, _ = layout.get_first_line()
        found = layout, line_size(line, style)[0]
        if len(look.shaped) < SHAPED:
            look.shaped[(bold, text)] = found
    return found


class _Text:
    """What WeasyPrint's `draw_text` reads of a text box."""

    def __init__(self, text: str, style: Any, layout: Any, x: float, y: float) -> None:
        import weasyprint.text.ffi as ffi

        self.text = text
        self.style = style
        self.pango_layout = layout
        self.position_x = x
        self.baseline = ffi.pango.pango_layout_get_baseline(layout.layout) * ffi.FROM_UNITS
        self.position_y = y - self.baseline
        self.width = 0.0


def _draw_cell(stream: Stream, shape: Shape, pieces: tuple[Piece, ...], dy: float) -> None:
    """Lay out one cell's line as WeasyPrint's inline layout would, and draw it."""
    look = shape.strut
    laid: list[tuple[Piece, Any, float]] = []  # piece, its Pango layout, its advance
    for piece in pieces:
        if piece.kind == "box":
            laid.append((piece, None, look.box[0]))
            continue
        layout, width = _shaped(look, piece.text, piece.kind == "bold")
        laid.append(
            (piece, layout, width + (look.circle[0] + look.circle[1] if piece.kind == "circled" else 0))
        )
    total = sum(advance for *_, advance in laid)
    # The line box: the text's strut and any box, centred in the cell as a middle-aligned cell's
    # content is.
    line_height, strut_baseline = strut(look.style)
    top, bottom = -strut_baseline, line_height - strut_baseline
    if any(piece.kind == "box" for piece, *_ in laid):
        top, bottom = min(top, look.box[2]), max(bottom, look.box[2] + look.box[3])
    baseline = shape.y + dy + (shape.height - (bottom - top)) / 2 - top
    rtl = look.style["direction"] == "rtl"
    align = look.style["text_align_all"]
    if align in ("left", "right"):
        align = "start" if (align == "left") ^ rtl else "end"
    free = max(shape.width - total, 0.0)
    offset = {"start": 0.0, "center": free / 2}.get(align, free)
    x = shape.x + (shape.width - offset - total if rtl else offset)
    with stream.stacked():
        if shape.clip:
            stream.rectangle(shape.clip_x, shape.y + dy, shape.clip_width, shape.height)
            stream.clip()
            stream.end()
        for piece, layout, advance in reversed(laid) if rtl else laid:  # a right-to-left line's
            if piece.kind == "box":  # pieces go from the right, as WeasyPrint orders them
                width = advance - 2 * look.box[1]
                _frame(stream, x + look.box[1], baseline + look.box[2], width, look.box[3], look.box_border)
            else:
                style = look.bold if piece.kind == "bold" else look.style
                left = x + (look.circle[0] if piece.kind == "circled" else 0)
                _draw_text(stream, _Text(piece.text, style, layout, left, baseline))
                if piece.kind == "circled":
                    top = baseline + look.circle[2]
                    _frame(stream, x, top, advance, look.circle[3], look.circle_border, round_=True)
            x += advance


def _draw_text(stream: Stream, text: _Text) -> None:
    """WeasyPrint's `draw_text` for a line without decorations, its layout kept as it was made
    (`draw_text` would set it up anew first)."""
    stream.set_color(text.style["color"])
    stream.begin_text()
    matrix = Matrix(d=-1, e=text.position_x, f=text.position_y + text.baseline)
    emojis = draw_first_line(stream, text, "clip", "none", matrix)
    stream.end_text()
    draw_emojis(stream, text.style, text.position_x, text.position_y + text.baseline, emojis)


def _frame(
    stream: Stream, x: float, y: float, width: float, height: float, border: float, round_: bool = False
) -> None:
    """A black border `border` wide inside the rectangle, or the ellipse it holds."""
    inset = border / 2
    left, top, w, h = x + inset, y + inset, width - border, height - border
    stream.set_color_rgb(0, 0, 0, stroke=True)
    stream.set_line_width(border)
    if not round_:
        stream.rectangle(left, top, w, h)
    else:
        k = 0.5522847498  # a quarter ellipse as one Bézier curve
        rx, ry, cx, cy = w / 2, h / 2, left + w / 2, top + h / 2
        stream.move_to(cx + rx, cy)
        stream.curve_to(cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
        stream.curve_to(cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
        stream.curve_to(cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
        stream.curve_to(cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
    stream.stroke()
    stream._current_color_stroke = None
