"""What a stranger's requests cost the real server (as `make run` starts it, CSRF on): a stake whose
arithmetic never ends, a zip bomb, imports and changes counted by what they store. Each is
refused, costs a worker nothing it would notice, and leaves the players' polls answered.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
Timings here are liveness bounds only; bench/attacks.py measures."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from tests.builders import full_game

from .server import Phone, Server, serve

pytestmark = pytest.mark.postgres
LIVELY = 10.0


def _peak_mb(server: Server) -> list[float]:
    """Each worker's memory peak (VmHWM), in MB."""
    pid = server.process.pid
    peaks = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        for row in Path(f"/proc/{child}/status").read_text().splitlines():
            if row.startswith("VmHWM:"):
                peaks.append(int(row.split()[1]) / 1024)
    return peaks


def test_a_hostile_stake_is_refused_and_its_summary_stays_quick(server: Server) -> None:
    links = server.import_game(full_game())
    summary = server.base + links["edit_url"] + "/summary"
    phone = Phone()
    for stake in ("1e-1000030", "1e-99999999999999999", "1e1000000"):
        answer = phone.request(summary, {**phone.form(summary), "stake": stake, "currency": "EUR"})
        assert answer.status == 422 and 'id="stake-error"' in answer.text
    for link in (links["edit_url"], links["view_url"]):
        assert phone.request(server.base + link + "/summary", timeout=LIVELY).status == 200
    assert phone.request(server.base + links["view_url"] + "/live", timeout=LIVELY).status == 200


def test_a_zip_bomb_costs_a_worker_no_memory(server: Server) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_BZIP2) as archive, archive.open("game.json", "w") as member:
        for _ in range(300):  # 300 MB of zeros in a few hundred bytes
            member.write(b"\0" * (1 << 20))
    before = _peak_mb(server)
    answer = Phone().upload(server.base + "/groups/import", "club.zip", out.getvalue())
    assert answer.status == 422 and "cannot read" in answer.text
    grown = [after - was for after, was in zip(_peak_mb(server), before, strict=True)]
    assert max(grown) < 50, f"a worker's memory peak grew by {max(grown):.0f} MB"


def _zip(games: int) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for n in range(games):
            archive.writestr(f"game-{n:03}.json", json.dumps(full_game()))
    return out.getvalue()


def test_imports_count_their_games_and_undo_counts_as_a_change(tmp_path: Path) -> None:
    limits = {"SCOREKEEPER_LIMIT_IMPORT": "[10, 3600]", "SCOREKEEPER_LIMIT_CHANGE": "[3, 600]"}
    with serve(tmp_path, **limits) as server:
        phone = Phone()
        url = server.base + "/groups/import"
        assert phone.upload(url, "club.zip", _zip(8)).status == 303
        assert phone.upload(url, "club.zip", _zip(3)).status == 429  # 8 + 3 > 10: nothing stored
        links = server.import_game(full_game())
        page = server.base + links["edit_url"]
        statuses = []
        for action in ("undo", "redo", "undo", "redo"):
            html = phone.request(page).text
            form = re.search(rf'action="[^"]*/{action}">(.*?)</form>', html, re.S)
            assert form, action
            named = r'name="(csrf_token|version|submission)"[^>]*value="([^"]*)"'
            fields = dict(re.findall(named, form.group(1)))
            statuses.append(phone.request(f"{page}/{action}", fields).status)
        assert statuses == [303, 303, 303, 429]
        export = json.loads(phone.request(server.base + links["view_url"] + "/export.json").body)
        assert len(export["hands"]) == 27  # the third change (an undo) stood; the fourth was refused
        assert phone.request(server.base + links["view_url"] + "/live", timeout=LIVELY).status == 200
