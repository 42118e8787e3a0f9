"""Input built to hurt, one finding at a time: a stake whose exact arithmetic never ends, zips that
inflate to gigabytes, a group import that fails midway, dates and names that PostgreSQL cannot
hold. Each is refused next to its field (or clamped), costs no more than an ordinary request, and
stores nothing or everything.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import io
import json
import re
import threading
import tracemalloc
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from scorekeeper.storage import db, new_games
from scorekeeper.storage.models import ChangeRow, DealRow, GameRow, GroupRow, NameMergeRow
from tests.builders import full_game, worked_example
from tests.web.groups.test_group_transfer import zipped
from tests.web.groups.test_groups import create_group, names_post, start_game
from tests.web.helpers import count_rows, import_game

pytestmark = pytest.mark.postgres

HOSTILE_STAKES = ["1e-1000030", "1e-99999999999999999", "1e1000000", "9" * 5000, "0." + "0" * 300 + "1"]
QUICK = 10.0  # seconds: a liveness bound only a frozen worker misses (an answer takes milliseconds)


def _answered_within(seconds: float, ask: Callable[[], Any]) -> Any:
    """What `ask()` returns, if it returns within `seconds`; fails the test otherwise."""
    answers: list[Any] = []
    worker = threading.Thread(target=lambda: answers.append(ask()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert answers, f"no answer within {seconds} s: the worker would be frozen"
    return answers[0]


# -- 1. a stake that freezes workers ------------------------------------------------------------


@pytest.mark.parametrize("stake", HOSTILE_STAKES)
def test_a_hostile_stake_is_refused_next_to_its_field_and_not_kept(app: Flask, stake: str) -> None:
    client = app.test_client()
    links = import_game(app, full_game())
    response = _answered_within(
        QUICK, lambda: client.post(f"{links.edit}/summary", data={"stake": stake, "currency": "EUR"})
    )
    assert response.status_code == 422
    assert 'id="stake-error"' in response.text and "stake" in response.text
    with app.app_context():
        assert db.session().scalar(select(GameRow.settle)) is None


@pytest.mark.parametrize("stake", HOSTILE_STAKES)
def test_a_hostile_stake_kept_before_costs_nothing_to_show(app: Flask, stake: str) -> None:
    """A stake stored before the fix (the attack had already run): every view of the summary,
    read-only link included, would work for half a minute, or for ever."""
    links = import_game(app, full_game())
    with app.app_context():
        s = db.session()
        s.execute(update(GameRow).values(settle={"stake": stake, "currency": "EUR"}))
        s.commit()
    client = app.test_client()
    for link in (links.edit, links.view):
        response = _answered_within(QUICK, lambda link=link: client.get(f"{link}/summary"))
        assert response.status_code == 200


# -- 2. zips that inflate to gigabytes ----------------------------------------------------------


def _bomb(method: int, megabytes: int) -> bytes:
    """A zip of one game file of `megabytes` zeros, compressed with `method`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive, archive.open("game.json", "w") as member:
        chunk = b"\0" * (1 << 20)
        for _ in range(megabytes):
            member.write(chunk)
    return out.getvalue()


@pytest.fixture(scope="module")
def bombs() -> dict[str, bytes]:
    return {
        "bzip2": _bomb(zipfile.ZIP_BZIP2, 200),  # 200 MB in a few hundred bytes
        "lzma": _bomb(zipfile.ZIP_LZMA, 40),
        "deflate": _bomb(zipfile.ZIP_DEFLATED, 40),
    }


def _upload(client: FlaskClient, content: bytes) -> Any:
    return client.post(
        "/groups/import",
        data={"file": (io.BytesIO(content), "group.zip")},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize("method", ["bzip2", "lzma", "deflate"])
def test_a_zip_bomb_is_refused_without_being_inflated(
    app: Flask, bombs: dict[str, bytes], method: str
) -> None:
    client = app.test_client()
    tracemalloc.start()
    try:
        response = _upload(client, bombs[method])
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert response.status_code == 422
    assert 'id="file-problem"' in response.text
    assert peak < 16 * 1024 * 1024, f"the import allocated {peak / 2**20:.0f} MB"
    assert count_rows(app, GroupRow) == count_rows(app, GameRow) == 0


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_the_methods_the_app_writes_are_read(app: Flask, method: int) -> None:
    response = _upload(app.test_client(), zipped({"a.json": json.dumps(worked_example())}, method))
    assert response.status_code == 303


# -- 7. a group import that fails midway ---------------------------------------------------------


def test_a_group_import_that_fails_midway_stores_nothing(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    games = {f"g{n}.json": json.dumps(full_game()) for n in range(5)}
    content = zipped({**games, "group.json": json.dumps({"name": "Club", "merges": {"anne": "Ann"}})})
    real, calls = new_games.dump, [0]

    def dump_then_fail(game: Any) -> Any:
        calls[0] += 1
        if calls[0] == 3:  # the third game to be stored: a crash, a lost connection, a full disk
            raise RuntimeError("the database went away")
        return real(game)

    monkeypatch.setattr(new_games, "dump", dump_then_fail)
    with pytest.raises(RuntimeError):
        _upload(app.test_client(), content)
    monkeypatch.undo()
    for model in (GroupRow, GameRow, DealRow, ChangeRow, NameMergeRow):
        assert count_rows(app, model) == 0, model.__name__
    # And the same zip imports whole afterwards.
    assert _upload(app.test_client(), content).status_code == 303
    assert count_rows(app, GameRow) == 5 and count_rows(app, GroupRow) == 1


# -- 8. dates and names PostgreSQL cannot hold ---------------------------------------------------

ODD_DATES = ["0001-01-01T00:30:00+01:00", "9999-12-31T23:00:00-05:00", "0001-01-01", "9999-12-31T23:59:59"]


def test_imported_dates_far_off_are_clamped_and_the_pages_stay_up(app: Flask) -> None:
    files: dict[str, bytes | str] = {
        f"g{n}.json": json.dumps(worked_example()) for n in range(len(ODD_DATES))
    }
    listed = [{"file": f"g{n}.json", "created_at": when} for n, when in enumerate(ODD_DATES)]
    files["group.json"] = json.dumps({"name": "Old club", "games": listed})
    client = app.test_client()
    response = _upload(client, zipped(files))
    assert response.status_code == 303, response.text
    group = response.headers["Location"]
    page = client.get(group)
    assert page.status_code == 200
    assert client.get(f"{group}/export.zip").status_code == 200
    with app.app_context():
        years = sorted(r.created_at.year for r in db.session().scalars(select(GameRow)))
    assert years[0] == 2000 and years[-1] <= 2100
    for link in {link for link in _game_links(page.text)}:
        assert client.get(link).status_code == 200


def _game_links(html: str) -> list[str]:
    return re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', html)


def test_a_spelling_that_folds_too_long_is_refused_in_a_manifest(app: Flask) -> None:
    manifest = {"name": "Club", "merges": {"ß" * 40: "Ann"}}
    files = {"a.json": json.dumps(worked_example()), "group.json": json.dumps(manifest)}
    response = _upload(app.test_client(), zipped(files))
    assert response.status_code == 422
    assert "merged names" in response.text
    assert count_rows(app, GroupRow) == 0


def test_a_spelling_that_folds_too_long_is_refused_next_to_the_field(app: Flask) -> None:
    client = app.test_client()
    edit, _view = create_group(client)
    long = "ß" * 40
    start_game(client, edit, [long, "Beth", "Cat", "Diana"])
    start_game(client, edit, ["Ann", "Beth", "Cat", "Diana"])
    response = names_post(client, edit, "merge", alias=long, name="Ann")
    assert response.status_code == 422
    assert "too long to be merged" in response.text
    assert count_rows(app, NameMergeRow) == 0
    # The other way round is fine: the name a spelling counts as is kept as it is written.
    assert names_post(client, edit, "merge", alias="Ann", name=long).status_code == 303
    assert client.get(edit).status_code == 200
