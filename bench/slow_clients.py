"""Players' requests while 200 half-sent requests are held open, against the same requests without.

Starts the real server as `make run` does (scripts/serve.sh: gunicorn, gevent workers) on a free
port, times 60 player requests (game page, live poll, start page, new-game form), then opens 200
connections that each stop in the middle of a request (half the headers, or the headers and a
tenth of a form) and times the same 60 requests again while they are held. Prints how many were
still held at the end, how many player requests were answered, and their median and worst
latency, against the baseline run in the same process.

Run: `.venv/bin/python bench/slow_clients.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.builders import worked_example
from tests.server.server import Phone, Server, serve, still_open
from tests.server.test_slow_clients import half_sent

HALF_SENT = 200
ROUNDS = 15


def players(server: Server, links: dict[str, str]) -> list[float]:
    """Latencies of ROUNDS x 4 player requests; a request not answered 200 counts as infinite."""
    view = server.base + links["view_url"]
    paths = [view, view + "/live", server.base + "/", server.base + "/new"]
    phone = Phone()
    times = []
    for _ in range(ROUNDS):
        for path in paths:
            answer = phone.request(path, timeout=30)
            times.append(answer.seconds if answer.status == 200 else float("inf"))
    return times


def line(label: str, times: list[float], baseline: list[float] | None = None) -> str:
    answered = sum(t != float("inf") for t in times)
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    text = f"{label:32} answered {answered}/{len(times)}  median {median:6.1f} ms  worst {worst:7.1f} ms"
    if baseline:
        text += f"  ({worst / (max(baseline) * 1000):.2f}x the baseline's worst)"
    return text


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), REQUEST_TIMEOUT="10") as server:
        links = server.import_game(worked_example())
        players(server, links)  # warm-up: every worker has loaded the app
        baseline = players(server, links)
        with half_sent(server, HALF_SENT) as held:
            loaded = players(server, links)
            holding = sum(still_open(conn) for conn in held)
        print(line("baseline, no slow clients", baseline))
        print(line(f"with {HALF_SENT} half-sent requests", loaded, baseline))
        print(f"half-sent connections still held open at the end: {holding}/{HALF_SENT}")


if __name__ == "__main__":
    main()
