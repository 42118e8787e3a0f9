"""The ETag of a page that follows a game or a group live: one formula for both, so that a
poll's 304 and the page it polls for always agree."""

from __future__ import annotations

from scorekeeper.present.i18n import locale, persian_digits


def page_etag(kind: str, state: str) -> str:
    """The link's kind, the state shown (a game's stamp or a group's state, neither of which ever
    names two states), the language and the digits."""
    return f"{kind}{state}-{locale()}{'-p' if persian_digits() else ''}"
