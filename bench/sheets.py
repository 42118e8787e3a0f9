"""Time to print a filled 28-deal sheet, rendered and cached, against WeasyPrint's one-line baseline.

Run: `.venv/bin/python bench/sheets.py`. The first render in a process pays WeasyPrint's start-up
cost, so one warm-up render of each kind comes before the timed ones.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SCOREKEEPER_INSTANCE", tempfile.mkdtemp())

from weasyprint import HTML

from scorekeeper import create_app
from scorekeeper.scoring import load
from scorekeeper.storage import db, store
from scorekeeper.storage.models import PdfCacheRow
from tests.builders import full_game

RUNS = 15


def median_ms(work) -> float:
    work()  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    app = create_app({"SECRET_KEY": "bench"})
    db.upgrade(app)
    with app.app_context():
        row = store.create(load(full_game()))
    client = app.test_client()
    url = f"/v/{row.view_token}/sheet.pdf"

    def uncached() -> None:
        with app.app_context():
            db.session().query(PdfCacheRow).delete()
            db.session().commit()
        assert client.get(url).status_code == 200

    baseline = median_ms(lambda: HTML(string="<p>Barbu</p>").write_pdf())
    rendered = median_ms(uncached)
    client.get(url)
    cached = median_ms(lambda: client.get(url))
    print(f"WeasyPrint, one-line document (baseline)  {baseline:8.1f} ms")
    print(f"filled 28-deal sheet, rendered            {rendered:8.1f} ms  ({rendered / baseline:.1f}x)")
    print(f"filled 28-deal sheet, cached              {cached:8.1f} ms  ({cached / baseline:.2f}x)")


if __name__ == "__main__":
    main()
