"""What a phone downloads to open a game page: bytes transferred and requests, on a first visit and
on a later one, read from Chromium's own network log (Debian's chromium, driven by Playwright).

The game is a complete 28-deal game, opened by its read-only link on a 360x740 phone; the second
visit is the same page opened again later in the same browser. Baseline: the same page's bytes
uncompressed, as it was served before compression (summed from the decoded sizes).

Run: `.venv/bin/python bench/page_weight.py`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tests.builders import full_game
from tests.server.server import Server, serve

VERBOSE = "-v" in sys.argv
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update"]


def visit(context: Any, url: str, linger: float = 0.5) -> dict[str, float]:
    """Open `url` in a new tab; sum what went over the network and what came from caches."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent: dict[str, dict[str, Any]] = {}
    seen = {"network": 0, "cached": 0, "bytes": 0.0, "decoded": 0.0}
    cdp.on(
        "Network.requestWillBeSent", lambda e: sent.setdefault(e["requestId"], {"url": e["request"]["url"]})
    )
    cdp.on(
        "Network.requestServedFromCache", lambda e: sent.setdefault(e["requestId"], {}).update(cached=True)
    )

    def response(e: dict[str, Any]) -> None:
        info = sent.setdefault(e["requestId"], {})
        r = e["response"]
        info["cached"] = info.get("cached") or r.get("fromDiskCache") or r.get("fromServiceWorker") or False
        info["decoded"] = float(r.get("headers", {}).get("content-length") or 0)

    cdp.on("Network.responseReceived", response)
    cdp.on(
        "Network.loadingFinished",
        lambda e: sent.setdefault(e["requestId"], {}).update(bytes=e["encodedDataLength"]),
    )
    page.goto(url, wait_until="networkidle")
    counted = {k: dict(v) for k, v in sent.items()}  # the page's own load; what comes later is not
    page.wait_for_timeout(linger * 1000)
    for info in counted.values():
        if VERBOSE:
            where = "cached" if info.get("cached") else "network"
            print(f"    {info.get('bytes', 0):8.0f} B {where} {info.get('url', '')[-60:]}")
        if info.get("cached"):
            seen["cached"] += 1
        else:
            seen["network"] += 1
            seen["bytes"] += info.get("bytes", 0)
    page.close()
    return seen


def asked(server: Server, since: int) -> list[str]:
    """The paths the server was asked for since log line `since` (from its access log)."""
    lines = server.output().splitlines()[since:]
    return [line.split('"')[1].split()[1] for line in lines if '"GET ' in line or '"POST ' in line]


def first_visit(server: Server) -> dict[str, float]:
    """What a phone downloads to open a complete game's read-only page the first time."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        context = browser.new_context(viewport={"width": 360, "height": 740})
        seen = visit(context, server.base + server.import_game(full_game())["view_url"])
        browser.close()
    return seen


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, serve(Path(folder)) as server, sync_playwright() as p:
        links = server.import_game(full_game())
        url = server.base + links["view_url"]
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        # A phone-sized window (Playwright's mobile emulation, is_mobile, turns Chromium's cache
        # off; a phone's browser keeps what this one keeps).
        context = browser.new_context(viewport={"width": 360, "height": 740})
        mark = len(server.output().splitlines())
        # The page stays open a few seconds: the service worker installs once it has settled.
        first = visit(context, url, linger=5)
        background = [
            path for path in asked(server, mark) if path.startswith(("/sw.js", "/offline", "/static"))
        ]
        mark = len(server.output().splitlines())
        # Watched from the server's side only: DevTools' network tracking would change the answer.
        again_page = context.new_page()
        again_page.goto(url)
        again_page.wait_for_timeout(1000)
        again = asked(server, mark)
        plain = browser.new_context(
            viewport={"width": 360, "height": 740}, extra_http_headers={"Accept-Encoding": "identity"}
        )
        uncompressed = visit(plain, url)
        browser.close()
    print(f"first visit: {first['bytes'] / 1024:6.1f} KB transferred in {first['network']} requests")
    print(f"             then, in the background, the offline copies: {len(background)} requests")
    static = [path for path in again if path.startswith("/static")]
    pages = [path for path in again if not path.startswith("/static") and not path.endswith("/live")]
    print(f"later visit: the server was asked for {len(pages)} page(s) and {len(static)} static files")
    print(
        f"baseline (the same first visit uncompressed): {uncompressed['bytes'] / 1024:6.1f} KB"
        f" in {uncompressed['network']} requests;"
        f" compressed / uncompressed: {first['bytes'] / max(uncompressed['bytes'], 1):.2f}"
    )


if __name__ == "__main__":
    main()
