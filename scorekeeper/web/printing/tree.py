"""Walking a laid-out WeasyPrint document's boxes, as `fit` and `framed` do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def boxes(box: Any) -> Iterator[Any]:
    """`box` and every box inside it, in the document's order."""
    yield box
    for child in getattr(box, "children", None) or ():
        yield from boxes(child)


def classes(box: Any) -> set[str]:
    """The classes of the element `box` was made for (none for an anonymous box)."""
    element = getattr(box, "element", None)
    return set((element.get("class") or "").split()) if element is not None else set()
