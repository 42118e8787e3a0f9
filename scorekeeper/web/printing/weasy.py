"""HTML to PDF with WeasyPrint, loading nothing but the app's own static files.

A player's name is escaped text, but a sheet must never make the server
fetch anything even if some markup slipped through: the fetcher serves files
under static/ and refuses every other URL, file or remote. Both the request's
render (`render`) and the render process (`renderer`) come here.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlparse

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

STATIC = (Path(__file__).resolve().parents[3] / "static").resolve()
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


def write(html: str, fetcher: StaticOnlyFetcher) -> bytes:
    """Render `html` with WeasyPrint; the CPU-heavy part, safe to run in another thread."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher)
    data: bytes = document.write_pdf()
    return data
