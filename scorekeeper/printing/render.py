"""HTML to PDF with WeasyPrint, loading nothing but the app's own static files.

A player's name is escaped text, but a sheet must never make the server
fetch anything even if some markup slipped through: the fetcher serves files
under static/ and refuses every other URL, file or remote.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlparse

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse
from werkzeug.exceptions import ServiceUnavailable

from .. import db
from . import slots
from .renderer import Renderer, RenderError

STATIC = (Path(__file__).resolve().parents[2] / "static").resolve()
BASE_URL = STATIC.as_uri() + "/"


class StaticOnlyFetcher(URLFetcher):
    """Serves `file:` URLs inside static/ and nothing else; remembers what it refused."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("file",))
        self.refused: list[str] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        path = _static_path(url)
        if path is None:
            self.refused.append(url)
            # A ValueError is caught by WeasyPrint, which leaves the resource out and goes on.
            raise ValueError(f"not a static file of the app: {url}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": mime})


def _static_path(url: str) -> Path | None:
    """The file under static/ that `url` names, or None for anything else."""
    parsed = urlparse(url)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = Path(unquote(parsed.path)).resolve()
    if not path.is_relative_to(STATIC) or not path.is_file():
        return None
    return path


def pdf(
    html: str, fetcher: StaticOnlyFetcher | None = None, cached: Callable[[], bytes | None] | None = None
) -> bytes:
    """The PDF of `html`, its relative URLs taken from static/.

    It waits for one of the machine's render slots (see `slots`), and renders off the event loop.
    The request's database session is closed first (loaded rows stay readable); the next use of
    `db.session()` opens a new one. `cached` is asked again once the slot is held: of many
    requests for the same sheet at once, the first renders it and the others find it stored.
    """
    from flask import current_app

    config = current_app.config
    chosen = fetcher or StaticOnlyFetcher()
    # The wait may be long: give the request's database connection back to the pool meanwhile, or
    # a burst of print requests would hold every connection and stall the players' polls.
    db.close_session()
    with slots.slot(Path(current_app.instance_path), int(config["PDF_RENDERS"]), float(config["PDF_WAIT"])):
        found = cached() if cached is not None else None
        if found is not None:
            return found
        return _render(html, chosen)


_renderer: Renderer | None = None


def _render(html: str, fetcher: StaticOnlyFetcher) -> bytes:
    """Render in this process, or under gevent (as `make run` serves) in the worker's render
    process, which keeps WeasyPrint's CPU and GIL away from the connections it serves."""
    global _renderer
    if not _under_gevent() or fetcher.__class__ is not StaticOnlyFetcher:
        return write(html, fetcher)
    if _renderer is None:
        _renderer = Renderer()
    try:
        return _renderer.render(html)
    except RenderError as error:
        raise ServiceUnavailable(retry_after=5) from error


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("socket"))


def write(html: str, fetcher: StaticOnlyFetcher) -> bytes:
    """Render `html` with WeasyPrint; the CPU-heavy part, safe to run in another thread."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher)
    data: bytes = document.write_pdf()
    return data
