"""The table of issue 23, in one run: each figure against the baseline it names, served by the same
gunicorn command line (scripts/serve.sh, with bench/baseline.py for the baselines), rounds
alternated and ratios taken per round (medians), then the target and whether it holds.

1. save a deal (POST -> 303, not followed) against one INSERT + COMMIT into SQLite (WAL), 303;
2. the game page of a 28-deal game against a bare Jinja 28x4 table of integers (compiled once);
3. the filled PDF asked right after the 28th deal was saved against one line of HTML in WeasyPrint;
4. 1,000 phones polling 20 games (50 each) against the same load on a bare 304 route;
5. 3,000 phones through the two-server deployment (nginx, two servers, one PostgreSQL: needs
   scripts/with-postgres.sh and nginx; left out, and said so, without them);
6. the bytes of a game page's first load (Chromium's network log).

Rows 1 to 4 and 6 use SQLite, also under scripts/with-postgres.sh. Nothing else should run on the
machine meanwhile: unlike bench/polling.py, no process is kept busy beside the phones.

Run: `scripts/with-postgres.sh .venv/bin/python bench/targets.py` (what `make bench` runs first).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import resource
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import page_weight, polling, speed
from bench.target import Target, target
from tests.builders import full_game, game
from tests.server.server import Server, serve

Row = tuple[str, str, str, str, str, bool | None]


def sqlite(folder: str) -> dict[str, str]:
    """SQLite in the server's own folder, whatever TEST_DATABASE_URL says."""
    return {"DATABASE_URL": f"sqlite:///{Path(folder) / 'instance' / 'scorekeeper.sqlite'}"}


def crowd_p99(
    where: Target, paths: list[str], phones: int, writer: Server | None = None, edits: list[str] | None = None
) -> tuple[float, int]:
    """p99 (ms) and errors of `phones` phones polling `paths`; with `writer`, a deal is saved on
    each game of `edits` every few seconds meanwhile, so that some polls get a new sheet."""
    halt = multiprocessing.Event()
    saves: Any = multiprocessing.Queue()
    saving = None
    if writer is not None:
        args = (writer.env, edits, halt, saves)
        saving = multiprocessing.Process(target=polling.tables, args=args, daemon=True)
        saving.start()
    try:
        record = asyncio.run(polling.crowd(where, paths, phones))
        found = polling.summary("app" if writer else "baseline", record)
    finally:
        halt.set()
        if saving is not None:
            saving.join()
    if writer is not None:
        polling.lateness(record, saves, len(paths))
    return found


def polls(app: Target, phones: int) -> tuple[float, float, int]:
    """The app's p99 and the bare 304 route's p99 under the same number of phones, and errors."""
    first = app.servers[0]
    links = [first.import_game(game()) for _ in range(polling.GAMES)]
    views = [link["view_url"] + "/live" for link in links]
    edits = [link["edit_url"].rsplit("/", 1)[1] for link in links]
    with tempfile.TemporaryDirectory() as b, serve(Path(b), WSGI_APP="bench.baseline:application()") as bare:
        print(f"{phones} phones ({phones // polling.GAMES} per game) on {app.label}:")
        ours, errors = crowd_p99(app, views, phones, first, edits)
        base, _ = crowd_p99(Target(bare.base, [bare]), ["/poll"], phones)
    return ours, base, errors


def measured(what: str, run: Callable[[], Row]) -> Row:
    try:
        return run()
    except SystemExit as missing:  # bench.target says what the deployment lacks
        return (what, "-", "-", "-", f"not measured: {missing}", None)


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        with (
            serve(Path(a), **sqlite(a)) as app,
            serve(Path(b), WSGI_APP="bench.baseline:application()", **sqlite(b)) as baseline,
        ):
            complete = app.import_game(full_game())
            print(f"{'what':<44} {'now':>11}   {'baseline':<34} {'':>10}   ratio")
            save = speed.saves(app, baseline)
            page = speed.pages(app, baseline, complete)
            pdf = speed.pdfs(app, baseline, blank=False)
            weight = page_weight.first_visit(app)
        rows.append(("save a deal (POST -> 303)", *ms(save), "<= 2x", save[2] <= 2))
        for kind, figure in page.items():
            label = f"game page, 28 deals ({kind.split('_')[0]} link)"
            rows.append((label, *ms(figure), "<= 3x", figure[2] <= 3))
        rows.append(("filled PDF right after the 28th save", *ms(pdf), "<= 10x", pdf[2] <= 10))
    with tempfile.TemporaryDirectory() as c, target(False, Path(c), **sqlite(c)) as one:
        ours, base, errors = polls(one, 1000)
    rows.append(
        (
            "1,000 phones polling, p99",
            f"{ours:.1f} ms",
            f"{base:.1f} ms",
            f"{ours / base:.1f}x",
            "p99 < 50 ms",
            ours < 50 and not errors,
        )
    )

    def pair() -> Row:
        with tempfile.TemporaryDirectory() as d, target(True, Path(d)) as two:
            ours, base, errors = polls(two, 3000)
        return (
            "3,000 phones, nginx + 2 servers, p99",
            f"{ours:.1f} ms",
            f"{base:.1f} ms",
            f"{ours / base:.1f}x",
            "p99 < 100 ms",
            ours < 100 and not errors,
        )

    rows.append(measured("3,000 phones, nginx + 2 servers, p99", pair))
    size = weight["bytes"]
    rows.append(
        (
            "game page, first load",
            f"{size:,.0f} B in {weight['network']:.0f} requests",
            "-",
            "-",
            "<= 10,000 B",
            size <= 10_000,
        )
    )
    print()
    print("| what | now | baseline | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    for what, now, base_text, ratio, goal, met in rows:
        shown = "-" if met is None else ("yes" if met else "no")
        print(f"| {what} | {now} | {base_text} | {ratio} | {goal} | {shown} |")


def ms(figure: speed.Figure) -> tuple[str, str, str]:
    return f"{figure[0]:.2f} ms", f"{figure[1]:.2f} ms", f"{figure[2]:.1f}x"


if __name__ == "__main__":
    main()
