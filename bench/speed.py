"""What players feel, each figure a ratio to its baseline served by the same gunicorn settings in
the same run (medians of alternated rounds): a save, a game page, a filled and a blank PDF.

Starts the app as `make run` does (scripts/serve.sh: gunicorn, gevent workers) and, beside it, the
baselines of bench/baseline.py with the same settings; requests to the two alternate.

- save a deal (POST -> 303) against one row inserted and committed (POST -> 303);
- the game page of a 28-deal game (read-only and edit link) against a bare Jinja 28x4 table;
- the filled 28-deal PDF asked right after the 28th deal was saved (before any background render
  could have made it: what a player who asks as the game ends waits for), and a first render of an
  imported game, against a one-line WeasyPrint document;
- a blank PDF asked for again (cached) against a bare route.

Run: `.venv/bin/python bench/speed.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.builders import PLAYERS, full_game, game
from tests.server.server import Phone, Server, serve

SUITS = ("spades", "hearts", "diamonds", "clubs")


def fields(hand: dict[str, Any]) -> dict[str, str]:
    """The deal form's fields for a `barbu-game/1` hand of the test builders' players."""
    seat = {name: str(i) for i, name in enumerate(PLAYERS)}
    out = {"contract": hand["contract"]}
    out.update({f"dbl_{seat[a]}_{seat[b]}": "y" for a, b in hand.get("doubles", [])})
    if hand["contract"] == "trumps":
        out["trump"] = "spades"
    result = hand.get("result", {})
    for key in ("tricks", "hearts"):
        for i, n in enumerate(result.get(key, {}).values()):
            out[f"{key}_{i}"] = str(n)
    takers = [seat[name] for name, n in result.get("queens", {}).items() for _ in range(n)]
    out.update({f"queen_{suit}": taker for suit, taker in zip(SUITS, takers, strict=False)})
    for key in ("penultimate", "last", "king", "ace"):
        if key in result:
            out[key] = seat[result[key]]
    out.update({f"place_{i}": seat[name] for i, name in enumerate(result.get("order", []), start=1)})
    return out


def timed(phone: Phone, url: str, data: dict[str, str] | None = None, expect: int = 200) -> float:
    answer = phone.request(url, data=data)
    assert answer.status == expect, (url, answer.status, answer.text[:300])
    return answer.seconds


Figure = tuple[float, float, float]
"""Our median (ms), the baseline's median (ms), and the median of the per-round ratios."""


def ratio(label: str, ours: list[float], base: list[float], base_label: str) -> Figure:
    """Prints the medians and the median of the per-round ratios (ours[i] / base[i], asked one
    after the other, so a busy moment of the machine weighs on both); returns the three."""
    a, b = statistics.median(ours) * 1000, statistics.median(base) * 1000
    r = statistics.median(x / y for x, y in zip(ours, base, strict=True))
    print(f"{label:<44} {a:8.2f} ms   {base_label:<34} {b:7.2f} ms   {r:6.1f}x")
    return a, b, r


def saves(app: Server, baseline: Server, games: int = 3) -> Figure:
    """Every deal of `games` complete games saved through the form, each followed by one insert."""
    ours, base = [], []
    phone, other = Phone(), Phone()
    for _ in range(games):
        links = app.import_game(game())
        entry = app.base + links["edit_url"] + "/deal"
        for hand in full_game()["hands"]:
            form = phone.form(f"{entry}?contract={hand['contract']}")
            ours.append(timed(phone, entry, {**form, **fields(hand)}, expect=303))
            base.append(timed(other, baseline.base + "/insert", {"data": "x" * 200}, expect=303))
    return ratio("save a deal (POST -> 303)", ours, base, "insert + commit (POST -> 303)")


def pages(app: Server, baseline: Server, links: dict[str, str], rounds: int = 60) -> dict[str, Figure]:
    phone = Phone()
    found = {}
    # The games just saved get their sheets rendered in the background 4 s after their last save:
    # let that pass, or it is measured here as a slow page.
    time.sleep(8)
    for kind in ("view_url", "edit_url"):
        url = app.base + links[kind]
        timed(phone, url)  # warm: each worker folds and renders each version once
        timed(phone, url)
        ours, base = [], []
        for _ in range(rounds):
            ours.append(timed(phone, url))
            base.append(timed(phone, baseline.base + "/table"))
        label = f"game page, 28 deals ({kind.split('_')[0]} link)"
        found[kind] = ratio(label, ours, base, "bare Jinja 28x4 table")
    return found


def pdfs(app: Server, baseline: Server, rounds: int = 8, blank: bool = True) -> Figure:
    phone = Phone()
    for _ in range(2):
        timed(phone, baseline.base + "/pdf")  # warm: WeasyPrint's first document loads its fonts
    waited, cold, base, base_cold = [], [], [], []
    for _ in range(rounds):
        links = app.import_game(game())
        entry = app.base + links["edit_url"] + "/deal"
        for hand in full_game()["hands"]:  # the burst: a whole game saved
            form = phone.form(f"{entry}?contract={hand['contract']}")
            timed(phone, entry, {**form, **fields(hand)}, expect=303)
        # Asked at once: the background render starts seconds after the last save, so this is the
        # render a player waits for when the sheet is asked for as the game ends.
        waited.append(timed(phone, app.base + links["view_url"] + "/sheet.pdf"))
        base.append(timed(phone, baseline.base + "/pdf"))
        other = app.import_game(full_game())  # never saved through the app: nothing rendered it yet
        cold.append(timed(phone, app.base + other["view_url"] + "/sheet.pdf?paper=letter"))
        base_cold.append(timed(phone, baseline.base + "/pdf"))
        time.sleep(6)  # let the background render of this game pass before the next round
    found = ratio("filled PDF, asked right after the 28th save", waited, base, "one-line WeasyPrint document")
    ratio("filled 28-deal PDF, imported, first render", cold, base_cold, "one-line WeasyPrint document")
    # The rounds above are the same four players' games, so their sheets' grid (printing/framed)
    # was drawn by the first: here a table never printed before, as it plays, the first deal
    # minutes before the others (the background draws its grid after that first deal).
    new, new_base = [], []
    for n in range(4):
        doc = game()
        doc["players"] = [f"{name} {n}{time.monotonic_ns() % 10**6}" for name in doc["players"]]
        doc["first_declarer"] = doc["players"][0]
        links = app.import_game(doc)
        entry = app.base + links["edit_url"] + "/deal"
        for i, hand in enumerate(full_game()["hands"]):
            form = phone.form(f"{entry}?contract={hand['contract']}")
            timed(phone, entry, {**form, **fields(hand)}, expect=303)
            if i == 0:
                time.sleep(6)  # the next deal is minutes away
        new.append(timed(phone, app.base + links["view_url"] + "/sheet.pdf"))
        new_base.append(timed(phone, baseline.base + "/pdf"))
        time.sleep(6)
    ratio("a new table's filled PDF, after its 28th save", new, new_base, "one-line WeasyPrint document")
    if blank:
        url = app.base + "/sheets/blank.pdf?paper=a4&player_0=Ann"
        timed(phone, url)
        ours, bare = [], []
        for _ in range(40):
            ours.append(timed(phone, url))
            bare.append(timed(phone, baseline.base + "/bare"))
        ratio("blank PDF, asked for again (cached)", ours, bare, "a bare route")
    return found


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as a,
        tempfile.TemporaryDirectory() as b,
        serve(Path(a)) as app,
        serve(Path(b), WSGI_APP="bench.baseline:application()") as baseline,
    ):
        complete = app.import_game(full_game())
        print(f"{'what':<44} {'now':>11}   {'baseline':<34} {'':>10}   ratio")
        saves(app, baseline)
        pages(app, baseline, complete)
        pdfs(app, baseline)


if __name__ == "__main__":
    main()
