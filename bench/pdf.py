"""Row 3 of bench/targets.py alone, in one process: a 28-deal game's filled sheet rendered as the
render process renders it (HTML built by `filled.render_filled`'s template, then `weasy.write`,
the collector off meanwhile), against WeasyPrint's one-line document, rounds alternated, the
median of the per-round ratios.

Run: `.venv/bin/python bench/pdf.py [ROUNDS] [--lang fa] [--cpu] [--profile FILE]`. With `--profile`, one
more render of the sheet is run under cProfile and its statistics written to FILE (read them with
`python -m pstats FILE`). Also `--html FILE` writes the sheet's HTML, `--out FILE` its PDF.

To compare two versions of the code in one process: `--against TREE`, another checkout (say
`git archive OLD | tar -x -C TREE`) whose sheet HTML was written there by its own bench/pdf.py
with `--html TREE/sheet.html`; it is rendered with TREE/static/ in the same alternated rounds, and
the median of the per-round ratios new / old is printed too.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, tzinfo
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SCOREKEEPER_INSTANCE", tempfile.mkdtemp())

from weasyprint import HTML

from scorekeeper import create_app
from scorekeeper.present.i18n import reading_as
from scorekeeper.scoring import load
from scorekeeper.storage import db, store
from scorekeeper.web.printing import filled, render
from scorekeeper.web.printing.weasy import StaticOnlyFetcher, write
from tests.builders import full_game

CLOCK = time.perf_counter


def timed(work: Callable[[], object]) -> float:
    gc.disable()  # as the render process does (renderer.main)
    start = CLOCK()
    work()
    spent = CLOCK() - start
    gc.enable()
    gc.collect()
    return spent * 1000


class Printed(datetime):
    @classmethod
    def now(cls, tz: tzinfo | None = None) -> Printed:
        return cls(2026, 12, 2, 12, 0, tzinfo=tz)


def sheet_html(lang: str, paper: str, orientation: str) -> str:
    """The HTML the filled sheet's route hands to WeasyPrint, caught on its way there."""
    app = create_app({"SECRET_KEY": "bench"})
    db.upgrade(app)
    caught: list[str] = []

    def catch(html: str, **_kw: object) -> bytes:
        caught.append(html)
        return b""

    original = render.pdf
    render.pdf = catch  # type: ignore[assignment]
    filled.datetime = Printed  # type: ignore[attr-defined]  # the same sheet in every run, to compare PDFs
    try:
        with app.app_context(), reading_as(lang, lang == "fa"):
            stored = store.find(store.create(load(full_game())).edit_token)
            assert stored is not None
            filled.render_filled(stored, paper, orientation)
    finally:
        render.pdf = original
    return caught[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds", nargs="?", type=int, default=9)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--orientation", default="portrait")
    parser.add_argument("--profile")
    parser.add_argument("--html")
    parser.add_argument("--out")
    parser.add_argument("--against")
    parser.add_argument("--cpu", action="store_true", help="time this process' CPU, not the wall clock")
    args = parser.parse_args()
    if args.cpu:  # on a busy machine: a render is CPU-bound, and the others' work is left out
        global CLOCK
        CLOCK = time.process_time
    html = sheet_html(args.lang, args.paper, args.orientation)
    if args.html:
        Path(args.html).write_text(html)

    def sheet() -> bytes:
        return write(html, StaticOnlyFetcher())

    def bare() -> bytes:
        data: bytes = HTML(string="<p>Barbu</p>").write_pdf()
        return data

    def old() -> bytes:
        tree = Path(args.against).resolve()
        data: bytes = HTML(
            string=(tree / "sheet.html").read_text(), base_url=(tree / "static").as_uri() + "/"
        ).write_pdf()
        return data

    gc.freeze()
    for _ in range(2):  # WeasyPrint's first documents load its fonts
        bare()
        sheet()
        if args.against:
            old()
    ours, base, ratios, olds, against = [], [], [], [], []
    for _ in range(args.rounds):
        b1 = timed(bare)
        s = timed(sheet)
        b2 = timed(bare)
        ours.append(s)
        base.append((b1 + b2) / 2)
        ratios.append(s / base[-1])
        if args.against:
            o = timed(old)
            b3 = timed(bare)
            olds.append(o / ((b2 + b3) / 2))
            against.append(s / o)
    print(
        f"{args.lang} {args.paper} {args.orientation}: "
        f"filled 28-deal sheet {statistics.median(ours):.1f} ms, "
        f"one-line WeasyPrint {statistics.median(base):.1f} ms, "
        f"ratio {statistics.median(ratios):.1f}x (rounds {min(ratios):.1f}x to {max(ratios):.1f}x)"
    )
    if args.against:
        print(
            f"  against {args.against}: {statistics.median(olds):.1f}x the baseline; "
            f"new / old {statistics.median(against):.2f} (rounds {min(against):.2f} to {max(against):.2f})"
        )
    if args.out:
        Path(args.out).write_bytes(sheet())
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(sheet)
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
