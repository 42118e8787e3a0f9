"""Direction controls: invisible characters that reorder the text after them.

A name holding one (U+202E, RIGHT-TO-LEFT OVERRIDE, say) would turn round whatever follows it
wherever the name is written without an isolating element: a page's title, a chart's caption, an
SVG label, an option of a list, a CSV cell, a PDF. No one's name needs them (a name written in
Persian or Hebrew is right to left by its letters alone), so they are refused wherever a name is
typed or read from a file, rather than isolated in every place a name goes.
"""

from __future__ import annotations

# Embeddings and overrides, isolates, and the marks (left-to-right, right-to-left, Arabic letter).
CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
SHOWN_FOR = "\ufffd"  # what a control already stored is replaced by (see migration 0012)


def has_direction_controls(text: str) -> bool:
    """Whether `text` holds any direction control."""
    return not CONTROLS.isdisjoint(text)


def without_direction_controls(text: str) -> str:
    """`text` with every direction control replaced by U+FFFD, so that it shows something was there."""
    return "".join(SHOWN_FOR if ch in CONTROLS else ch for ch in text)
