"""A backup restored while two servers serve the game: every page shows the restored game, a form or
ETag of the state that was lost is never taken for the restored one or for the next, the next save
works on either server, and after a restart nothing answers 500. With `scorekeeper restore`, and with
a plain restore done by hand (pg_restore, or SQLite's backup API), which the app is not told of."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Engine, update

from scorekeeper import create_app
from scorekeeper.storage import pgtools, secret, store
from scorekeeper.storage.models import SettingRow

from .helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    Links,
    create_game,
    current_version,
    enter,
    hands,
    post_deal,
)

# Deal 2 as it is entered again after the restore: other hearts, so another state than the one lost.
DEAL_2_AGAIN = {**WORKED_DEAL_2, "hearts_1": "4", "hearts_2": "7"}


@pytest.fixture
def pair(make_app: Callable[..., Flask]) -> Iterator[tuple[Flask, Flask]]:
    """Two servers of one database, as two machines run them (their caches are this process's)."""
    one = make_app()
    config = {k: one.config[k] for k in ("TESTING", "PRERENDER_DELAY", "DATABASE_URL", "SECRET_KEY")}
    two = create_app({**config, "WTF_CSRF_ENABLED": False})
    yield one, two
    two.extensions["db_engine"].dispose()


def _restore_by_hand(engine: Engine, backup: Path) -> None:
    """What an administrator does without the app: pg_restore over the live database, or SQLite's
    backup API from the backup file."""
    if engine.dialect.name == "sqlite":
        source, live = sqlite3.connect(backup), sqlite3.connect(engine.url.database or "")
        source.backup(live)
        source.close(), live.close()
        return
    line = [pgtools.tool("pg_restore"), "--clean", "--if-exists", "--single-transaction", "--no-owner"]
    url, env = pgtools.target(engine)
    subprocess.run([*line, "-d", url, str(backup)], env=env, check=True, capture_output=True)


def _live(client: FlaskClient, links: Links, etag: str | None = None) -> tuple[int, str, str]:
    headers = {"If-None-Match": etag} if etag else {}
    with client.get(f"{links.view}/live", headers=headers) as answer:
        return answer.status_code, answer.headers["ETag"].strip('W/"'), answer.text


@pytest.mark.postgres
@pytest.mark.parametrize("how", ["command", "by hand"])
def test_a_restore_while_two_servers_serve(pair: tuple[Flask, Flask], tmp_path: Path, how: str) -> None:
    one, two = pair
    phone, watcher = one.test_client(), two.test_client()
    links = create_game(phone)
    enter(phone, links, WORKED_DEAL_1)
    backup = tmp_path / "backup"
    assert one.test_cli_runner().invoke(args=["backup", str(backup)]).exit_code == 0

    # Play goes on after the backup: deal 2, seen by the watcher on the other server.
    enter(phone, links, WORKED_DEAL_2)
    lost_form = current_version(phone, links)
    status, lost_etag, lost_page = _live(watcher, links)
    assert status == 200 and "Deal 3 of 28" in lost_page

    if how == "command":
        result = two.test_cli_runner().invoke(args=["restore", str(backup)])
        assert result.exit_code == 0, result.output
    else:
        _restore_by_hand(one.extensions["db_engine"], backup)
    store.STAMPS.clear()  # as STAMP_TTL (half a second) later

    # Every page, on either server, shows the restored game: one deal.
    for client in (phone, watcher):
        assert len(hands(client, links)) == 1
        assert "Deal 2 of 28" in client.get(links.edit).text
    status, etag, page = _live(watcher, links, lost_etag)
    assert status == 200 and etag != lost_etag and "Deal 2 of 28" in page
    # The form of the lost deal 2 is stale: nothing is stored on it.
    assert post_deal(phone, links, DEAL_2_AGAIN, version=lost_form).status_code == 409
    assert len(hands(watcher, links)) == 1

    # The next save works, on the other server, and makes version 2 again: another stamp, ETag.
    assert post_deal(watcher, links, DEAL_2_AGAIN).status_code == 303
    status, again_etag, page = _live(phone, links, lost_etag)
    assert status == 200 and again_etag not in (lost_etag, etag) and "Deal 3 of 28" in page
    assert again_etag.split("-")[0].split(".")[0] == lost_etag.split("-")[0].split(".")[0] == "v2"
    assert page != lost_page
    assert hands(phone, links)[1]["result"]["hearts"]["Beth"] == 4
    assert post_deal(phone, links, DEAL_2_AGAIN, version=lost_form).status_code == 409

    # After a restart (a new process: empty caches), every page still answers.
    store.FOLDED.clear()
    restarted = create_app({**two.config})
    try:
        client = restarted.test_client()
        for path in (links.edit, links.view, f"{links.edit}/history", f"{links.view}/sheet.pdf"):
            assert client.get(path).status_code == 200, path
    finally:
        restarted.extensions["db_engine"].dispose()


@pytest.mark.postgres
def test_a_restore_keeps_the_running_servers_key(pair: tuple[Flask, Flask], tmp_path: Path) -> None:
    one, _two = pair
    one.test_client().get("/")  # the key is stored
    backup = tmp_path / "backup"
    assert one.test_cli_runner().invoke(args=["backup", str(backup)]).exit_code == 0
    engine = one.extensions["db_engine"]
    with engine.begin() as connection:  # the servers run with another key than the backup's
        connection.execute(update(SettingRow).values(value="the running key"))
    assert one.test_cli_runner().invoke(args=["restore", str(backup)]).exit_code == 0
    assert secret.stored_key(engine) == "the running key"
