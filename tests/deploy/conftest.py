"""The deployment tier: nginx (HTTPS) in front of two app servers started as `make run` starts them,
on one PostgreSQL (`make deploy` runs it under scripts/with-postgres.sh); phones are Debian's Chromium
at 360 x 740 through Playwright. Never skipped: a missing nginx, PostgreSQL or Chromium fails.

Every test is watched: nothing nginx answers during it may be a 5xx, nor a 400 or 403 (no test
here makes a request a player did not cause), and the same goes for every answer a phone got.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response

from tests.browser.conftest import PHONE, browser  # noqa: F401 (the session's Chromium)

from .cluster import Cluster, Missing, cluster

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "deploy"
REFUSED = (400, 403)


@pytest.fixture(scope="session")
def club() -> Iterator[Cluster]:
    """The club server, started once for the tier."""
    try:
        with cluster("deploy_tier") as running:
            yield running
    except Missing as missing:
        pytest.fail(str(missing), pytrace=False)


class Answers:
    """Every answer the phones of one test got: (status, url)."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str]] = []

    def record(self, response: Response) -> None:
        self.seen.append((response.status, response.url))

    def bad(self) -> list[tuple[int, str]]:
        return [(s, u) for s, u in self.seen if s >= 500 or s in REFUSED]


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture(autouse=True)
def nothing_refused_or_failed(club: Cluster, answers: Answers) -> Iterator[None]:
    start = len(club.nginx.lines())
    yield
    time.sleep(0.3)  # nginx writes a line once the answer is sent
    bad = [
        line for line in club.nginx.lines(start) if int(line.split()[0]) >= 500 or line[:3] in ("400", "403")
    ]
    assert not bad, "nginx answered:\n" + "\n".join(bad)
    assert not answers.bad(), answers.bad()


@pytest.fixture
def phone(browser: Browser, answers: Answers) -> Iterator[Callable[..., Page]]:  # noqa: F811
    """`phone(lang, digits)`: a page on a phone of its own (cookies, cache), in `lang`, with the
    digits cookie set to `digits`, whose every answer is recorded."""
    contexts = []

    def make(lang: str = "en", digits: str | None = None) -> Page:
        locale = {"en": "en-US", "fa": "fa-IR", "hr": "hr-HR", "fr": "fr-FR"}[lang]
        context = browser.new_context(**{**PHONE, "locale": locale}, ignore_https_errors=True)
        context.set_default_timeout(15_000)
        context.on("response", answers.record)
        contexts.append(context)
        page = context.new_page()
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def shot() -> Callable[..., Path]:
    """`shot(page, name, full=False)`: the screen of the phone (or the whole page), saved as
    test-artifacts/deploy/NAME.png."""

    def take(page: Page, name: str, full: bool = False) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        page.screenshot(path=path, full_page=full)
        return path

    return take
