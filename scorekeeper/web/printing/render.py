"""HTML to PDF for a request: wait for a render slot, then render here or, under gevent, in the
worker's render process (`renderer`). What WeasyPrint itself is given is in `weasy`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from werkzeug.exceptions import ServiceUnavailable

from scorekeeper.storage import db

from . import cache, framed, slots
from .renderer import Renderer, RenderError
from .weasy import BASE_URL, STATIC, Drawn, StaticOnlyFetcher, render_sheet, write

__all__ = ["BASE_URL", "STATIC", "Drawn", "StaticOnlyFetcher", "pdf", "render_sheet", "write"]


def pdf(
    html: str, fetcher: StaticOnlyFetcher | None = None, cached: Callable[[], bytes | None] | None = None
) -> bytes:
    """The PDF of `html`, its relative URLs taken from static/.

    It waits for one of the machine's render slots (see `slots`), and renders off the event loop.
    The request's database session is closed first (loaded rows stay readable); the next use of
    `db.session()` opens a new one. `cached` is asked again once the slot is held: of many
    requests for the same sheet at once, the first renders it and the others find it stored.

    A filled sheet's grid (`framed`) is looked up among the kept sheets first, and a grid drawn
    for this render is kept there, for every server's next sheet of the same table.
    """
    from flask import current_app

    config = current_app.config
    chosen = fetcher or StaticOnlyFetcher()
    key = framed.grid_key(html)
    grid = cache.get_blank(key) if key is not None else None
    # The wait may be long: give the request's database connection back to the pool meanwhile, or
    # a burst of print requests would hold every connection and stall the players' polls.
    db.close_session()
    with slots.slot(Path(current_app.instance_path), int(config["PDF_RENDERS"]), float(config["PDF_WAIT"])):
        found = cached() if cached is not None else None
        if found is not None:
            return found
        data, drawn = _render(html, chosen, grid)
    if key is not None and drawn is not None:
        cache.put_blank(key, drawn)
    return data


_renderer: Renderer | None = None


def _render(html: str, fetcher: StaticOnlyFetcher, grid: bytes | None) -> Drawn:
    """Render in this process, or under gevent (as `make run` serves) in the worker's render
    process, which keeps WeasyPrint's CPU and GIL away from the connections it serves."""
    global _renderer
    if not _under_gevent() or fetcher.__class__ is not StaticOnlyFetcher:
        return render_sheet(html, fetcher, grid)
    if _renderer is None:
        _renderer = Renderer()
    try:
        return _renderer.render(html, grid)
    except RenderError as error:
        raise ServiceUnavailable(retry_after=5) from error


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("socket"))
