"""A room full of viewers: phones following games by polling their live view, as live.js does.

Starts the app as `make run` does (scripts/serve.sh: gunicorn, gevent workers) and the baseline
of bench/baseline.py (a bare route answering 304 to its ETag) with the same settings. Twenty games
are followed, each by an equal share of the phones; each game gets a deal saved every few seconds,
so that a poll is sometimes answered 200 with the new sheet, usually 304. Each phone keeps one
connection, asks again about two seconds (with jitter) after each answer, and sends the ETag it
has. Another process keeps half a core busy meanwhile, as a shared machine would.

Prints, for each number of phones, how long they took to arrive (every phone's first answer: the
measure starts a few seconds later), the requests answered, errors, and the median and 99th
percentile latency, for the app and for the bare baseline; how long after a save its game's phones
were shown it; and the knee, the first number of phones
at which the app's p99 passes 100 ms.

With `--pair` the phones go to the club server of deploy/ instead: nginx doing HTTPS in front of
two servers on one PostgreSQL (run it under scripts/with-postgres.sh, with the single server on
the same PostgreSQL beside it for comparison).

Run: `.venv/bin/python bench/polling.py [--pair] [PHONES ...]` (default 500 1000 1500 2000 3000).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.target import Target, pair_asked, target
from tests.builders import full_game, game
from tests.server.server import serve

GAMES = 20
INTERVAL = 2.0
# The measure starts SETTLE seconds after every phone has had its first answer (or ARRIVE seconds
# after they began, if some never had one): phones opening thousands of connections (TLS and all,
# through nginx) within two seconds is the room arriving, which takes seconds on this machine and
# more when it is slower (bench/targets.md); the measure is of the room following its games.
SETTLE = 4.0
ARRIVE = 30.0
MEASURE = 20.0
SAVE_EVERY = 5.0


def busy_half_core(stop: Any) -> None:
    """Half a core of work: 10 ms busy, 10 ms asleep."""
    while not stop.is_set():
        end = time.perf_counter() + 0.01
        while time.perf_counter() < end:
            pass
        time.sleep(0.01)


# One answer: when it was asked (time.monotonic), how long it took, its status (0: none), the
# phone, and the ETag of a sheet sent (else "").
Answer = tuple[float, float, int, int, str]


class Window:
    """When the measure starts and ends, which the phones' first answers decide (SETTLE)."""

    def __init__(self, phones: int) -> None:
        self.began = time.monotonic()
        self.waiting = phones
        self.arrived = float("inf")
        self.start = self.began + ARRIVE
        self.until = self.start + MEASURE

    def first_answer(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.arrived = time.monotonic()
            self.start = min(self.start, self.arrived + SETTLE)
            self.until = self.start + MEASURE


class Phone:
    def __init__(self, where: Target, path: str, number: int = 0) -> None:
        self.where, self.path, self.number = where, path, number
        self.host = "127.0.0.1"
        self.etag = ""

    async def run(self, window: Window, record: list[Answer]) -> None:
        await asyncio.sleep(random.uniform(0, INTERVAL))
        reader = writer = None
        first = True
        while time.monotonic() < window.until:
            sent = time.monotonic()
            try:
                if writer is None:
                    reader, writer = await self.where.connect()
                assert reader is not None
                head = f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nAccept-Encoding: gzip, br\r\n"
                if self.etag:
                    head += f"If-None-Match: {self.etag}\r\n"
                writer.write((head + "\r\n").encode())
                await writer.drain()
                status, _length = await self.read_answer(reader)
                sheet = self.etag if status == 200 else ""
                record.append((sent, time.monotonic() - sent, status, self.number, sheet))
            except (OSError, asyncio.IncompleteReadError, ValueError):
                record.append((sent, time.monotonic() - sent, 0, self.number, ""))
                if writer is not None:
                    writer.close()
                reader = writer = None
            if first:
                first = False
                window.first_answer()
            await asyncio.sleep(INTERVAL * random.uniform(0.8, 1.2))
        if writer is not None:
            writer.close()

    async def read_answer(self, reader: asyncio.StreamReader) -> tuple[int, int]:
        line = await reader.readline()
        if not line:  # the server (or nginx) closed the kept connection: the phone connects again
            raise ConnectionResetError("connection closed")
        status = int(line.split()[1])
        length = 0
        while True:
            header = (await reader.readline()).decode("latin-1").strip()
            if not header:
                break
            name, _, value = header.partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "etag":
                self.etag = value.strip()
        if length:
            await reader.readexactly(length)
        return status, length


async def crowd(where: Target, paths: list[str], phones: int) -> list[Answer]:
    """What `phones` phones heard, phone i following paths[i % len(paths)], in the measure's window;
    how long the room took to arrive is printed."""
    record: list[Answer] = []
    window = Window(phones)
    await asyncio.gather(*(Phone(where, paths[i % len(paths)], i).run(window, record) for i in range(phones)))
    arrival = [r[1] for r in record if r[0] < window.start]
    p99 = (
        statistics.quantiles(arrival, n=100)[98] * 1000
        if len(arrival) >= 100
        else max(arrival, default=0) * 1000
    )
    came = (
        f"{window.arrived - window.began:.1f} s"
        if window.arrived < window.start
        else f"not within {ARRIVE:.0f} s"
    )
    print(
        f"  {'':<10} arriving: every phone answered {came} after they began (p99 till the measure"
        f" {p99:.0f} ms); measured from {SETTLE:.0f} s later"
    )
    return [r for r in record if window.start <= r[0]]


def seen_after(record: list[Answer], saves: list[tuple[int, str, float]], games: int) -> list[float]:
    """For each deal saved during the measure (game, stamp, when: time.monotonic) and each phone
    following its game, the seconds from the save's commit to the answer that brought the phone
    its sheet; a phone that never got it (the next deal came first) is left out, and so are the
    deals of the measure's last seconds, which the phones had no time to ask for."""
    if not record:
        return []
    first, last = min(r[0] for r in record), max(r[0] for r in record)
    measured = [(g, st, at) for g, st, at in saves if first <= at <= last - 4]
    brought: dict[int, dict[str, float]] = {}  # phone -> ETag -> when it first came
    for asked, took, status, phone, etag in record:
        if status == 200 and etag:
            sheets = brought.setdefault(phone, {})
            sheets[etag] = min(sheets.get(etag, asked + took), asked + took)
    delays = []
    for followed, stamp, at in measured:
        for phone, sheets in brought.items():
            if phone % games == followed:
                got = [when for etag, when in sheets.items() if f"v{stamp}-" in etag]
                if got:
                    delays.append(min(got) - at)
    return delays


def lateness(record: list[Answer], saves: Any, games: int) -> None:
    """Print how long after a save its game's followers were shown it (the queue `tables` filled)."""
    done = []
    while not saves.empty():
        done.append(saves.get())
    delays = sorted(seen_after(record, done, games))
    if not delays:
        print("  no deal saved during the measure reached a phone")
        return
    p99 = statistics.quantiles(delays, n=100)[98] if len(delays) >= 100 else delays[-1]
    print(
        f"  {'':<10} a deal saved is shown {statistics.median(delays):.2f} s later (median),"
        f" {p99:.2f} s (p99), {delays[-1]:.2f} s at most ({len(delays)} times a phone got one)"
    )


def tables(env: dict[str, str], edits: list[str], stop: Any, saved: Any = None) -> None:
    """Each game gets a deal every SAVE_EVERY seconds, on the server's database, from a process of
    its own (as the scorers' phones would, without slowing the phones that measure); each save
    put on the queue `saved`, if given: (the game's index in `edits`, its new stamp, when)."""
    os.environ.update(env)
    from scorekeeper import create_app
    from scorekeeper.scoring import load
    from scorekeeper.storage import db, store
    from scorekeeper.storage.rows import stamp

    app = create_app()
    hands = full_game()["hands"]
    while not stop.is_set():
        for index, token in enumerate(edits):
            if stop.is_set():
                return
            with app.app_context():
                stored = store.find(token)
                if stored is not None and len(stored.game.deals) < len(hands):
                    position = len(stored.game.deals)
                    done = [store.hand_of(d) for d in stored.row.deals]
                    new = load({**store.document(stored.row), "hands": [*done, hands[position]]})
                    with contextlib.suppress(store.Conflict):
                        version = store.save(stored, stored.version, new, "add", position)
                        if saved is not None:
                            saved.put((index, stamp(version, stored.row.epoch), time.monotonic()))
                db.close_session()
            stop.wait(SAVE_EVERY / len(edits))


def summary(label: str, record: list[Answer]) -> tuple[float, int]:
    ok = [r[1] for r in record if r[2] in (200, 304)]
    errors = len(record) - len(ok)
    changed = sum(1 for r in record if r[2] == 200)
    if not ok:
        print(f"  {label:<10} no answers, {errors} errors")
        return float("inf"), errors
    p50 = statistics.median(ok) * 1000
    p99 = statistics.quantiles(ok, n=100)[98] * 1000 if len(ok) >= 100 else max(ok) * 1000
    share = changed / len(ok)
    print(
        f"  {label:<10} {len(ok):6} answered ({share:4.0%} with a new sheet), {errors:4} errors,"
        f" p50 {p50:7.1f} ms, p99 {p99:7.1f} ms"
    )
    return p99, errors


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    pair, args = pair_asked(sys.argv[1:])
    counts = [int(a) for a in args] or [500, 1000, 1500, 2000, 3000]
    stop = multiprocessing.Event()
    hog = multiprocessing.Process(target=busy_half_core, args=(stop,), daemon=True)
    with (
        tempfile.TemporaryDirectory() as a,
        tempfile.TemporaryDirectory() as b,
        target(pair, Path(a)) as app,
        serve(Path(b), WSGI_APP="bench.baseline:application()") as alone,
    ):
        baseline = Target(alone.base, [alone])
        first = app.servers[0]
        links = [first.import_game(game()) for _ in range(GAMES)]
        views = [link["view_url"] + "/live" for link in links]
        edits = [link["edit_url"].rsplit("/", 1)[1] for link in links]
        hog.start()
        knee = None
        try:
            for phones in counts:
                each = phones // GAMES
                print(f"{phones} phones ({each} per game) on {app.label}, half a core busy elsewhere:")
                halt = multiprocessing.Event()
                saves: Any = multiprocessing.Queue()
                args = (first.env, edits, halt, saves)
                writer = multiprocessing.Process(target=tables, args=args, daemon=True)
                writer.start()
                record = asyncio.run(crowd(app, views, phones))
                p99, _ = summary("app", record)
                halt.set()
                writer.join()
                lateness(record, saves, len(views))
                summary("baseline", asyncio.run(crowd(baseline, ["/poll"], phones)))
                if knee is None and p99 > 100:
                    knee = phones
        finally:
            stop.set()
            hog.join(timeout=5)
        print(f"knee (app's p99 over 100 ms): {knee if knee else f'not reached up to {counts[-1]} phones'}")


if __name__ == "__main__":
    main()
