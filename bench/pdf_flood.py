"""A player's live poll while 48 blank-sheet PDFs are asked for at once, against the poll alone.

Starts the real server as `make run` does, on a free port, with the print limit raised. A player
polls the live sheet every 100 ms: first alone (the baseline), then while 48 requests for 48
different blank sheets (none cached: the worst case, 48 renders) arrive at once, then while 48
requests for one sheet arrive at once (rendered once, the rest from the cache). Prints each
phase's poll latency, median and worst, against the baseline in the same process, and how long
the flood took to be answered.

Run: `.venv/bin/python bench/pdf_flood.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.builders import worked_example
from tests.server.server import Phone, serve

FLOOD = 48


def polls_during(live: str, work: object) -> tuple[list[float], float, list[int]]:
    """Poll `live` every 100 ms while `work()` runs; returns the poll latencies, how long the work
    took and the statuses it got."""
    done = threading.Event()
    times: list[float] = []

    def poll() -> None:
        phone = Phone()
        while not done.is_set():
            answer = phone.request(live, timeout=60)
            times.append(answer.seconds if answer.status == 200 else float("inf"))
            done.wait(0.1)

    poller = threading.Thread(target=poll)
    poller.start()
    start = time.perf_counter()
    statuses = work()  # type: ignore[operator]
    took = time.perf_counter() - start
    done.set()
    poller.join()
    return times, took, statuses


def flood(base: str, distinct: bool, same: str = "Everyone") -> list[int]:
    def sheet(n: int) -> int:
        name = f"Flood{n}" if distinct else same
        return Phone().request(f"{base}/sheets/blank.pdf?player_0={name}&paper=letter", timeout=300).status

    with ThreadPoolExecutor(FLOOD) as pool:
        return list(pool.map(sheet, range(FLOOD)))


def show(label: str, times: list[float], baseline: list[float] | None) -> None:
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    text = f"{label:44} polls {len(times):3}  median {median:6.1f} ms  worst {worst:7.1f} ms"
    if baseline:
        ratios = median / (statistics.median(baseline) * 1000), worst / (max(baseline) * 1000)
        text += f"  ({ratios[0]:.1f}x / {ratios[1]:.1f}x the baseline)"
    print(text)


def main() -> None:
    settings = {"SCOREKEEPER_LIMIT_PDF": "[100000, 600]", "SCOREKEEPER_PDF_WAIT": "300"}
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), **settings) as server:
        links = server.import_game(worked_example())
        live = server.base + links["view_url"] + "/live"
        flood(server.base, distinct=False, same="Warm-up")  # each worker has loaded WeasyPrint
        baseline, _, _ = polls_during(live, lambda: time.sleep(3))
        uncached, took, statuses = polls_during(live, lambda: flood(server.base, distinct=True))
        same, took_same, statuses_same = polls_during(live, lambda: flood(server.base, distinct=False))
        show("baseline: live poll alone", baseline, None)
        show(f"{FLOOD} different blank sheets at once", uncached, baseline)
        show(f"{FLOOD} requests for one new blank sheet", same, baseline)
        print(f"the {FLOOD} different sheets were all answered in {took:.1f} s: {sorted(set(statuses))}")
        print(f"the {FLOOD} cached ones in {took_same:.2f} s: {sorted(set(statuses_same))}")


if __name__ == "__main__":
    main()
