"""Web-test fixtures on top of tests/conftest.py.

`make_app` is wrapped so that every app the web tests build (and so `app`, `client` and `csrf_app`)
hands out a StrictPageClient: every HTML page any test renders is checked for the Content-Security-Policy
and for inline scripts, <style> elements, style= attributes and event handlers.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from scorekeeper.storage import group_state

from .strict_pages import StrictPageClient


@pytest.fixture
def make_app(make_app: Callable[..., Flask]) -> Callable[..., Flask]:
    def make(**config: object) -> Flask:
        app = make_app(**config)
        app.test_client_class = StrictPageClient
        return app

    return make


@pytest.fixture(autouse=True)
def one_hour(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A group's state names the hour (its night is a moving window), so a test that compares two
    answers across a full hour would see them differ; every web test runs within one hour, except
    those marked `moving_hour`, which move it themselves."""
    if request.node.get_closest_marker("moving_hour") is None:
        hour = group_state.night_hour()
        monkeypatch.setattr(group_state, "night_hour", lambda: hour)
