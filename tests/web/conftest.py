"""Web-test fixtures on top of tests/conftest.py.

`make_app` is wrapped so that every app the web tests build (and so `app`, `client` and `csrf_app`)
hands out a StrictPageClient: every HTML page any test renders is checked for the Content-Security-Policy
and for inline scripts, <style> elements, style= attributes and event handlers.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from .strict_pages import StrictPageClient


@pytest.fixture
def make_app(make_app: Callable[..., Flask]) -> Callable[..., Flask]:
    def make(**config: object) -> Flask:
        app = make_app(**config)
        app.test_client_class = StrictPageClient
        return app

    return make
