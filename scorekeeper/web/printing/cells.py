"""The filled sheet's table cut in two: the grid, the same for every deal of a game, and what its
body's cells say, which changes with each deal (`framed` draws the one and writes the other).

A body row's first cell (the deal's number, a row's label) is the grid's; every other cell of the
body is the deals'. A cell says text, bold text (a declarer's letter), letters in spans (doubles,
circled or not) and empty boxes (doubles still to write by hand): `parse` reads no other markup,
and a cell holding any is not split (None), so that the sheet is then rendered whole, as before.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

BODY = re.compile(r'<body class="[^"]*\bfilled\b[^"]*">')
TABLE = re.compile(r'<table class="sheet">.*?</table>', re.S)
ROW = re.compile(r"(<tr\b[^>]*>)(.*?)</tr>", re.S)
CELL = re.compile(r"(<td\b[^>]*>)(.*?)</td>", re.S)
PIECE = re.compile(r'<b>([^<]*)</b>|<span class="(circled|box|)">([^<]*)</span>|([^<]+)', re.S)
SPACES = re.compile(r"\s+")

# Hidden, in the grid's first row of each kind: what the cells' pieces look like there (their
# fonts, the circle's and the box's sizes), read off the grid's layout.
STRUT = '<span class="strut">0<b>0</b><span class="circled">0</span><span class="box"></span></span>'


@dataclass(frozen=True)
class Piece:
    """One piece of a cell's line: `kind` is text, bold, circled or box."""

    kind: str
    text: str = ""


@dataclass(frozen=True)
class Split:
    """The sheet's HTML without its table's deals (`grid`); the table's rows that hold a strut
    alone (`struts`: the looks of each kind of cell, the same for every table of a language and
    set of options); the rest of the page without the table (`page`, a slot in its place); each
    deal cell's pieces, in the table's order; and the grid's own texts."""

    grid: str
    struts: str
    page: str
    cells: tuple[tuple[Piece, ...], ...]
    texts: tuple[str, ...]  # what the grid itself says: the header's and each row's first cell


def parse(content: str) -> tuple[Piece, ...] | None:
    """A cell's pieces, white space collapsed as the sheet's `nowrap` does; None for markup
    not listed above."""
    pieces: list[Piece] = []
    at = 0
    for found in PIECE.finditer(content):
        if found.start() != at:
            return None
        at = found.end()
        bold, span, spanned, text = found.groups()
        if bold is not None:
            pieces.append(Piece("bold", html.unescape(bold)))
        elif span is not None:
            kind = {"circled": "circled", "box": "box", "": "text"}[span]
            if kind == "box" and spanned.strip():
                return None
            pieces.append(Piece(kind, "" if kind == "box" else html.unescape(spanned)))
        else:
            pieces.append(Piece("text", html.unescape(text)))
    if at != len(content):
        return None
    return _collapsed(pieces)


def _collapsed(pieces: list[Piece]) -> tuple[Piece, ...]:
    """Runs of white space as one space, none at the line's two ends: what a `nowrap` line
    shows (a space after a piece ending with one is dropped)."""
    out: list[Piece] = []
    after_space = True  # the line's start
    for piece in pieces:
        if piece.kind == "box":
            out.append(piece)
            after_space = False
            continue
        text = SPACES.sub(" ", piece.text)
        if after_space:
            text = text.lstrip(" ")
        if text:
            out.append(Piece(piece.kind, text))
            after_space = text.endswith(" ")
    while out and out[-1].kind != "box" and out[-1].text.endswith(" "):
        last = out.pop()
        if last.text.rstrip(" "):
            out.append(Piece(last.kind, last.text.rstrip(" ")))
    return tuple(out)


def split(sheet: str) -> Split | None:
    """The filled sheet cut in two, or None when it is not one (a blank sheet is all grid), has
    no table to cut, or a cell says more than the pieces above."""
    if BODY.search(sheet) is None:
        return None
    table = TABLE.search(sheet)
    if table is None or table.group().count("<tbody") == 0:
        return None
    head, body = table.group().split("</thead>", 1)
    cells: list[tuple[Piece, ...]] = []
    struts: set[str] = set()
    strut_rows: list[str] = []
    texts = _texts(head)
    failed = False

    def row(found: re.Match[str]) -> str:
        nonlocal failed
        kind = found.group(1)
        out = []
        holds = False
        for index, cell in enumerate(CELL.finditer(found.group(2))):
            tag, content = cell.groups()
            if index == 0:
                out.append(cell.group())
                texts.extend(_texts(content))
                continue
            pieces = parse(content)
            if pieces is None:
                failed = True
                return found.group()
            cells.append(pieces)
            shape = f"{kind}{tag}"
            strut = "" if shape in struts else STRUT
            holds = holds or bool(strut)
            struts.add(shape)
            out.append(f"{tag}{strut}</td>")
        made = kind + "".join(out) + "</tr>"
        if holds:
            strut_rows.append(made)
        return made

    grid_body = ROW.sub(row, body)
    if failed or not cells:
        return None
    grid_table = head + "</thead>" + grid_body
    start, end = table.span()
    grid = _grid_page(sheet[:start] + grid_table + sheet[end:])
    strut_table = '<table class="sheet"><tbody class="block">' + "".join(strut_rows) + "</tbody></table>"
    strut_page = _grid_page(sheet[:start] + strut_table + sheet[end:])
    page = sheet[:start] + '<div class="sheet-slot"></div>' + sheet[end:]
    return Split(grid, strut_page, page, tuple(cells), tuple(dict.fromkeys(texts)))


TEXT = re.compile(r">([^<]+)<")


def _texts(markup: str) -> list[str]:
    found = (SPACES.sub(" ", html.unescape(t)).strip() for t in TEXT.findall(f">{markup}<"))
    return [t for t in found if t]


HEADER = re.compile(r"<header>.*?</header>", re.S)
FOOTER = re.compile(r"<footer>.*?</footer>", re.S)
CHART = re.compile(r'<section class="chart-page">.*?</section>', re.S)


def _grid_page(sheet: str) -> str:
    """The grid's own document: the table alone, where the sheet has it; nothing else of the
    page (its header carries the time it was printed, its footer the game's totals)."""
    return CHART.sub("", FOOTER.sub("", HEADER.sub("", sheet)))
