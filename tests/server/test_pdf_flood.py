"""A flood of blank-sheet requests (48 at once, for 8 different sheets): the renders wait their turn
(one at a time on this machine), each sheet is rendered once however many ask for it at the same
time, and a player's live poll is still answered; the same sheets asked again come from the cache.

Timings are liveness bounds only; bench/pdf_flood.py measures."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.builders import worked_example

from .server import Answer, Phone, serve

FLOOD = 48
SHEETS = 8
LIVELY = 10.0  # a liveness bound, not a timing: bench/pdf_flood.py measures


def test_a_pdf_flood_leaves_live_polls_answered(tmp_path: Path) -> None:
    settings = {"SCOREKEEPER_LIMIT_PDF": "[1000, 600]", "SCOREKEEPER_PDF_WAIT": "120"}
    with serve(tmp_path, **settings) as server:
        links = server.import_game(worked_example())
        live = server.base + links["view_url"] + "/live"
        done = threading.Event()
        polls: list[Answer] = []

        def poll() -> None:
            phone = Phone()
            while not done.is_set():
                polls.append(phone.request(live, timeout=LIVELY))
                done.wait(0.2)

        def sheet(n: int) -> Answer:
            return Phone().request(f"{server.base}/sheets/blank.pdf?player_0=Flood{n % SHEETS}", timeout=120)

        poller = threading.Thread(target=poll)
        poller.start()
        try:
            with ThreadPoolExecutor(FLOOD) as pool:
                sheets = list(pool.map(sheet, range(FLOOD)))
        finally:
            done.set()
            poller.join()
        assert [s.status for s in sheets] == [200] * FLOOD
        assert all(s.body.startswith(b"%PDF") for s in sheets)
        assert len(polls) >= 3 and {p.status for p in polls} == {200}
        assert max(p.seconds for p in polls) < LIVELY

        # The same sheets again come from the cache, all 48 at once.
        with ThreadPoolExecutor(FLOOD) as pool:
            again = list(pool.map(sheet, range(FLOOD)))
        assert [a.body for a in again] == [s.body for s in sheets]
        assert len({s.body for s in sheets}) == SHEETS


def test_too_many_renders_from_one_address_get_429(tmp_path: Path) -> None:
    with serve(tmp_path, SCOREKEEPER_LIMIT_PDF="[3, 600]") as server:
        phone = Phone()
        statuses = [phone.request(f"{server.base}/sheets/blank.pdf?player_0=N{n}").status for n in range(5)]
        assert statuses == [200, 200, 200, 429, 429]
        cached = phone.request(f"{server.base}/sheets/blank.pdf?player_0=N0")
        assert cached.status == 200
