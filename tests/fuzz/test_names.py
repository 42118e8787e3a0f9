"""Names that turn text round: a direction control (U+202E and its kin) in a player's, a group's or a
paper check's name would escape isolation wherever a name is written as plain text (titles, chart
captions, SVG labels, options, CSV). Every way a name comes in refuses it next to its field and
stores nothing; names stored before lose their controls in the migration and still load.

Marked `postgres`: `make postgres` runs these against a real PostgreSQL server as well as SQLite.
"""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper.scoring.bidi import CONTROLS
from scorekeeper.storage import db
from scorekeeper.storage.models import GameRow, GroupRow, NameMergeRow, PaperCheckRow
from tests.builders import worked_example
from tests.web.helpers import count_rows, errors_after, form_version, new_game_form, renamed

from .legacy import app_at_0010, old_games, old_table, paper_sheet

pytestmark = pytest.mark.postgres

HOSTILE = sorted(CONTROLS)


@pytest.mark.parametrize("control", HOSTILE, ids=[f"U+{ord(c):04X}" for c in HOSTILE])
def test_a_new_games_name_with_a_direction_control_is_refused_next_to_it(app: Flask, control: str) -> None:
    client = app.test_client()
    response = client.post("/new", data=new_game_form([f"Ann{control}x", "Beth", "Cat", "Diana"]))
    assert response.status_code in (200, 422)  # the form again, as for any other name refused
    assert any("turn text round" in e for e in errors_after(response.text, "player_0"))
    assert count_rows(app, GameRow) == 0


@pytest.mark.parametrize("control", ["\u202e", "\u2067", "\u200f"])
def test_a_game_file_with_such_a_name_is_refused(app: Flask, control: str) -> None:
    doc = renamed(worked_example(), [f"{control}Ann", "Beth", "Cat", "Diana"])
    data = {"file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    response = app.test_client().post("/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 422 and "turn text round" in response.text
    assert count_rows(app, GameRow) == 0


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u061c"])
def test_a_groups_name_with_one_is_refused_and_a_manifests_loses_it(app: Flask, control: str) -> None:
    client = app.test_client()
    response = client.post("/groups/new", data={"name": f"Club{control} du mardi"})
    assert response.status_code == 422
    assert count_rows(app, GroupRow) == 0
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("a.json", json.dumps(worked_example()))
        archive.writestr("group.json", json.dumps({"name": f"Club{control}"}))
    upload = {"file": (io.BytesIO(out.getvalue()), "club.zip")}
    assert client.post("/groups/import", data=upload, content_type="multipart/form-data").status_code == 303
    with app.app_context():
        assert db.session().scalar(sa.select(GroupRow.name)) == "Club"
    merged = io.BytesIO()
    with zipfile.ZipFile(merged, "w") as archive:
        archive.writestr("a.json", json.dumps(worked_example()))
        archive.writestr("group.json", json.dumps({"merges": {f"Ann{control}": "Ann"}}))
    upload = {"file": (io.BytesIO(merged.getvalue()), "club.zip")}
    assert client.post("/groups/import", data=upload, content_type="multipart/form-data").status_code == 422


def test_a_paper_checks_name_with_one_is_refused_next_to_it(app: Flask) -> None:
    response = app.test_client().get("/check/sheet", query_string={"game": "barbu", "player_0": "A\u202eB"})
    assert response.status_code == 422
    assert any("turn text round" in e for e in errors_after(response.text, "player_0"))
    assert count_rows(app, PaperCheckRow) == 0


# -- names stored before ------------------------------------------------------------------------------


def test_names_stored_before_lose_their_controls_and_every_page_still_loads(
    empty_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    app = app_at_0010(empty_database)
    # Two names of one game that differ only by their control, and a history that names them.
    players = ["Ann\u202e", "Ann\u202d", "Cat", "Diana"]
    doc = renamed(worked_example(), players)
    now = datetime.now(UTC)
    try:
        with app.extensions["db_engine"].begin() as connection:
            groups = old_table("groups", "edit_token", "view_token", "name")
            group = connection.execute(
                sa.insert(groups)
                .values(
                    edit_token="G" * 32,
                    view_token="H" * 32,
                    name="Club\u2067",
                    created_at=now,
                    updated_at=now,
                )
                .returning(sa.column("id"))
            ).scalar_one()
            games = old_games()
            game = connection.execute(
                sa.insert(games)
                .values(
                    edit_token="E" * 32,
                    view_token="V" * 32,
                    players=players,
                    first_declarer=0,
                    rules={},
                    version=3,
                    group_id=group,
                    created_at=now,
                    updated_at=now,
                )
                .returning(sa.column("id"))
            ).scalar_one()
            deals = sa.table(
                "deals",
                *(sa.column(c) for c in ("game_id", "position", "contract")),
                sa.column("doubles", sa.JSON),
                sa.column("result", sa.JSON),
            )
            changes = sa.table(
                "changes",
                *(sa.column(c) for c in ("game_id", "version", "kind", "position", "at")),
                sa.column("before", sa.JSON),
                sa.column("after", sa.JSON),
            )
            first, second = doc["hands"]
            connection.execute(
                sa.insert(deals).values(
                    game_id=game,
                    position=0,
                    contract=first["contract"],
                    doubles=first["doubles"],
                    result=first["result"],
                )
            )
            connection.execute(
                sa.insert(changes).values(game_id=game, version=0, kind="create", position=None, at=now)
            )
            connection.execute(
                sa.insert(changes).values(
                    game_id=game, version=1, kind="add", position=0, after=first, at=now
                )
            )
            connection.execute(
                sa.insert(changes).values(
                    game_id=game, version=2, kind="add", position=1, after=second, at=now
                )
            )
            # The second deal was undone: the page offers to put it back, from the history.
            connection.execute(
                sa.insert(changes).values(
                    game_id=game, version=3, kind="undo", position=1, before=second, at=now
                )
            )
            merges = sa.table("name_merges", *(sa.column(c) for c in ("group_id", "alias", "name", "at")))
            connection.execute(
                sa.insert(merges).values(group_id=group, alias="ann\u202e", name="Ann\u202d", at=now)
            )
            checks = old_table("paper_checks", "token", sheet=sa.JSON)
            connection.execute(
                sa.insert(checks).values(
                    token="C" * 32,
                    sheet=paper_sheet(("Eve\u202e", "", "", "")),
                    created_at=now,
                    updated_at=now,
                )
            )
        db.upgrade(app)
        with app.app_context():
            s = db.session()
            stored = s.scalar(sa.select(GameRow.players))
            assert stored == ["Ann\ufffd", "Ann\ufffd (2)", "Cat", "Diana"]
            assert not any(c in json.dumps(stored, ensure_ascii=False) for c in CONTROLS)
            assert s.scalar(sa.select(GroupRow.name)) == "Club\ufffd"
            assert s.scalar(sa.select(NameMergeRow.alias)) == "ann\ufffd"
        client = app.test_client()
        for page in (
            "/g/" + "E" * 32,
            "/g/" + "E" * 32 + "/history",
            "/v/" + "V" * 32 + "/summary",
            "/gr/" + "G" * 32,
            "/check/" + "C" * 32,
            "/g/" + "E" * 32 + "/export.csv",
        ):
            response = client.get(page)
            assert response.status_code == 200, page
            assert not any(c in response.get_data(as_text=True) for c in CONTROLS), page
        # The deal undone before can be put back: its hand names the players as they are now.
        # Made on the state the page shows (its stamp: the version and the epoch drawn with it).
        shown = form_version(client.get("/g/" + "E" * 32).get_data(as_text=True))
        redo = client.post("/g/" + "E" * 32 + "/redo", data={"version": shown, "submission": "r1"})
        assert redo.status_code == 303
        assert len(client.get("/g/" + "E" * 32 + "/export.json").json["hands"]) == 2
    finally:
        app.extensions["db_engine"].dispose()
