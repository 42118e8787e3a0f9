"""Links as an attacker meets them: the database keeps no link in clear (a leaked backup gives no
game, group or kept check), every link handed out before the change still works, and a live poll
is authorized before its ETag is compared.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import db
from scorekeeper.storage.models import Base
from tests.builders import worked_example
from tests.web.groups.test_groups import create_group, start_game
from tests.web.helpers import WORKED_DEAL_1, create_game, enter, new_game_form, play_again

from .legacy import app_at_0010, old_games, old_table, paper_sheet

pytestmark = pytest.mark.postgres


def _dump(app: Flask) -> str:
    """Every value of every table, as text: what a leaked backup holds."""
    with app.extensions["db_engine"].connect() as connection:
        return "\n".join(
            repr(tuple(row))
            for table in Base.metadata.sorted_tables
            for row in connection.execute(sa.select(table))
        )


def _club(client: FlaskClient) -> dict[str, str]:
    """A group with two games (one started with "play again"), a game of its own and a kept check:
    every link each of them has, by name."""
    group_edit, group_view = create_group(client, "Club")
    table = start_game(client, group_edit)
    enter(client, table, WORKED_DEAL_1)
    again = play_again(client, table, uuid.uuid4().hex)
    assert again.status_code == 303, again.text
    alone = create_game(client)
    kept = client.post("/check/sheet?game=barbu", data={"action": "keep", "s0_0": "-26"})
    assert kept.status_code == 303
    return {
        "group edit": group_edit,
        "group view": group_view,
        "table edit": table.edit,
        "table view": table.view,
        "again edit": again.headers["Location"],
        "alone edit": alone.edit,
        "alone view": alone.view,
        "check": kept.headers["Location"].split("?")[0],
    }


def test_the_database_keeps_no_link(app: Flask) -> None:
    client = app.test_client()
    links = _club(client)
    leaked = _dump(app)
    for name, link in links.items():
        token = link.rsplit("/", 1)[1]
        assert token not in leaked, f"the {name} link is in the database in clear"
    # And every one of them still opens its page.
    for name, link in links.items():
        assert client.get(link).status_code == 200, name


def test_pages_still_show_the_links_they_showed(app: Flask) -> None:
    client = app.test_client()
    links = _club(client)
    table_page = client.get(links["table edit"]).text
    assert links["table view"] in table_page  # the read-only link and its QR code
    assert client.get(f"{links['table edit']}/qr/view.svg").status_code == 200
    assert links["group view"] in table_page  # back to the group
    assert links["group view"] in client.get(links["table view"]).text
    group_page = client.get(links["group edit"]).text
    assert links["table edit"] in group_page and links["again edit"] in group_page
    assert links["group view"] in group_page
    view_page = client.get(links["group view"]).text
    assert links["table view"] in view_page
    assert links["table edit"] not in view_page and links["again edit"] not in view_page
    assert links["group edit"] not in view_page


def test_a_game_played_again_stays_in_its_group_and_on_its_pages(app: Flask) -> None:
    client = app.test_client()
    links = _club(client)
    again = client.get(links["again edit"]).text
    assert links["group view"] in again
    assert links["group edit"] not in again  # a table's link gives no more than the group's read-only one


@pytest.mark.parametrize("kind", ["game", "group"])
def test_a_poll_of_the_other_kind_of_link_is_404_whatever_its_etag(app: Flask, kind: str) -> None:
    client = app.test_client()
    if kind == "game":
        game = create_game(client)
        edit, view = game.edit, game.view
        wrong = [f"/g/{game.view_token}", f"/v/{game.edit_token}"]
    else:
        edit, view = create_group(client)
        wrong = [f"/gr/{view.rsplit('/', 1)[1]}", f"/gv/{edit.rsplit('/', 1)[1]}"]
    for right in (edit, view):
        assert client.get(f"{right}/live").status_code == 200
    for link in wrong:
        assert client.get(link).status_code == 404
        unconditional = client.get(f"{link}/live")
        assert unconditional.status_code == 404
        etag = client.get(f"{edit}/live").headers["ETag"], client.get(f"{view}/live").headers["ETag"]
        for tag in etag:
            assert client.get(f"{link}/live", headers={"If-None-Match": tag}).status_code == 404


# -- the migration keeps every link handed out before ---------------------------------------------


OLD = {"game edit": "E" * 32, "game view": "V" * 32, "alone edit": "A" * 32, "alone view": "B" * 32}
OLD_GROUP = {"group edit": "G" * 32, "group view": "H" * 32}
OLD_CHECK = "C" * 32


def _old_rows(connection: sa.Connection) -> None:
    """Rows as revision 0010 stored them: tokens in clear, and a repeat's address with an edit link."""
    now = datetime.now(UTC)
    groups = old_table("groups", "id", "edit_token", "view_token", "name")
    games = old_games()
    checks = old_table("paper_checks", "id", "token", sheet=sa.JSON)
    group = {"edit_token": OLD_GROUP["group edit"], "view_token": OLD_GROUP["group view"]}
    group_id = connection.execute(
        sa.insert(groups).values(name="Club", created_at=now, updated_at=now, **group).returning(groups.c.id)
    ).scalar_one()
    players = worked_example()["players"]
    ids = []
    for edit, view, group_of in [
        (OLD["game edit"], OLD["game view"], group_id),
        (OLD["alone edit"], OLD["alone view"], None),
    ]:
        row = {"edit_token": edit, "view_token": view, "players": players, "rules": {}, "group_id": group_of}
        ids.append(
            connection.execute(
                sa.insert(games)
                .values(first_declarer=0, version=0, created_at=now, updated_at=now, **row)
                .returning(games.c.id)
            ).scalar_one()
        )
    connection.execute(
        sa.insert(checks).values(
            token=OLD_CHECK,
            sheet=paper_sheet(("Ann", "Beth", "Cat", "Diana")),
            created_at=now,
            updated_at=now,
        )
    )
    connection.execute(
        sa.text(
            "INSERT INTO submissions (game_id, id, version, location, at) VALUES (:g, 'once', 0, :l, :t)"
        ),
        {"g": ids[0], "l": f"/g/{OLD['game edit']}#deal-1", "t": now},
    )


def test_the_migration_keeps_every_link_handed_out_before(
    empty_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    app = app_at_0010(empty_database)
    try:
        with app.extensions["db_engine"].begin() as connection:
            _old_rows(connection)
        db.upgrade(app)
        leaked = _dump(app)
        for token in [*OLD.values(), *OLD_GROUP.values(), OLD_CHECK]:
            assert token not in leaked
        client = app.test_client()
        game_page = client.get(f"/g/{OLD['game edit']}").text
        assert f"/v/{OLD['game view']}" in game_page
        assert f"/gv/{OLD_GROUP['group view']}" in game_page
        assert client.get(f"/v/{OLD['game view']}").status_code == 200
        assert f"/v/{OLD['alone view']}" in client.get(f"/g/{OLD['alone edit']}").text
        group_page = client.get(f"/gr/{OLD_GROUP['group edit']}").text
        assert f"/g/{OLD['game edit']}" in group_page and f"/gv/{OLD_GROUP['group view']}" in group_page
        assert f"/v/{OLD['game view']}" in client.get(f"/gv/{OLD_GROUP['group view']}").text
        assert client.get(f"/check/{OLD_CHECK}").status_code == 200
        # A repeated form is still sent where the first sending went.
        repeat = client.post(f"/g/{OLD['game edit']}/again", data={"submission": "once"})
        assert repeat.headers["Location"] == f"/g/{OLD['game edit']}#deal-1"
        # A game started now in the old group is listed on its pages too.
        started = client.post("/new", data={**new_game_form(), "group": OLD_GROUP["group edit"]})
        assert started.status_code == 303
        assert started.headers["Location"] in client.get(f"/gr/{OLD_GROUP['group edit']}").text
    finally:
        app.extensions["db_engine"].dispose()
