"""Browser fixtures: the app on a live server, Debian's Chromium through Playwright on a phone viewport,
and checks for accessibility (axe-core), tap-target size and screenshots.

Playwright cannot download its own browsers here, so `playwright install` is never called: the
Chromium comes from Debian (`scripts/apt-install.sh chromium`, which `make test` runs).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from flask import Flask
from playwright.sync_api import Browser, Page, sync_playwright
from werkzeug.serving import make_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests run as root
    # Without these Chromium reaches out to Google's services at start.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
MIN_TARGET = 44  # CSS px, WCAG 2.5.5


@pytest.fixture
def live_server(app: Flask) -> Iterator[str]:
    """The app served on 127.0.0.1 at a free port; yields the base URL, e.g. http://127.0.0.1:41234."""
    server = make_server("127.0.0.1", 0, app, threaded=True)  # port 0: the kernel picks a free one
    # A short poll interval: shutdown() waits up to one interval, after every test.
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), name="live_server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        # Never skip: a browser tier that skips would pass without testing anything.
        where = "CI must install it" if os.environ.get("CI") == "true" else "`make test` installs it"
        pytest.fail(f"{CHROMIUM} is missing; {where} (scripts/apt-install.sh chromium).", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[[], Page]]:
    """`new_page()`: a page in a context of its own, i.e. another phone, with its own cookies."""
    contexts = []

    def make() -> Page:
        context = browser.new_context(**PHONE)
        context.set_default_timeout(10_000)  # a local server answers fast; fail well before 30 s
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Callable[[], Page]) -> Page:
    """A page on a 360 x 740 phone."""
    return new_page()


@pytest.fixture(scope="session")
def axe_check() -> Callable[[Page], None]:
    """`axe_check(page)`: assert axe-core finds no WCAG 2.0/2.1 A or AA violation on the page."""
    axe = Axe()

    def check(page: Page) -> None:
        results = axe.run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}})
        violations = results.response["violations"]
        if violations:
            raise AssertionError(
                f"axe: {len(violations)} accessibility violation(s) on {page.url}\n"
                + "\n".join(_describe_violation(v) for v in violations)
            )

    return check


def _describe_violation(violation: dict[str, Any]) -> str:
    nodes = "".join(
        f"\n    at {' '.join(node['target'])}: {node['html'][:100]}" for node in violation["nodes"]
    )
    return f"- {violation['id']} ({violation['impact']}): {violation['help']}{nodes}"


# Every visible thing a finger can hit. A checkbox or radio is hit through its label, so the
# label's box counts for it; links inside running text are exempt (2.5.5's inline exception).
_SMALL_TARGETS_JS = """(min) => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, label, summary, '
    + '[role=button]';
  const isToggle = (el) => el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type);
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.tagName === 'LABEL' && !(el.control && isToggle(el.control))) continue;
    if (isToggle(el) && el.labels.length > 0) continue;
    if (el.tagName === 'A' && el.closest('p')) continue;
    const box = el.getBoundingClientRect();
    // Hidden, or visually hidden for screen readers only (a 1 px clip): not a tap target.
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    // Half a pixel of slack for sub-pixel layout.
    if (box.width + 0.5 < min || box.height + 0.5 < min) {
      const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.name || '').trim();
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${el.tagName.toLowerCase()} "${text.slice(0, 40)}" ${size}`);
    }
  }
  return small;
}"""


@pytest.fixture(scope="session")
def tap_targets_check() -> Callable[[Page], None]:
    """`tap_targets_check(page)`: assert every visible tap target is at least 44 x 44 CSS px."""

    def check(page: Page) -> None:
        small = page.evaluate(_SMALL_TARGETS_JS, MIN_TARGET)
        if small:
            raise AssertionError(
                f"{len(small)} tap target(s) under {MIN_TARGET}x{MIN_TARGET} px on {page.url}:\n"
                + "\n".join(f"- {target}" for target in small)
            )

    return check


@pytest.fixture(scope="session")
def screenshot() -> Callable[[Page, str], Path]:
    """`screenshot(page, name)`: the whole page saved as test-artifacts/screenshots/NAME.png."""

    def take(page: Page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=path, full_page=True)
        return path

    return take
