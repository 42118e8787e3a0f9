"""A backup restored while both servers serve and phones follow a game: deploy/backup.sh, then
`scorekeeper restore` and a plain pg_restore done by hand. The phones show the restored game without
a reload, the next save works on either server, and no ETag ever names two states (a poller records
every answer). Then the upgrade step of deploy/: each server taken out of nginx, reloaded (new
workers, empty caches) and put back while the phones follow: nothing answers 500, nothing waits."""

from __future__ import annotations

import hashlib
import re
import subprocess
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper.storage import pgtools
from tests.browser.entry import create_game, enter_hand
from tests.server.server import ROOT, Phone
from tests.web.helpers import new_game_form

from .cluster import Cluster, save_on
from .test_phones import NAMES, hands, shown, totals_after, two_persian_phones


class Poller(threading.Thread):
    """Asks for the read-only live part every 0.2 s, without an ETag, and records which bodies each
    ETag came with: one ETag must always come with one body."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.stop = url, threading.Event()
        self.bodies: dict[str, set[str]] = defaultdict(set)
        self.statuses: list[int] = []
        self.errors: list[str] = []
        self.slowest = 0.0

    def run(self) -> None:
        phone = Phone()
        while not self.stop.is_set():
            try:
                answer = phone.request(self.url, headers={"Accept-Encoding": "identity"}, timeout=30)
            except OSError as error:  # no answer at all: as bad as a 5xx
                self.statuses.append(599)
                self.errors.append(f"{time.strftime('%H:%M:%S')} {error!r}")
                continue
            self.statuses.append(answer.status)
            self.slowest = max(self.slowest, answer.seconds)
            if answer.status == 200:
                self.bodies[answer.headers["ETag"]].add(hashlib.sha256(answer.body).hexdigest())
            time.sleep(0.2)


def _by_hand(club: Cluster, backup: Path) -> None:
    """What an administrator may do without the app: pg_restore over the live database."""
    line = [pgtools.tool("pg_restore"), "--clean", "--if-exists", "--single-transaction", "--no-owner"]
    done = subprocess.run([*line, "-d", club.url, str(backup)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_restore_while_both_servers_serve_and_then_an_upgrade(
    club: Cluster, phone: Callable[..., Page], shot: Callable[..., Path], tmp_path: Path
) -> None:
    base, names = club.base, NAMES["fa"]
    scorer, follower = two_persian_phones(phone, base)
    token = create_game(scorer, base, names)
    view = scorer.locator("#view-link").input_value()
    follower.goto(view)
    poller = Poller(f"{view}/live")
    poller.start()

    def follows(played: list[dict[str, object]]) -> None:
        for seat, total in enumerate(totals_after(names, played)):
            expect(follower.locator("ul.totals strong").nth(seat)).to_have_text(
                shown(total, "fa", True), timeout=10_000
            )
        assert follower.url == view

    first, second = hands(names)
    # Deal 2 entered again after a restore (another contract: another state), and deal 3.
    again = {
        "contract": "no-tricks",
        "doubles": [],
        "result": {"tricks": dict(zip(names, (4, 3, 3, 3), strict=True))},
    }
    third = {"contract": "no-last-two", "doubles": [], "result": {"penultimate": names[1], "last": names[2]}}
    enter_hand(scorer, base, token, first, names)
    follows([first])
    backup = subprocess.run(
        [str(ROOT / "deploy" / "backup.sh"), str(tmp_path / "backups")],
        env=club.servers[0].env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert re.search(r"scorekeeper-\d{8}T\d{6}Z\.backup$", backup), backup
    enter_hand(scorer, base, token, second, names)
    follows([first, second])

    for restore in ("command", "by hand"):
        if restore == "command":
            assert "restored" in club.servers[1].cli("restore", backup)
        else:
            _by_hand(club, Path(backup))
        follows([first])  # the follower's page shows the restored game, without a reload
        shot(follower, f"fa-persian-follower-after-restore-{restore.replace(' ', '-')}")
        # The next save works on either server: one straight to the first, one through nginx.
        assert save_on(club.servers[0].base, token, again) == 303
        follows([first, again])
        enter_hand(scorer, base, token, third, names)
        follows([first, again, third])

    # The upgrade step of deploy/: each server replaced in turn while the phones follow.
    for server in club.servers:
        club.upgrade(server)
    for server in (club.servers[0].base, club.servers[1].base, base, base):
        for path in (f"/g/{token}", view.replace(base, ""), f"/g/{token}/history", "/"):
            assert Phone().request(server + path).status == 200, (server, path)
    newcomer = Phone()
    form = {**newcomer.form(base + "/new"), **new_game_form()}
    made = newcomer.request(base + "/new", form, headers={"Referer": base + "/new"})
    assert made.status == 303
    tricks = dict(zip(names, (5, 4, 2, 2), strict=True))
    fourth = {"contract": "trumps", "trump": "hearts", "doubles": [], "result": {"tricks": tricks}}
    enter_hand(scorer, base, token, fourth, names)
    follows([first, again, third, fourth])
    shot(follower, "fa-persian-follower-after-upgrade", full=True)

    poller.stop.set()
    poller.join(timeout=15)
    assert not [s for s in poller.statuses if s >= 500], (poller.errors, poller.statuses)
    # No answer held for the seconds a reloaded server's new workers take to start (nginx left
    # that server alone meanwhile); a restore holds them for a moment only.
    assert poller.slowest < 8, poller.slowest
    assert len(poller.bodies) >= 6
    assert all(len(bodies) == 1 for bodies in poller.bodies.values()), dict(poller.bodies)
