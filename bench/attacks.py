"""A player's live poll while a stranger attacks the server, one attack at a time (issue 17).

Starts the real server as `make run` does (scripts/serve.sh: gunicorn, gevent workers) and has
PHONES phones poll a game's live view (with its ETag, as live.js does) for MEASURE seconds: first
with no attack, then while each attack runs, in this order:

1. a hostile stake (1e-1000030 and kin) posted to a game's summary, whose pages are then asked for;
2. zip bombs (bzip2, LZMA) uploaded to the group import, with each worker's memory peak;
3. (HTTPS, a second server with its own baseline) 4,000 connections that never send a ClientHello;
4. POSTs that say 1 GB and send as fast as they can;
6. group zips of 500 games uploaded again and again, and undo / put back on a game, again and again.

Each attack runs in a process of its own. Prints p50 and p99 of the polls and how many went
unanswered (no answer within 10 s, or an error), and the p99's ratio to the baseline's (target:
at most 2x, and none unanswered). Then: the memory peak of reading and storing a group zip (a
bomb, and 500 real games), measured in this process; the fuzz tier's figures (requests, 5xx,
requests holding no edit link and their writes, refusals that stored something); and deals lost
while workers are killed (SIGKILL) as a table keeps entering deals.

Run: `.venv/bin/python bench/attacks.py` (SQLite), or under scripts/with-postgres.sh (PostgreSQL).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import random
import re
import resource
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
import urllib.error
import urllib.request
import uuid
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.speed import fields
from tests.builders import full_game, game
from tests.server.server import Phone, Server, self_signed, serve

PHONES = 20
EVERY = 0.5  # seconds between one phone's polls (live.js waits 2 s; more polls, firmer figures)
MEASURE = 10.0
RAMP = 1.5  # the attack's head start before polls are counted
TIMEOUT = 10.0
Poll = float | None  # seconds, None when unanswered


def together(targets: list[Callable[[], None]]) -> None:
    """Each of `targets` in a thread of its own, until all have returned."""
    threads = [threading.Thread(target=target) for target in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def poll(url: str, seconds: float) -> list[Poll]:
    """PHONES phones polling `url` for `seconds`, each sending the ETag it was last given."""
    polls: list[Poll] = []
    until = time.monotonic() + seconds

    def phone() -> None:
        client, etag = Phone(), ""
        time.sleep(random.uniform(0, EVERY))
        while time.monotonic() < until:
            started = time.monotonic()
            try:
                answer = client.request(url, headers={"If-None-Match": etag} if etag else {}, timeout=TIMEOUT)
                etag = answer.headers.get("ETag", etag)
                polls.append(answer.seconds if answer.status in (200, 304) else None)
            except OSError:
                polls.append(None)
            time.sleep(max(0.0, EVERY - (time.monotonic() - started)))

    together([phone] * PHONES)
    return polls


def figures(polls: list[Poll]) -> tuple[float, float, int, int]:
    """(p50 ms, p99 ms, unanswered, answered)."""
    answered = sorted(p for p in polls if p is not None)
    if not answered:
        return float("inf"), float("inf"), len(polls), 0
    p99 = answered[min(len(answered) - 1, int(len(answered) * 0.99))]
    return statistics.median(answered) * 1000, p99 * 1000, len(polls) - len(answered), len(answered)


def line(label: str, polls: list[Poll], baseline: list[Poll] | None = None, note: str = "") -> None:
    p50, p99, lost, answered = figures(polls)
    text = f"  {label:<40} p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  unanswered {lost:3}/{answered + lost}"
    if baseline is not None:
        text += f"  p99 {p99 / figures(baseline)[1]:5.2f}x baseline"
    print(text + (f"  {note}" if note else ""), flush=True)


@contextmanager
def attacking(work: Callable[..., None], *args: Any) -> Iterator[Any]:
    """`work(stop, out, *args)` in a process of its own while the block runs; yields its output."""
    stop, out = multiprocessing.Event(), multiprocessing.Queue()
    process = multiprocessing.Process(target=work, args=(stop, out, *args), daemon=True)
    process.start()
    time.sleep(RAMP)
    results: list[Any] = []
    try:
        yield results
    finally:
        stop.set()
        process.join(30)
        if process.is_alive():
            process.kill()
        while not out.empty():
            results.append(out.get())


def each(stop: Any, count: int, step: Callable[[], None], every: float) -> None:
    """`step()` again and again in `count` threads until `stop`, each starting at most every
    `every` seconds: a pace that already froze or filled the server before (one stake, one bomb,
    one 1 GB POST was enough), without measuring how fast this machine can flood itself."""

    def loop() -> None:
        while not stop.is_set():
            started = time.monotonic()
            with suppress(OSError):
                step()
            stop.wait(max(0.0, every - (time.monotonic() - started)))

    together([loop] * count)


# -- the attacks ---------------------------------------------------------------------------------


def stake_attack(stop: Any, out: Any, base: str, links: dict[str, str]) -> None:
    summary = base + links["edit_url"] + "/summary"
    stakes = ["1e-1000030", "1e-99999999999999999", "1e1000000"]

    def step() -> None:
        phone = Phone()
        form = phone.form(summary)
        answer = phone.request(
            summary, {**form, "stake": random.choice(stakes), "currency": "EUR"}, timeout=60
        )
        out.put(answer.status)
        phone.request(base + links["view_url"] + "/summary", timeout=60)

    each(stop, 2, step, every=0.5)


def multipart(phone: Phone, url: str, form: dict[str, str], name: str, content: bytes) -> int:
    """POST `form` and one file, as a browser's upload does; the status."""
    boundary = "benchboundary" + str(random.random())[2:]
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
        for k, v in form.items()
    ]
    head = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n\r\n'
    body = b"".join(parts) + head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": f"multipart/form-data; boundary={boundary}"}
    )
    try:
        with phone.opener.open(request, timeout=60) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        error.read()
        return int(error.code)


@cache
def bomb(method: int, megabytes: int) -> bytes:
    """A zip of one game file of `megabytes` zeros (a few hundred bytes in bzip2)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive, archive.open("game.json", "w") as member:
        for _ in range(megabytes):
            member.write(b"\0" * (1 << 20))
    return out.getvalue()


BOMBS = ((zipfile.ZIP_BZIP2, 1024), (zipfile.ZIP_LZMA, 200))  # 1 GB in a few hundred bytes, 200 MB


def zip_attack(stop: Any, out: Any, base: str, bombs: list[bytes]) -> None:
    url = base + "/groups/import"

    def step() -> None:
        phone = Phone()
        out.put(multipart(phone, url, phone.form(url), "club.zip", random.choice(bombs)))

    each(stop, 2, step, every=0.5)


def idle_attack(stop: Any, out: Any, port: int, count: int) -> None:
    """`count` connections that never send a byte; how many the server had closed by the end."""
    held = []
    for _ in range(count):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    opened = time.monotonic()  # then: checked once the last could have been closed
    stop.wait()
    time.sleep(max(0.0, opened + float(os.environ.get("REQUEST_TIMEOUT", "10")) + 2 - time.monotonic()))
    closed = 0
    for conn in held:
        conn.setblocking(False)
        try:
            closed += conn.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        conn.close()
    out.put((len(held), closed))


def flood_attack(stop: Any, out: Any, port: int) -> None:
    head = (
        b"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\n\r\n"
    )
    chunk = b"x" * 65536

    def step() -> None:
        sent = 0
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(head)
            try:
                while not stop.is_set():
                    conn.sendall(chunk)
                    sent += len(chunk)
            finally:
                out.put(sent)

    each(stop, 2, step, every=0.5)


def big_zip(games: int = 500) -> bytes:
    out = io.BytesIO()
    doc = json.dumps(full_game())
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for n in range(games):
            archive.writestr(f"game-{n:03}.json", doc)
    return out.getvalue()


def import_attack(stop: Any, out: Any, base: str, links: dict[str, str]) -> None:
    content = big_zip()
    url = base + "/groups/import"
    page = base + links["edit_url"]

    def upload() -> None:
        phone = Phone()
        out.put(("import", multipart(phone, url, phone.form(url), "club.zip", content)))

    def undo_and_put_back() -> None:
        """Undo, put back, undo... as fast as the server answers, each on the state the page shows
        (its version and epoch, read again after every change as a phone does)."""
        phone = Phone()
        while not stop.is_set():
            for action in ("undo", "redo"):
                text = phone.request(page).text
                found = re.search(rf'action="[^"]*/{action}">(.*?)</form>', text, re.S)
                if not found:
                    time.sleep(0.1)
                    return
                form = dict(re.findall(r'name="(csrf_token|version)"[^>]*value="([^"]*)"', found.group(1)))
                sent = {**form, "submission": uuid.uuid4().hex}
                status = phone.request(f"{page}/{action}", sent).status
                out.put((action, status))
                if status != 303:
                    return
                stop.wait(0.1)

    together([lambda: each(stop, 1, upload, 1.0), lambda: each(stop, 1, undo_and_put_back, 0.5)])


# -- memory, fuzz, deals lost ----------------------------------------------------------------------


def workers(server: Server) -> list[int]:
    pid = server.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children]


def peak_rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    return 0.0


def _import(app: Any, content: bytes) -> tuple[float, str]:
    """Read and store a group's zip as the import does: (seconds, what became of it)."""
    from scorekeeper.web.groups import files as group_files

    with app.test_request_context():
        started = time.perf_counter()
        try:
            group_files.store_group(group_files.read(content))
            result = "stored"
        except group_files.ZipProblem as problem:
            result = f"refused ({problem})"
        return time.perf_counter() - started, result


def import_memory() -> None:
    """The memory peak of reading and storing a group zip, in this process (tracemalloc)."""
    from scorekeeper import create_app
    from scorekeeper.storage import db

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SCOREKEEPER_INSTANCE"] = tmp
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/memory.sqlite"})
        db.upgrade(app)
        cases = [
            ("bzip2 bomb (1 GB inflated)", bomb(*BOMBS[0])),
            ("LZMA bomb (200 MB inflated)", bomb(*BOMBS[1])),
            ("500 real games", big_zip()),
        ]
        for label, content in cases:
            seconds, result = _import(app, content)  # timed without tracemalloc, which slows it
            tracemalloc.start()
            _import(app, content)
            _now, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            size = f"{len(content):7} bytes"
            print(f"  {label:<28} {size}  peak {peak / 2**20:6.1f} MB  {seconds:5.2f} s  {result[:60]}")
        app.extensions["db_engine"].dispose()


def fuzz_figures(requests: int) -> None:
    """The fuzz tier's run, in this process, on a database of its own (or TEST_DATABASE_URL)."""
    from scorekeeper import create_app
    from scorekeeper.storage import db
    from tests.fuzz.test_fuzz import LIMITS, fuzz

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SCOREKEEPER_INSTANCE"] = tmp
        url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp}/fuzz.sqlite"
        # No key set by hand: on TEST_DATABASE_URL the servers measured before stored theirs, which
        # a hand-set key would disagree with (and the app would refuse to start).
        config = {"TESTING": True, "DATABASE_URL": url, "PRERENDER_DELAY": 0, **LIMITS}
        app = create_app({**config, "WTF_CSRF_ENABLED": False})
        csrf_app = create_app({**config, "WTF_CSRF_ENABLED": True})
        db.upgrade(app)
        started = time.perf_counter()
        report = fuzz(app, csrf_app, requests)
        seconds = time.perf_counter() - started
        print(
            f"  requests {report.sent} in {seconds:.0f} s; 5xx {len(report.errors)}; holding no edit link "
            f"{report.strangers}, their writes {len(report.stranger_writes)}; refusals that stored "
            f"something {len(report.stored_on_refusal)}"
        )
        for one in (app, csrf_app):
            one.extensions["db_engine"].dispose()


def deals_lost(server: Server, kills: int = 8) -> None:
    """A table enters every deal of a game while workers are killed: deals acknowledged (303) and
    then missing from the game are lost; a deal sent again after an error is sent as the phone's
    outbox sends it (same one-time id and version)."""
    links = server.import_game(game())
    entry = server.base + links["edit_url"] + "/deal"
    acknowledged, done = [0], threading.Event()

    def table() -> None:
        phone = Phone()
        for hand in full_game()["hands"]:
            form = None
            while form is None:
                try:
                    form = phone.form(f"{entry}?contract={hand['contract']}")
                except OSError:
                    time.sleep(0.1)
            for _ in range(50):
                try:
                    if phone.request(entry, {**form, **fields(hand)}, timeout=TIMEOUT).status == 303:
                        acknowledged[0] += 1
                        break
                except OSError:
                    pass
                time.sleep(0.1)
            time.sleep(0.05)
        done.set()

    scorer = threading.Thread(target=table)
    scorer.start()
    killed = 0
    while killed < kills and not done.is_set():
        time.sleep(0.6)
        try:
            os.kill(random.choice(workers(server)), signal.SIGKILL)
            killed += 1
        except (OSError, IndexError):
            pass
    scorer.join()
    stored = len(json.loads(Phone().request(server.base + links["view_url"] + "/export.json").body)["hands"])
    print(
        f"  {kills} workers killed while a table entered 28 deals: acknowledged {acknowledged[0]},"
        f" stored {stored}, lost {max(0, acknowledged[0] - stored)}"
    )


def fresh_limits() -> None:
    """On PostgreSQL every server of the run shares one database: its rate-limit counters go."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        import sqlalchemy

        engine = sqlalchemy.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
        with engine.begin() as connection:
            connection.execute(sqlalchemy.text("DELETE FROM rate_limits"))
        engine.dispose()


def attack_rows(server: Server, live: str, baseline: list[Poll], which: str) -> None:
    """One attack, with the polls it leaves, against the baseline of the same server."""
    if which == "stake":
        with attacking(stake_attack, server.base, server.import_game(full_game())) as statuses:
            line("1. hostile stakes", poll(live, MEASURE), baseline)
        print(f"     stakes answered {sorted(set(statuses))}, {len(statuses)} posted")
    elif which == "zip":
        with attacking(zip_attack, server.base, [bomb(*b) for b in BOMBS]) as statuses:
            polls = poll(live, MEASURE)
        peaks = ", ".join(f"{peak_rss_mb(pid):.0f}" for pid in workers(server))
        line("2. zip bombs", polls, baseline, f"workers' memory peaks {peaks} MB")
        print(f"     uploads {len(statuses)}, answered {sorted(set(statuses))}")
    elif which == "flood":
        with attacking(flood_attack, server.port) as sent:
            line("4. 1 GB POSTs", poll(live, MEASURE), baseline)
        most = max(sent, default=0) / 2**20
        print(f"     connections {len(sent)}, the most one sent before it was closed {most:.1f} MB")
    else:
        with attacking(import_attack, server.base, server.import_game(full_game())) as answers:
            line("6. 500-game imports, undo/put back", poll(live, MEASURE), baseline)
        counts: dict[str, dict[int, int]] = {}
        for what, status in answers:
            counts.setdefault(what, {}).setdefault(status, 0)
            counts[what][status] += 1
        print(f"     answers {counts}")


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    database = "PostgreSQL" if os.environ.get("TEST_DATABASE_URL") else "SQLite"
    print(
        f"live polls while a stranger attacks ({database}; {PHONES} phones, a poll every {EVERY} s each,"
        f" {MEASURE:.0f} s a row; each attack on a server of its own, after its baseline)",
        flush=True,
    )
    for which in ("stake", "zip", "flood", "import"):
        with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp)) as server:
            fresh_limits()  # each attack from an address with nothing counted yet
            live = server.base + server.import_game(full_game())["view_url"] + "/live"
            poll(live, 2)  # warm-up: every worker has loaded the app
            baseline = poll(live, MEASURE)
            line("no attack (baseline)", baseline)
            attack_rows(server, live, baseline, which)
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), https=self_signed(Path(tmp))) as server:
        live = server.base + server.import_game(full_game())["view_url"] + "/live"
        poll(live, 2)
        baseline = poll(live, MEASURE)
        line("HTTPS, no attack (baseline)", baseline)
        with attacking(idle_attack, server.port, 4000) as held:
            polls = poll(live, MEASURE)
        opened, closed = held[0] if held else (0, 0)
        line("3. silent TLS connections", polls, baseline, f"{opened} opened, {closed} closed by the server")
    print("deals lost while workers are killed", flush=True)
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp)) as server:
        deals_lost(server)
    print("memory peak of a group import (this process, under tracemalloc)", flush=True)
    import_memory()
    print("fuzz tier", flush=True)
    fuzz_figures(int(os.environ.get("FUZZ_REQUESTS") or 1500))


if __name__ == "__main__":
    main()
