"""What each cache in process memory saves (scorekeeper/util/caches.py): the median time to make its value
again against the time to find it, in one process, for a 28-deal game and a group of 30 such games.
A cache whose making costs little, or that its callers rarely ask twice, does not pay for itself.

Also measured: the dropped cache of a group's folded games and names (group_view.GAMES), which
spared one `groups.games` per new group state when both the page's figures and its live part were
made in the same worker (polls make only the live part).

Run: `.venv/bin/python bench/caches.py`.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROUNDS = 30


def median_ms(work: Callable[[], object], reset: Callable[[], None] = lambda: None) -> float:
    times = []
    for _ in range(ROUNDS):
        reset()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    os.environ["SCOREKEEPER_INSTANCE"] = instance = tempfile.mkdtemp()
    from scorekeeper import create_app
    from scorekeeper.present import group_stats
    from scorekeeper.present.sheet_view import sheet_view
    from scorekeeper.scoring import load
    from scorekeeper.scoring.stats import game_stats
    from scorekeeper.storage import db, groups, links, store
    from scorekeeper.web.common import assets
    from scorekeeper.web.games import page as games
    from scorekeeper.web.groups import charts as group_chart_view
    from scorekeeper.web.groups import figures as group_view
    from scorekeeper.web.groups import views as group_pages
    from tests.builders import full_game

    app = create_app(
        {"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{instance}/b.sqlite"}
    )
    db.upgrade(app)
    with app.app_context():
        group = groups.create("Club")
        rows = [store.create(load(full_game()), kind="import", group=group.membership()) for _ in range(30)]
        game_token, group_token = rows[0].view_token, group.view_token
    client = app.test_client()
    client.get(f"/v/{game_token}/live")
    client.get(f"/gv/{group_token}")
    print("cache: make again / find (median ms, a 28-deal game; a group of 30 such games)")
    with app.test_request_context("/", headers={"Accept-Encoding": "br"}):
        stored = store.find(game_token)
        assert stored is not None
        row, view = stored.row, games.view_of(stored)
        found = groups.find(group_token)
        assert found is not None
        state = (groups.state(group_token, fresh=True) or ("",))[0]
        chosen = group_view.Filter()
        shown = group_view.figures(found.row, state, chosen)
        html = games.FRAGMENTS.get(games.fragment_key(links.digest(game_token), stored.stamp)) or ""

        def nothing() -> None:
            return None

        # name: (make the value again, find it, forget it before each making)
        lines: dict[str, tuple[Callable[[], object], Callable[[], object], Callable[[], None]]] = {
            "store.FOLDED": (lambda: load(store.document(row)), lambda: store.folded(row), nothing),
            "web.games.VIEWS": (lambda: sheet_view(stored.game), lambda: games.view_of(stored), nothing),
            "web.games.SHEETS": (
                lambda: games.sheet_html(stored, view, False),
                lambda: games.sheet_html(stored, view, False),
                games.SHEETS.clear,
            ),
            "web.games.FRAGMENTS": (
                lambda: client.get(f"/v/{game_token}/live", headers={"Accept-Encoding": "identity"}),
                lambda: games.shared_fragment(game_token, stored.stamp),
                games.FRAGMENTS.clear,
            ),
            f"assets.ENCODED (br, {len(html) // 1024} KB)": (
                lambda: assets.compressed_once(html, ("bench",)),
                lambda: assets.compressed_once(html, ("bench",)),
                assets.ENCODED.clear,
            ),
            "group_stats.STATS": (
                lambda: game_stats(stored.game),
                lambda: group_stats.stats_of(shown.games[0]),
                nothing,
            ),
            "web.group_view.FIGURES": (
                lambda: group_view.figures(found.row, state, chosen),
                lambda: group_view.figures(found.row, state, chosen),
                group_view.FIGURES.clear,
            ),
            "web.group_view.NIGHTS": (
                lambda: group_view.night(found.row, state),
                lambda: group_view.night(found.row, state),
                group_view.NIGHTS.clear,
            ),
            "web.group_chart_view.CHARTS": (
                lambda: group_chart_view.charts(found.row, state, chosen, shown),
                lambda: group_chart_view.charts(found.row, state, chosen, shown),
                group_chart_view.CHARTS.clear,
            ),
            "web.groups.FRAGMENTS": (
                lambda: group_pages._fragment(found, state),
                lambda: group_pages._fragment(found, state),
                group_pages.FRAGMENTS.clear,
            ),
            "group_view.GAMES (dropped)": (lambda: group_view._games(found.row), nothing, nothing),
        }
        for name, (make, find, forget) in lines.items():
            find()
            print(f"  {name:<30} {median_ms(make, forget):8.2f} / {median_ms(find):6.3f}")


if __name__ == "__main__":
    main()
