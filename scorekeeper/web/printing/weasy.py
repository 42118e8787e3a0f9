"""HTML to PDF with WeasyPrint, loading nothing but the app's own static files.

A player's name is escaped text, but a sheet must never make the server
fetch anything even if some markup slipped through: the fetcher serves files
under static/ and refuses every other URL, file or remote. Both the request's
render (`render`) and the render process (`renderer`) come here.
"""

from __future__ import annotations

import mimetypes
import re
import threading
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

from weasyprint import CSS, HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

from . import fit, framed

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


# The stylesheets a sheet's <head> links to, the only <link> elements of the app's print templates.
LINK = re.compile(r'<link rel="stylesheet" href="([^"<>]+)">')


class _Kept(threading.local):
    """What every render in a thread shares: the font configuration and the parsed stylesheets.

    Fontconfig reads the machine's font list when a FontConfiguration is made (a tenth of a
    one-line document's render, more for a sheet, whose fonts Pango then finds cold), and a
    stylesheet is parsed and its selectors indexed for each document that links it. Both are kept
    for the life of the thread, which is safe on every server: the stylesheets are the app's own
    static files, which do not change while a process runs (a deploy starts new processes, and
    the PDF cache's keys carry the code's revision), and they hold no @font-face or @counter-style
    rule, the only parts of a parsed stylesheet tied to one document's fonts and counters, so a
    render only reads them. Per thread, not per process, because Pango's font maps are not safe to
    share between threads that render at once (the render process has a single thread; a threaded
    server renders in several).
    """

    fonts: FontConfiguration | None = None  # made on the thread's first render, not on import

    def __init__(self) -> None:
        self.sheets: dict[str, CSS] = {}

    def font_config(self) -> FontConfiguration:
        if self.fonts is None:
            self.fonts = FontConfiguration()
        return self.fonts


_kept = _Kept()


def _stylesheets(head: str, fetcher: StaticOnlyFetcher) -> list[CSS]:
    """The parsed stylesheets `head` links to, in order; parsed once per thread, fetched through
    `fetcher` the first time (a link outside static/ is refused there, and left out)."""
    found = []
    for href in LINK.findall(head):
        url = urljoin(BASE_URL, href)
        sheet = _kept.sheets.get(url)
        if sheet is None:
            try:
                sheet = CSS(url=url, url_fetcher=fetcher, font_config=_kept.font_config())
            except (ValueError, URLFetchingError):  # WeasyPrint's wrapping of the fetcher's refusal
                continue
            _kept.sheets[url] = sheet
        found.append(sheet)
    return found


def write(html: str, fetcher: StaticOnlyFetcher) -> bytes:
    """Render `html` with WeasyPrint (see `render_sheet`), with no grid kept before."""
    return render_sheet(html, fetcher)[0]


Drawn = tuple[bytes, bytes | None]  # the PDF, and its sheet's grid to keep, if none was


def render_sheet(html: str, fetcher: StaticOnlyFetcher, grid: bytes | None = None) -> Drawn:
    """Render `html` with WeasyPrint; the CPU-heavy part, safe to run in another thread. The
    stylesheets linked in its <head> are given to WeasyPrint already parsed (`_Kept`), as user
    stylesheets instead of the author's: they still win over WeasyPrint's own, but lose to what
    WeasyPrint takes as the author's, an SVG's width and height attributes (sheet.css makes its
    sizes of SVGs !important for that). A filled sheet is drawn over its grid (`framed`): `grid`
    as kept, if any; the second value is the grid to keep when none was handed in
    (`framed.grid_key`)."""
    head = html.split("<body", 1)[0] if "<body" in html else ""
    stylesheets = _stylesheets(head, fetcher)
    config = _kept.font_config()

    def laid_out(page: str, sheets: list[CSS]) -> Document:
        return _laid_out(_unlinked(page), fetcher, sheets)

    # The sheet as written, its links in: what it is drawn with is part of its grid's keys.
    drawn = framed.write(html, laid_out, stylesheets, config, grid)
    if drawn is not None:
        return drawn
    html = _unlinked(html)
    document = _laid_out(html, fetcher, stylesheets)
    if fit.fitted(document):
        over = fit.spill(document)
        if over:  # rare (long names and many options): once more, its rows shorter by that much
            shorter = CSS(string=f"body {{ --fit: {over:.2f}px; }}", font_config=config)
            document = _laid_out(html, fetcher, [*stylesheets, shorter])
    data: bytes = document.write_pdf()
    return data, None


def _unlinked(html: str) -> str:
    """`html` without the stylesheet links of its <head>, which WeasyPrint is given parsed."""
    if "<body" not in html:
        return html
    head, body = html.split("<body", 1)
    return LINK.sub("", head) + "<body" + body


def _laid_out(html: str, fetcher: StaticOnlyFetcher, stylesheets: list[CSS]) -> Document:
    found = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher)
    return found.render(font_config=_kept.font_config(), stylesheets=stylesheets)
