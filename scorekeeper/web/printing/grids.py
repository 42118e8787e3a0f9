"""A sheet's grid as WeasyPrint drew it, as plain data that the database keeps (`framed` replays
it): drawn once from the grid's laid-out page (`draw`), written and read as bytes."""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from dataclasses import astuple, dataclass
from typing import Any

import pydyf
from weasyprint.document import Document
from weasyprint.pdf.stream import Stream

from . import lines
from .tree import boxes


@dataclass
class Grid:
    """A grid as WeasyPrint drew it: its drawing (from the page's corner, CSS px), the glyphs it
    used of each font (by Pango's font key: widths and text), its graphic states, where its table
    starts and how tall it is, and each deal cell's place, in the table's order."""

    ops: bytes
    glyphs: dict[int, tuple[dict[int, float], dict[int, str]]]
    files: dict[int, str]  # each font's file, by a hash of it: the same font on another server
    states: dict[str, dict[str, Any]]
    top: float
    height: float
    places: list[lines.Place]

    def dump(self) -> bytes:
        head = {
            "glyphs": {str(k): [list(w.items()), list(t.items())] for k, (w, t) in self.glyphs.items()},
            "files": {str(k): v for k, v in self.files.items()},
            "states": self.states,
            "top": self.top,
            "height": self.height,
            "places": [astuple(p) for p in self.places],
        }
        text = json.dumps(head, ensure_ascii=False).encode()
        return zlib.compress(struct.pack(">I", len(text)) + text + self.ops)

    @classmethod
    def load(cls, data: bytes) -> Grid | None:
        try:
            raw = zlib.decompress(data)
            (size,) = struct.unpack(">I", raw[:4])
            head = json.loads(raw[4 : 4 + size])
            glyphs = {
                int(k): ({int(g): v for g, v in w}, {int(g): t for g, t in u})
                for k, (w, u) in head["glyphs"].items()
            }
            places = [lines.Place(*p) for p in head["places"]]
            files = {int(k): v for k, v in head["files"].items()}
            return cls(raw[4 + size :], glyphs, files, head["states"], head["top"], head["height"], places)
        except (zlib.error, struct.error, ValueError, KeyError, TypeError):
            return None  # not a grid this code wrote: drawn again


def table(document: Document) -> Any:
    """The document's first table (its wrapper box), or None."""
    if not document.pages:
        return None
    found = (b for b in boxes(document.pages[0]._page_box) if getattr(b, "element_tag", None) == "table")
    return next(found, None)


def draw(document: Document) -> Grid | None:
    """Draw the grid's page as WeasyPrint would into a PDF, and keep what it drew."""
    found = table(document)
    if found is None or len(document.pages) != 1:
        return None
    page = document.pages[0]
    resources: dict[str, Any] = {kind: {} for kind in ("ExtGState", "XObject", "Pattern", "Shading")}
    resources["ColorSpace"] = None
    fonts: dict[int, Any] = {}
    stream = Stream(fonts, (0, 0, page.width, page.height), resources, {}, None, {}, None, compress=False)
    page.paint(stream, 1)
    states = {name: dict(state) for name, state in resources["ExtGState"].items()}
    if resources["XObject"] or resources["Pattern"] or resources["Shading"] or not _plain(states):
        return None  # a grid drawn with more than lines, fills and text is not replayed
    return Grid(
        ops=b"\n".join(pydyf._to_bytes(op) for op in stream.stream),
        glyphs={key: (dict(font.widths), dict(font.to_unicode)) for key, font in fonts.items()},
        files={key: hashlib.sha256(font.file_content).hexdigest() for key, font in fonts.items()},
        states=states,
        top=float(found.position_y),
        height=float(found.margin_height()),
        places=lines.places(found),
    )


def _plain(states: dict[str, dict[str, Any]]) -> bool:
    return all(isinstance(v, int | float | str) for state in states.values() for v in state.values())


def _ints(pairs: list[list[Any]]) -> dict[int, Any]:
    return {int(glyph): value for glyph, value in pairs}
