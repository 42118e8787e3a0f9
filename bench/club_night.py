"""A club night: 30 tables of one group entering deals while 300 phones watch, on the real server.

Starts the app as `make run` does (scripts/serve.sh: gunicorn, gevent workers), on SQLite, or on
PostgreSQL when TEST_DATABASE_URL is set (`scripts/with-postgres.sh .venv/bin/python
bench/club_night.py`). Through the HTTP forms, as phones do: a group is created, then 30 games
started from it. Then, for MEASURE seconds after a warm-up:

- each table's scorer (one writer per table, in a process of its own) opens the deal form and
  posts the next deal of a complete game, a deal every PACE seconds with jitter. Two rounds: a
  brisk real table (a deal every two minutes; a 28-deal game takes two or three hours, so about
  five minutes a deal), then a stress round at a deal every 8 s per table, when the night's page
  changes several times a second and every table's sheet is printed again after each deal;
- 300 phones poll as live.js does, one connection each, every two seconds (with jitter) after
  each answer, with the ETag they have: a third follow the group's page (`/gv/<token>/live`),
  the others one table each (`/v/<token>/live`).

Prints tables, phones, requests, p50/p99 latency and errors (an answer other than 2xx, 3xx or
304, or none within TIMEOUT seconds) for the group's live part, the tables' live parts and the
saves. With `--pair`, everything goes to the club server of deploy/ instead: nginx doing HTTPS in
front of two servers on one PostgreSQL (under scripts/with-postgres.sh). Figures measured on this
machine: bench/club_night.md. Run: `.venv/bin/python bench/club_night.py [--pair] [TABLES PHONES]`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import multiprocessing
import os
import queue
import random
import re
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.speed import fields
from bench.target import Target, pair_asked, target
from tests.builders import full_game
from tests.server.server import Answer, Phone

INTERVAL = 2.0
PACES = (
    (120.0, "a deal every 120 s per table (a brisk real table)"),
    (8.0, "a deal every 8 s per table (stress)"),
)
WARMUP = 8.0
MEASURE = 40.0
TIMEOUT = 10.0
NAMES = ("Ann", "Beth", "Cat", "Diana")
Record = tuple[float, float, int]  # (sent, seconds, status; 0 for no answer)


def post(phone: Phone, url: str, data: dict[str, str], timeout: float = 30) -> Answer:
    """A form sent as a browser sends it: with the form's page as Referer (CSRF checks it on HTTPS)."""
    return phone.request(url, data, headers={"Referer": url}, timeout=timeout)


def setup(server: Target, tables: int) -> tuple[str, list[tuple[str, str]]]:
    """A group and `tables` games started from its page: (group view token, [(edit, view)])."""
    phone = Phone()
    made = post(
        phone, server.base + "/groups/new", {**phone.form(server.base + "/groups/new"), "name": "Club"}
    )
    assert made.status == 303, made.text[:300]
    group_edit = made.headers["Location"].rsplit("/", 1)[1]
    page = phone.request(server.base + f"/gr/{group_edit}").text
    group_view = re.search(r"/gv/([A-Za-z0-9_-]+)", page)
    assert group_view
    games = []
    for table in range(tables):
        new = server.base + f"/new?group={group_edit}"
        form = {**phone.form(new), "group": group_edit, "first_declarer": "0", "scheme": "standard"}
        form.update({f"player_{s}": f"{name} {table + 1}" for s, name in enumerate(NAMES)})
        form.update(doubling="standard", compulsory_doubles="2", undoubled_negative="play", rotation="blocks")
        answer = post(phone, server.base + "/new", {**form, "action": "create"})
        assert answer.status == 303, answer.text[:300]
        edit = answer.headers["Location"].rsplit("/", 1)[1]
        view = re.search(r"/v/([A-Za-z0-9_-]+)", phone.request(server.base + f"/g/{edit}").text)
        assert view
        games.append((edit, view.group(1)))
    return group_view.group(1), games


def scorer(base: str, edit: str, pace: float, start: float, until: float, out: Any) -> None:
    """One table's scorer: the next deal through the form every `pace` seconds or so."""
    phone = Phone()
    entry = f"{base}/g/{edit}/deal"
    done = len(json.loads(phone.request(f"{base}/g/{edit}/export.json").body)["hands"])
    time.sleep(random.uniform(0, pace))
    for hand in full_game()["hands"][done:]:
        if time.monotonic() >= until:
            return
        sent = time.monotonic()
        try:
            form = phone.form(f"{entry}?contract={hand['contract']}")
            status = post(phone, entry, {**form, **fields(hand)}, timeout=TIMEOUT).status
        except OSError:
            status = 0
        out.put((sent - start, time.monotonic() - sent, status))
        time.sleep(max(0.0, pace * random.uniform(0.7, 1.3) - (time.monotonic() - sent)))


def scorers(base: str, edits: list[str], pace: float, start: float, until: float, out: Any) -> None:
    """Every table's scorer, each in a thread of this process."""
    threads = [threading.Thread(target=scorer, args=(base, e, pace, start, until, out)) for e in edits]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


async def watch(where: Target, path: str, start: float, until: float, record: list[Record]) -> None:
    """One phone following a live page: ask, wait about two seconds after the answer, ask again."""
    await asyncio.sleep(random.uniform(0, INTERVAL))
    reader = writer = None
    etag = ""
    while time.monotonic() < until:
        sent = time.monotonic()
        try:
            if writer is None:
                reader, writer = await where.connect()
            assert reader is not None
            head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, br\r\n"
            writer.write((head + (f"If-None-Match: {etag}\r\n" if etag else "") + "\r\n").encode())
            await writer.drain()
            status, etag = await asyncio.wait_for(answer(reader, etag), TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, ValueError, TimeoutError):
            status = 0
            if writer is not None:
                writer.close()
            reader = writer = None
        record.append((sent - start, time.monotonic() - sent, status))
        await asyncio.sleep(INTERVAL * random.uniform(0.8, 1.2))
    if writer is not None:
        writer.close()


async def answer(reader: asyncio.StreamReader, etag: str) -> tuple[int, str]:
    status = int((await reader.readline()).split()[1])
    length = 0
    while header := (await reader.readline()).decode("latin-1").strip():
        name, _, value = header.partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "etag":
            etag = value.strip()
    if length:
        await reader.readexactly(length)
    return status, etag


async def crowd(where: Target, paths: list[str], start: float, until: float) -> list[list[Record]]:
    records: list[list[Record]] = [[] for _ in paths]
    await asyncio.gather(*(watch(where, p, start, until, r) for p, r in zip(paths, records, strict=True)))
    return records


def line(label: str, record: list[Record]) -> None:
    kept = [r for r in record if r[0] >= WARMUP]
    ok = [r[1] for r in kept if 200 <= r[2] < 400]
    errors = len(kept) - len(ok)
    # Which errors: 0 is no answer within TIMEOUT (or a connection lost), else the status.
    kinds = collections.Counter(
        "no answer" if r[2] == 0 else str(r[2]) for r in kept if not 200 <= r[2] < 400
    )
    told = f" ({', '.join(f'{k}: {n}' for k, n in sorted(kinds.items()))})" if kinds else ""
    fresh = sum(1 for r in kept if r[2] == 200)
    if not ok:
        print(f"  {label:<22} {len(kept):6} requests, no answers, {errors} errors{told}")
        return
    p50 = statistics.median(ok) * 1000
    p99 = (statistics.quantiles(ok, n=100)[98] if len(ok) >= 100 else max(ok)) * 1000
    print(
        f"  {label:<22} {len(kept):6} requests ({fresh:5} answered 200), p50 {p50:7.1f} ms,"
        f" p99 {p99:7.1f} ms, errors {errors}{told}"
    )


def night(
    server: Target, group: str, games: list[tuple[str, str]], phones: int, pace: float
) -> list[list[Record]]:
    """One round: the tables' scorers at `pace` and the phones; (group polls, table polls, saves)."""
    tables = len(games)
    paths = [f"/gv/{group}/live" if i % 3 == 0 else f"/v/{games[i % tables][1]}/live" for i in range(phones)]
    start = time.monotonic()
    until = start + WARMUP + MEASURE
    saves: Any = multiprocessing.Queue()
    edits = [e for e, _v in games]
    writer = multiprocessing.Process(target=scorers, args=(server.base, edits, pace, start, until, saves))
    writer.start()
    records = asyncio.run(crowd(server, paths, start, until))
    saved: list[Record] = []
    while writer.is_alive() or not saves.empty():  # drained before join, or join may never end
        with contextlib.suppress(queue.Empty):
            saved.append(saves.get(timeout=0.5))
    writer.join()
    group_polls = [r for i, rec in enumerate(records) if i % 3 == 0 for r in rec]
    table_polls = [r for i, rec in enumerate(records) if i % 3 != 0 for r in rec]
    return [group_polls, table_polls, saved]


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    pair, args = pair_asked(sys.argv[1:])
    tables, phones = (int(args[0]), int(args[1])) if len(args) > 1 else (30, 300)
    database = "PostgreSQL" if os.environ.get("TEST_DATABASE_URL") else "SQLite"
    # The stress pace saves far more deals than any club: the limit on changes is lifted.
    limits = {"SCOREKEEPER_LIMIT_CREATE": "[1000, 600]", "SCOREKEEPER_LIMIT_CHANGE": "[1000000, 600]"}
    with tempfile.TemporaryDirectory() as tmp, target(pair, Path(tmp), **limits) as server:
        group, games = setup(server, tables)
        for pace, words in PACES:
            group_polls, table_polls, saved = night(server, group, games, phones, pace)
            everything = group_polls + table_polls + saved
            print(
                f"club night on {database}, {server.label}: {tables} tables, {phones} phones, {words},",
                end=" ",
            )
            print(f"{MEASURE:.0f} s measured")
            print(f"  requests {sum(1 for r in everything if r[0] >= WARMUP)} (all kinds):")
            line("group page, live", group_polls)
            line("tables' pages, live", table_polls)
            line("deals saved (POST)", saved)
            line("all", everything)


if __name__ == "__main__":
    main()
