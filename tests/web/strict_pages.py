"""The check every rendered page passes: the Content-Security-Policy header, and nothing inline that
the policy would block (inline scripts, <style> elements, style= attributes, event handlers)."""

from __future__ import annotations

import gzip
from html.parser import HTMLParser
from typing import Any

import brotli
from flask.testing import FlaskClient
from werkzeug.test import TestResponse


class _InlineFinder(HTMLParser):
    """Collects what a strict CSP (script-src 'self', style-src 'self') would block."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("inline <script>")
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs:
            if name == "style":
                self.found.append(f"style= on <{tag}>")
            if name.startswith("on"):
                self.found.append(f"{name}= on <{tag}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"javascript: URL on <{tag}>")


def inline_code(html: str) -> list[str]:
    """Every inline script, style element, style attribute or event handler in `html`."""
    finder = _InlineFinder()
    finder.feed(html)
    finder.close()
    return finder.found


def in_force(csp: str, directive: str) -> list[str] | None:
    """What a browser allows for `directive` under `csp`: its own sources, else default-src's."""
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    return directives.get(directive, directives.get("default-src"))


def assert_strict_page(response: TestResponse) -> None:
    """An HTML response carries the CSP and holds nothing inline that the CSP would block."""
    if response.mimetype != "text/html":
        return
    csp = response.headers.get("Content-Security-Policy", "")
    assert in_force(csp, "script-src") == ["'self'"], csp
    assert "'unsafe-inline'" not in csp, csp
    text = _decoded(response)
    assert not inline_code(text), (response.request.path, inline_code(text))


def _decoded(response: TestResponse) -> str:
    """The page's text, whether or not it was sent compressed."""
    data = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "br":
        data = brotli.decompress(data)
    elif encoding == "gzip":
        data = gzip.decompress(data)
    return data.decode()


class StrictPageClient(FlaskClient):
    """A test client that checks every HTML page it receives with `assert_strict_page`."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        response = super().open(*args, **kwargs)
        assert_strict_page(response)
        return response
