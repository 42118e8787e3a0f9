"""A sheet that must fill one page: its rows share a height set per paper (`--avail` in the
sheet's CSS), but its header and footer grow with long names and many options. When what is left
of it spills onto another page, it is laid out again with its rows that much shorter (`--fit`).

Only a document whose <body> has the class `one-page` is fitted; its own page ends where a
`chart-page` (which starts a page of its own) begins, or at the end."""

from __future__ import annotations

from weasyprint.document import Document

from .tree import boxes, classes

MARGIN_PX = 96 / 25.4  # a millimetre more, for the rounding of the rows' heights


def fitted(document: Document) -> bool:
    """Whether the document asks for its sheet to fit one page (its body's class)."""
    root = document.pages[0]._page_box if document.pages else None
    return root is not None and any(
        getattr(b, "element_tag", None) == "body" and "one-page" in classes(b) for b in boxes(root)
    )


def spill(document: Document) -> float:
    """How far (CSS px) the sheet runs past its page: the height of its content on the pages
    between the first and the chart's. 0 when it fits."""
    over = 0.0
    for page in document.pages[1:]:
        found = list(boxes(page._page_box))
        if any("chart-page" in classes(b) for b in found):
            break
        # The body's box on a page it continues onto reaches the page's end: its content does not.
        inside = [b for b in found if getattr(b, "element_tag", None) not in ("html", "body", None)]
        if not inside:
            continue
        top = page._page_box.content_box_y()
        over += max(b.position_y + b.margin_height() for b in inside) - top
    return over + MARGIN_PX if over > 0 else 0.0
