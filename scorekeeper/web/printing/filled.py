"""A game's filled sheet as PDF, from the shared cache or rendered and kept: what the sheet's URL
serves and what the background pre-render (`prerender`) prepares."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import render_template
from flask_babel import get_locale

from scorekeeper.present.game_chart import game_chart
from scorekeeper.present.i18n import persian_digits
from scorekeeper.present.sheet_view import sheet_view
from scorekeeper.storage import evening_stops, limits
from scorekeeper.storage.store import StoredGame
from scorekeeper.util.revision import REVISION

from . import cache, framed, layout, render

PAPERS = {"a4": "A4", "letter": "letter"}
ORIENTATIONS = ("portrait", "landscape")


def render_filled(stored: StoredGame, paper: str, orientation: str, limited: bool = False) -> bytes:
    """The game's filled sheet: from the cache, else rendered (counted against the asker's limit
    when `limited`) and kept. Also what the background pre-render calls."""
    digits = "fa-digits" if persian_digits() else "digits"
    # Everything the render reads: the game's state, the paper, the language, the digits, the code.
    # A fair stop is in the state too: it makes a version of its own.
    key = f"{stored.stamp}:{paper}:{orientation}:{get_locale()}:{digits}:{REVISION}"
    data = cache.get(stored.row.id, key)
    if data is None:
        if limited:
            limits.check("pdf")
        data = render.pdf(_html(stored, paper, orientation), cached=lambda: cache.get(stored.row.id, key))
        cache.put(stored.row.id, key, data)
    return data


def prepare_grid(stored: StoredGame, paper: str, orientation: str) -> None:
    """Have the grid of the game's sheet drawn and kept (`framed`), if no server kept it yet;
    what the background pre-render does for a game nobody printed yet. The PDF made on the way
    is not kept: the game's next save makes it old."""
    html = _html(stored, paper, orientation)
    key = framed.grid_key(html)
    if key is not None and cache.get_blank(key) is None:
        render.pdf(html)


def _html(stored: StoredGame, paper: str, orientation: str) -> str:
    stop = evening_stops.stopped_after(stored.row)
    return render_template(
        "printing/sheet.html",
        layout=layout.filled(stored.game),
        paper=PAPERS[paper],
        orientation=orientation,
        printed=datetime.now(UTC),
        chart=game_chart(stored.game, id="sheet-chart") if stored.game.rows else None,
        stop=stop,
        at_stop=sheet_view(stored.game.upto(stop)).ranking if stop else None,
    )
