"""Reading a page as a Persian reader sees it: the digits of its visible text.

Numbers get Persian digits where they are rendered (i18n.number, the translated sentences, the
`digits` filter), not by rewriting the finished page; so every page a test reads in Persian with
Persian digits must show no Western digit in its text. What is not visible text is left alone:
attributes (links, form values), scripts and styles. The footer's switch back to Western digits
shows "0123" on purpose.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

WESTERN = re.compile(r"[0-9]")
PERSIAN = re.compile(r"[۰-۹]")
SKIPPED = {"script", "style"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
EXEMPT_CLASSES = {"digits"}  # the footer's link to the other digits


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # for each open element: is its text skipped?
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        skipped = (bool(self.stack) and self.stack[-1]) or tag in SKIPPED or bool(classes & EXEMPT_CLASSES)
        self.stack.append(skipped)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]) and data.strip():
            self.texts.append(" ".join(data.split()))


def visible_texts(html: str) -> list[str]:
    """The page's text, piece by piece, without scripts, styles and the digits switch."""
    reader = _Text()
    reader.feed(html)
    return reader.texts


def western_digits(html: str) -> list[str]:
    """The pieces of visible text that hold a Western digit."""
    return [text for text in visible_texts(html) if WESTERN.search(text)]


def persian_digits(html: str) -> list[str]:
    """The pieces of visible text that hold a Persian digit."""
    return [text for text in visible_texts(html) if PERSIAN.search(text)]
