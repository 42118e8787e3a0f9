"""A filled sheet's cell as WeasyPrint's inline layout would set its line: where each cell is
and how its pieces look, read off the grid's layout (`shapes`), and the line drawn (`draw`): its
texts shaped by Pango (kept shaped per style), aligned, centred in the cell, right to left where
the sheet is, with WeasyPrint's own text drawing; circles and boxes drawn as the stylesheet draws
them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from weasyprint.draw.text import draw_emojis, draw_first_line
from weasyprint.matrix import Matrix
from weasyprint.pdf.stream import Stream
from weasyprint.text.line_break import create_layout, line_size, strut

from .cells import Piece
from .tree import boxes, classes


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


@dataclass(frozen=True)
class Place:
    """Where one cell's line goes (CSS px, on the grid's page), and which kind of cell it is:
    its row's and its own classes, the struts' key."""

    x: float  # the content box's left and width: what the line is aligned in
    width: float
    clip_x: float  # the padding box: what `overflow: hidden` cuts at, and the line is centred in
    clip_width: float
    y: float
    height: float
    clip: bool
    kind: str


def _cells(table: Any) -> Iterator[tuple[str, Any]]:
    """The body's cells but each row's first, in the table's order, with their kind."""
    for group in boxes(table):
        if getattr(group, "element_tag", None) != "tbody":
            continue
        for row in group.children:
            shape = " ".join(sorted(classes(row)))
            for cell in row.children[1:]:
                yield f"{shape}|{' '.join(sorted(classes(cell)))}|{cell.colspan}", cell


def places(table: Any) -> list[Place]:
    """Every deal cell's place, in the table's order."""
    # A middle-aligned cell's padding holds its content's shift: the padding box is what a line
    # of any height is centred in.
    return [
        Place(
            x=cell.content_box_x(),
            width=cell.width,
            clip_x=cell.position_x + cell.margin_left + cell.border_left_width,
            clip_width=cell.padding_width(),
            y=cell.position_y + cell.margin_top + cell.border_top_width,
            height=cell.padding_height(),
            clip=cell.style["overflow"] != "visible",
            kind=kind,
        )
        for kind, cell in _cells(table)
    ]


def struts(table: Any) -> dict[str, Strut]:
    """What each kind of cell's strut shows, from the rows that have one."""
    found: dict[str, Strut] = {}
    for kind, cell in _cells(table):
        shown = _strut(cell)
        if shown is not None:
            found.setdefault(kind, shown)
    return found


def _strut(cell: Any) -> Strut | None:
    """What a row's hidden strut (`cells.STRUT`) shows of its cell's pieces, or None without one."""
    inside = list(boxes(cell))
    holder = next((b for b in inside if "strut" in classes(b)), None)
    if holder is None:
        return None
    texts = [b for b in boxes(holder) if hasattr(b, "pango_layout") and b.text]
    circled = next(b for b in boxes(holder) if "circled" in classes(b))
    box = next(b for b in boxes(holder) if "box" in classes(b))
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


def draw(stream: Stream, shape: Place, look: Strut, pieces: tuple[Piece, ...], dy: float) -> None:
    """Lay out one cell's line as WeasyPrint's inline layout would, and draw it."""
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
    """A black border `border` wide inside the rectangle, or round in it as `border-radius: 50%`,
    drawn as WeasyPrint draws a solid border of one colour: the border box and the padding box
    filled even-odd, their corners' curves as its `rounded_box` makes them."""
    stream.set_color_rgb(0, 0, 0)
    for inset in (border, 0.0):
        left, top, w, h = x + inset, y + inset, width - 2 * inset, height - 2 * inset
        if not round_:
            stream.rectangle(left, top, w, h)
            continue
        rx, ry = max(0.0, width / 2 - inset), max(0.0, height / 2 - inset)
        r = 0.45  # WeasyPrint's control points, a little inside a true quarter ellipse's
        stream.move_to(left + rx, top)
        stream.line_to(left + w - rx, top)
        stream.curve_to(left + w - rx * r, top, left + w, top + ry * r, left + w, top + ry)
        stream.line_to(left + w, top + h - ry)
        stream.curve_to(left + w, top + h - ry * r, left + w - rx * r, top + h, left + w - rx, top + h)
        stream.line_to(left + rx, top + h)
        stream.curve_to(left + rx * r, top + h, left, top + h - ry * r, left, top + h - ry)
        stream.line_to(left, top + ry)
        stream.curve_to(left, top + ry * r, left + rx * r, top, left + rx, top)
    stream.fill(even_odd=True)
    stream._current_color = None
