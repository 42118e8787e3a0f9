"""How fast a change reaches another open page, and what an open page costs the server.

1. Latency: a browser (Debian's Chromium) keeps a view page open while 20 changes are saved
   through the store; prints the median time until the page shows each one. The baseline is
   the poll interval itself (2 s): the median should be about half of it plus one round trip.
2. Cost: the server time of one poll answered 304 (nothing changed), times 30 polls a minute,
   against rendering the whole game page once in the same process.

Run: `.venv/bin/python bench/live_updates.py`.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SCOREKEEPER_INSTANCE", tempfile.mkdtemp())

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.scoring import Contract, Deal, Result, load
from scorekeeper.storage import db, store
from tests.builders import RESULTS, game

POLL_SECONDS = 2.0
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update"]


def per_call(work, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat


def cost(app, row) -> None:
    client = app.test_client()
    view = f"/v/{row.view_token}"
    etag = client.get(view).headers["ETag"]
    page = per_call(lambda: client.get(view), 50)
    poll = per_call(lambda: client.get(f"{view}/live", headers={"If-None-Match": etag}), 500)
    assert client.get(f"{view}/live", headers={"If-None-Match": etag}).status_code == 304
    print(f"full game page render (baseline)   {page * 1000:7.2f} ms")
    print(f"one poll answered 304               {poll * 1000:7.2f} ms   ({poll / page:.3f} of a page render)")
    per_minute = poll * 60 / POLL_SECONDS
    print(f"one open page, per minute           {per_minute * 1000:7.2f} ms of server time, 30 requests,")
    print(f"                                    = {per_minute / page:.2f} page renders a minute")


def latency(app, row, changes: int = 20) -> None:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    delays = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        page.goto(f"{base}/v/{row.view_token}")
        for n in range(changes):
            time.sleep(0.37 * (n % 6))  # changes land at different points of the poll cycle
            with app.app_context():
                stored = store.find(row.edit_token)
                assert stored is not None
                contract = stored.game.next_turn().contracts_left[0]  # type: ignore[union-attr]
                deal = Deal(contract, result=result_of(contract))
                store.save(stored, stored.version, stored.game.add(deal), "add", n)
                db.close_session()
            start = time.perf_counter()
            page.wait_for_selector(f"tr#deal-{n + 1}", timeout=10_000)
            delays.append(time.perf_counter() - start)
        browser.close()
    server.shutdown()
    median = statistics.median(delays)
    print(f"poll interval (baseline)            {POLL_SECONDS * 1000:7.0f} ms")
    print(
        f"change to second page, median of {changes}: {median * 1000:5.0f} ms "
        f"({median / POLL_SECONDS:.2f} of the poll interval; max {max(delays) * 1000:.0f} ms)"
    )


def result_of(contract: Contract) -> Result | None:
    """A legal result for `contract`, from the test builders."""
    doc = game([{"contract": contract.value, "result": RESULTS[contract.value]}], compulsory_doubles=0)
    return load(doc).deals[0].result


def main() -> None:
    app = create_app({"SECRET_KEY": "bench"})
    db.upgrade(app)
    with app.app_context():
        row = store.create(load(game(compulsory_doubles=0)))
    cost(app, row)
    latency(app, row)


if __name__ == "__main__":
    main()
