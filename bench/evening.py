"""A club evening on the real server: 40 players at 10 tables over 3 rounds, with 100 phones and 2
big screens following it, on SQLite and on PostgreSQL.

Starts the app as `make run` does (scripts/serve.sh: gunicorn, gevent workers; bench/target.py),
then, through the web app's forms as phones send them: a group is created, an evening of 40
walk-ins planned from it (3 rounds, Barbette at the tables of four: 16 deals a table), and played.
Each table's scorer opens the deal form, saves the next deal and follows the redirect to the game
page, a deal every PACE seconds (with jitter) where a real table takes about four minutes: the
deals come some 120 times faster than in a real room. When every table has finished, the organiser
seats the next round (the "next round" POST, everyone present). Meanwhile, at the real intervals:

- 40 phones follow their player's guide card (`.../players/<n>/live`, every 5 s: data-poll-seconds
  of templates/evening/card.html, as static/js/evening-screen.js asks);
- 60 phones follow a table of the round in play, 6 a table (`/v/<token>/live`, every 2 s as
  static/js/live.js asks), opening the next round's table when it is seated;
- 2 big screens follow the evening (`.../screen/live`, every 5 s).

Every phone first loads its page (counted as "page", with the scorers' deal forms and game pages
and the organiser's evening page) and then asks with the ETag it has. Polls are not sped up, so
each poll finds a change far more often than in a real room (cards and screens change with every
deal of the group). Prints p50/p99 and errors (an answer other than the one expected, or none within
TIMEOUT seconds) per kind of request. Figures: bench/evening.md.

Run: `.venv/bin/python bench/evening.py [--db sqlite|postgres|both] [--pace SECONDS]` (PostgreSQL
through scripts/with-postgres.sh, started here unless TEST_DATABASE_URL is set).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import html
import multiprocessing
import os
import queue
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.club_night import answer, post
from bench.speed import fields
from bench.target import Target, target
from bench.targets import sqlite
from tests.builders import PLAYERS, block
from tests.server.server import ROOT, Phone

NAMES = [f"Player {n:02d}" for n in range(1, 41)]
ROUNDS = 3
TABLES = 10
CARD_EVERY, GAME_EVERY, SCREEN_EVERY = 5.0, 2.0, 5.0
GAME_PHONES, SCREENS = 60, 2
PACE = 2.0
TIMEOUT = 10.0
HANDS = [h for p in PLAYERS for h in block(p, ["no-queens", "no-last-two", "barbu", "trumps"])]
"""A complete Barbette: each declarer's four deals, the opponents doubling in the first two."""
EXPECTED = {"save": 303, "next round": 303, "page": 200}
KINDS = ("save", "next round", "page", "card poll", "game poll", "screen poll")
Record = tuple[str, float, int]  # (kind, seconds, status; 0 for no answer, -1 for a page without its form)


def send(phone: Phone, url: str, pairs: list[tuple[str, str]]) -> Any:
    """A form with repeated fields (ticked boxes), sent as a browser sends it."""
    body = urllib.parse.urlencode(pairs).encode()
    return phone.request(url, headers={"Referer": url}, body=body, timeout=TIMEOUT)


def timed(out: Any, kind: str, phone: Phone, url: str) -> str:
    """GET `url` and record it; its text."""
    try:
        got = phone.request(url, timeout=TIMEOUT)
        out.put((kind, got.seconds, got.status))
        return got.text
    except OSError:
        out.put((kind, TIMEOUT, 0))
        return ""


def plan(base: str) -> tuple[str, str, int]:
    """A group and its evening of 40, round 1 seated: (group edit token, view token, evening)."""
    phone = Phone()
    made = post(phone, base + "/groups/new", {**phone.form(base + "/groups/new"), "name": "Club"})
    assert made.status == 303, made.text[:300]
    edit = made.headers["Location"].rsplit("/", 1)[1]
    view = re.search(r"/gv/([A-Za-z0-9_-]+)", phone.request(f"{base}/gr/{edit}").text)
    assert view
    new = f"{base}/gr/{edit}/evenings/new"
    pairs = [*phone.form(new).items(), ("walk_ins", "\n".join(NAMES)), ("rounds", str(ROUNDS))]
    pairs += [("sizes", s) for s in "345"] + [("game_3", "barbu-3"), ("game_4", "barbu")]
    pairs += [("game_5", "barbu-5"), ("length", "barbette")]
    planned = send(phone, new, pairs)
    assert planned.status == 303, planned.text[:500]
    return edit, view.group(1), int(planned.headers["Location"].rsplit("/", 1)[1])


def scorer(base: str, edit: str, pace: float, out: Any) -> None:
    """One table's scorer: the deal form, the deal saved, the game page, every `pace` s or so."""
    phone = Phone()
    entry = f"{base}/g/{edit}/deal"
    time.sleep(random.uniform(0, pace))
    for hand in HANDS:
        sent = saved = time.monotonic()
        try:
            form = phone.form(f"{entry}?contract={hand['contract']}")
            out.put(("page", time.monotonic() - sent, 200 if "csrf_token" in form else -1))
            saved = time.monotonic()
            got = post(phone, entry, {**form, **fields(hand)}, timeout=TIMEOUT)
            out.put(("save", got.seconds, got.status))
            if got.status == 303:
                timed(out, "page", phone, base + got.headers["Location"].split("#")[0])
        except OSError:
            out.put(("save", time.monotonic() - saved, 0))
        time.sleep(max(0.0, pace * random.uniform(0.7, 1.3) - (time.monotonic() - sent)))


def organise(base: str, edit: str, number: int, pace: float, out: Any) -> None:
    """Each round: its tables found on the evening page and played; then the next round seated."""
    phone = Phone()
    evening = f"{base}/gr/{edit}/evenings/{number}"
    for r in range(1, ROUNDS + 1):
        if r > 1:
            pairs = [*phone.form(evening).items(), *(("present", n) for n in NAMES), ("length", "barbette")]
            got = send(phone, evening + "/next", pairs)
            out.put(("next round", got.seconds, got.status))
        part = timed(out, "page", phone, evening).split(f'id="round-{r}"')[-1].split("</section>")[0]
        edits = list(dict.fromkeys(re.findall(r'href="/g/([A-Za-z0-9_-]+)"', part)))
        views = [re.search(r"/v/([A-Za-z0-9_-]+)", timed(out, "page", phone, f"{base}/g/{e}")) for e in edits]
        out.put(("round", r, [f"/v/{v.group(1)}" for v in views if v]))
        tables = [threading.Thread(target=scorer, args=(base, e, pace, out)) for e in edits]
        for t in tables:
            t.start()
        for t in tables:
            t.join()
    out.put(("over", 0, 0))


async def follow(where: Target, page: Any, kind: str, every: float, state: dict[str, Any]) -> None:
    """One phone: its page loaded (again when `page()` names another), then its live part asked
    for every `every` s after each answer, with the ETag it has."""
    await asyncio.sleep(random.uniform(0, every))
    shown, live, etag, reader, writer = "", "", "", None, None
    while not state["over"]:
        if page() != shown:
            shown = page()
            try:
                got = await asyncio.to_thread(Phone().request, where.base + shown, timeout=TIMEOUT)
                state["records"].append(("page", got.seconds, got.status))
                text = got.text
            except OSError:  # no answer within TIMEOUT: counted as a page error
                state["records"].append(("page", TIMEOUT, 0))
                text = ""
            found = re.search(r'data-live-url="([^"]+)"[^>]*data-etag="([^"]*)"', text)
            live, etag = (html.unescape(found.group(1)), f'W/"{found.group(2)}"') if found else ("", "")
        if not live:  # its page did not come (counted): loaded again after a pause
            shown = ""
            await asyncio.sleep(every)
            continue
        sent = time.monotonic()
        try:
            if writer is None:
                reader, writer = await where.connect()
            assert reader is not None
            head = f"GET {live} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, br\r\n"
            writer.write((head + (f"If-None-Match: {etag}\r\n" if etag else "") + "\r\n").encode())
            await writer.drain()
            status, etag = await asyncio.wait_for(answer(reader, etag), TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError, TimeoutError):
            status = 0
            if writer is not None:
                writer.close()
            reader = writer = None
        state["records"].append((kind, time.monotonic() - sent, status))
        await asyncio.sleep(every * random.uniform(0.8, 1.2))
    if writer is not None:
        writer.close()


async def listen(out: Any, state: dict[str, Any]) -> None:
    """The organiser's news: records, each round's tables, the evening's end."""
    while not state["over"]:
        try:
            kind, a, b = out.get_nowait()
        except queue.Empty:
            await asyncio.sleep(0.2)
            continue
        if kind == "round":  # a round whose tables could not be read keeps the phones where they are
            state["round"], state["views"] = a, b or state["views"]
        elif kind == "over":
            state["over"] = True
        else:
            state["records"].append((kind, a, b))


async def room(where: Target, cards: list[str], screen: str, out: Any) -> dict[str, Any]:
    state: dict[str, Any] = {"over": False, "records": [], "round": 0, "views": []}
    while not state["views"]:  # the phones open their pages once round 1's tables are known
        await listen_once(out, state)
    phones = [follow(where, lambda c=c: c, "card poll", CARD_EVERY, state) for c in cards]
    phones += [
        follow(where, lambda i=i: state["views"][i % len(state["views"])], "game poll", GAME_EVERY, state)
        for i in range(GAME_PHONES)
    ]
    phones += [follow(where, lambda: screen, "screen poll", SCREEN_EVERY, state) for _ in range(SCREENS)]
    await asyncio.gather(listen(out, state), *phones)
    return state


async def listen_once(out: Any, state: dict[str, Any]) -> None:
    kind, a, b = await asyncio.to_thread(out.get)
    if kind == "round":
        state["round"], state["views"] = a, b
    else:
        state["records"].append((kind, a, b))


def evening(database: str, pace: float) -> None:
    # The deals come far faster than a club's: the limit on changes is lifted, as in club_night.py.
    limits = {"SCOREKEEPER_LIMIT_CREATE": "[1000, 600]", "SCOREKEEPER_LIMIT_CHANGE": "[1000000, 600]"}
    with tempfile.TemporaryDirectory() as tmp:
        settings = {**limits, **(sqlite(tmp) if database == "SQLite" else {})}
        with target(False, Path(tmp), **settings) as server:
            state, took, before, after = play(server, pace)
    report(database, pace, took, before, after, state["records"])


def play(server: Target, pace: float) -> tuple[dict[str, Any], float, Any, Any]:
    """The evening planned and played on `server`: the phones' state, seconds, load before, after."""
    edit, view, number = plan(server.base)
    shown = Phone().request(f"{server.base}/gr/{edit}/evenings/{number}").text
    cards = [html.unescape(c) for c in re.findall(r'href="([^"]*/players/\d+\?name=[^"]+)"', shown)]
    assert len(cards) == len(NAMES), len(cards)
    before, start = os.getloadavg(), time.monotonic()
    out: Any = multiprocessing.Queue()
    writer = multiprocessing.Process(target=organise, args=(server.base, edit, number, pace, out))
    writer.start()
    state = asyncio.run(room(server, cards, f"/gv/{view}/evenings/{number}/screen", out))
    writer.join()
    return state, time.monotonic() - start, before, os.getloadavg()


def report(database: str, pace: float, took: float, before: Any, after: Any, records: list[Record]) -> None:
    print(
        f"\nevening on {database}: {len(NAMES)} players, {TABLES} tables, {ROUNDS} rounds of Barbette"
        f" (16 deals), a deal every {pace:g} s per table; {len(NAMES) + GAME_PHONES} phones,"
        f" {SCREENS} big screens; {took:.0f} s; load average {before[0]:.1f} before, {after[0]:.1f} after"
    )
    print("| request | count | answered 200 | p50 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|")
    for kind in KINDS:
        mine = [r for r in records if r[0] == kind]
        good = {EXPECTED[kind]} if kind in EXPECTED else {200, 304}
        ok = sorted(r[1] for r in mine if r[2] in good)
        bad = collections.Counter(
            {0: "no answer", -1: "no form"}.get(r[2], str(r[2])) for r in mine if r[2] not in good
        )
        told = f" ({', '.join(f'{k}: {n}' for k, n in sorted(bad.items()))})" if bad else ""
        fresh = sum(1 for r in mine if r[2] == 200)
        p50 = statistics.median(ok) * 1000 if ok else float("nan")
        p99 = (
            statistics.quantiles(ok, n=100)[98] if len(ok) >= 100 else max(ok, default=float("nan"))
        ) * 1000
        print(f"| {kind} | {len(mine)} | {fresh} | {p50:.1f} | {p99:.1f} | {sum(bad.values())}{told} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--pace", type=float, default=PACE, help="seconds between a table's deals")
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    if args.db in ("sqlite", "both"):
        evening("SQLite", args.pace)
    if args.db in ("postgres", "both"):
        if os.environ.get("TEST_DATABASE_URL"):
            evening("PostgreSQL", args.pace)
        else:  # a throwaway PostgreSQL for this run (scripts/with-postgres.sh), then gone
            again = [sys.executable, __file__, "--db", "postgres", "--pace", str(args.pace)]
            subprocess.run([str(ROOT / "scripts" / "with-postgres.sh"), *again], check=True)


if __name__ == "__main__":
    main()
