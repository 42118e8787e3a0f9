"""One secret key for every server of a database, kept in the database: a form rendered by one server
posts to another, a phone's list of games survives a change of server, an install from before keeps
its key, and a server whose key was set by hand to another value refuses to start."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.server import worker as serving
from scorekeeper.storage import secret

from .helpers import WORKED_DEAL_1, create_game, form_version


@pytest.fixture
def servers(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Callable[[str], Flask]]:
    """`servers(name)`: an app as a server of its own starts it, with its own instance folder and no
    key given, on the tests' database (emptied before the first one only)."""
    made: list[Flask] = []

    def make(name: str) -> Flask:
        monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / name))
        if not made:
            made.append(make_app(SECRET_KEY=None, WTF_CSRF_ENABLED=True))
        else:
            config = {k: made[0].config[k] for k in ("TESTING", "PRERENDER_DELAY", "DATABASE_URL")}
            made.append(create_app({**config, "WTF_CSRF_ENABLED": True}))
        return made[-1]

    yield make
    for app in made[1:]:
        app.extensions["db_engine"].dispose()


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert found
    return found.group(1)


@pytest.mark.postgres
def test_two_servers_of_one_database_share_their_key(servers: Callable[[str], Flask], tmp_path: Path) -> None:
    one = servers("one")
    phone = one.test_client()
    page = phone.get("/new").text  # the first request of server one stores the key
    two = servers("two")
    # The same phone (its cookies) now reaches the other server: what one signed, two accepts.
    phone.application = two
    form = {"player_0": "Ann", "player_1": "Beth", "player_2": "Cat", "player_3": "Diana"}
    answer = phone.post("/new", data={**form, "first_declarer": "0", "csrf_token": _csrf(page)})
    assert answer.status_code == 303, answer.text
    assert one.config["SECRET_KEY"] == two.config["SECRET_KEY"]
    # The list of games opened on the phone, signed by two, is read by one.
    assert phone.get(answer.headers["Location"]).status_code == 200
    phone.application = one
    assert answer.headers["Location"] in phone.get("/").text
    assert not (tmp_path / "one" / secret.FILE).exists(), "the key is kept in the database, not on disk"


def test_a_deal_form_from_one_server_saves_on_the_other(servers: Callable[[str], Flask]) -> None:
    one, two = servers("one"), servers("two")
    phone = one.test_client()
    links = create_game(phone, csrf_token=_csrf(phone.get("/new").text))
    page = phone.get(f"{links.entry}?contract=no-queens").text
    phone.application = two
    sent = {**WORKED_DEAL_1, "version": form_version(page), "csrf_token": _csrf(page)}
    assert phone.post(links.entry, data=sent).status_code == 303


def test_an_install_from_before_keeps_its_key(servers: Callable[[str], Flask], tmp_path: Path) -> None:
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / secret.FILE).write_text("the key of an existing install\n")
    old = servers("old")
    old.test_client().get("/")
    assert old.config["SECRET_KEY"] == "the key of an existing install"
    new = servers("new")
    new.test_client().get("/")
    assert new.config["SECRET_KEY"] == "the key of an existing install"


@pytest.mark.postgres
def test_servers_starting_at_once_agree(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    engine = app.extensions["db_engine"]
    start = threading.Barrier(4)
    found: list[str] = []

    def start_server(n: int) -> None:
        start.wait()
        found.append(secret.shared_key(engine, f"candidate {n}"))

    threads = [threading.Thread(target=start_server, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(found) == 4 and len(set(found)) == 1


def test_a_key_set_by_hand_that_disagrees_refuses_to_start(
    servers: Callable[[str], Flask], monkeypatch: pytest.MonkeyPatch, database_url: str
) -> None:
    first = servers("one")
    first.test_client().get("/")
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "another key")
    with pytest.raises(secret.Disagreement, match="SCOREKEEPER_SECRET_KEY"):
        serving.application()
    # The same key by hand starts.
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", first.config["SECRET_KEY"])
    assert serving.application() is not None
