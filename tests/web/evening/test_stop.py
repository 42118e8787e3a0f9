"""A fair stop: a time-limited table's pace on its game page, and the organiser ending a table at
the last point where every player has declared equally often, counted in the standings."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.evening.stop import fair_point, pace
from scorekeeper.scoring import Game
from scorekeeper.storage import db, groups, store
from scorekeeper.storage.models import EveningRow, GroupRow
from tests.unit.family import play_on
from tests.web.evening.test_evening import group_with_regulars, plan_form
from tests.web.helpers import text_of

pytestmark = pytest.mark.postgres

THREE = ["Ann", "Beth", "Cat"]


@dataclass(frozen=True)
class Evening:
    token: str
    """The group's edit link's token."""
    view: str
    """The group's read-only link's token."""
    page: str
    game: str
    """The table's game's edit token."""
    number: int


def test_the_fair_point_is_where_every_seat_has_declared_equally() -> None:
    rotating = (0, 1, 2) * 7
    assert [fair_point(rotating, 3, n) for n in (0, 1, 2, 3, 4, 8, 21)] == [0, 0, 0, 3, 3, 6, 21]
    blocks = tuple(i // 7 for i in range(28))  # four-player Barbu: seven deals a declarer
    assert fair_point(blocks, 4, 27) == 0 and fair_point(blocks, 4, 28) == 28


def test_the_pace_projects_the_finish_from_the_deals_save_times() -> None:
    start = 1_000_000
    # three deals in 30 minutes: 10 a deal, 18 deals to go from the last one
    found = pace(start, start + 45 * 60, [start + 600, start + 1200, start + 1800], 21, start + 1800)
    assert found is not None and (found.per_deal, found.finish_in, found.time_left) == (10, 180, 15)
    assert found.late
    assert pace(start, start + 60, [], 21, start) is None


def timed_evening(
    app: Flask, client: FlaskClient, data: dict[str, object], ago: int
) -> tuple[str, str, str, int, dict[str, Any]]:
    """An evening planned from `data` in a new group of regulars, its first round seated `ago`
    seconds ago: the group's edit and read-only links, the evening's page, its number, its round."""
    edit, view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    number = int(evening.rsplit("/", 1)[1])
    with app.app_context():
        row = db.session().get(EveningRow, number)
        assert row is not None
        first = {**row.plan["rounds"][0], "started": int(time.time()) - ago}
        row.plan = {**row.plan, "rounds": [first, *row.plan["rounds"][1:]]}
        db.session().commit()
    return edit, view, evening, number, first


def _evening(app: Flask, client: FlaskClient, minutes: int, ago: int) -> Evening:
    """An evening of three at one table of three-player Barbu, its round seated `ago` seconds ago."""
    data = plan_form(THREE, [], rounds=1, length="time", minutes=str(minutes))
    edit, view, evening, number, _first = timed_evening(app, client, data, ago)
    game = re.search(r'href="/g/([^"]+)"', client.get(evening).text)
    assert game
    return Evening(edit.rsplit("/", 1)[1], view.rsplit("/", 1)[1], evening, game.group(1), number)


def _play(app: Flask, game_token: str, deals: int) -> None:
    """Save `deals` more deals of the table's game, one change each, as its scorer would."""
    with app.app_context():
        for _ in range(deals):
            stored = store.find(game_token)
            assert stored is not None
            grown = play_on(stored.game, 1)
            store.save(stored, stored.version, grown, "add", len(stored.game.deals))


def test_the_game_page_shows_minutes_a_deal_and_the_projected_finish(app: Flask, client: FlaskClient) -> None:
    game = _evening(app, client, 45, 30 * 60).game
    assert "min a deal" not in text_of(client.get(f"/g/{game}").text)  # no deal yet
    _play(app, game, 3)
    shown = text_of(client.get(f"/g/{game}").text)
    assert re.search(
        r"10 min a deal: at this pace the game ends in 18\d min; the round's time runs out in 15 min", shown
    )


def test_a_game_outside_a_time_limit_shows_no_pace(app: Flask, client: FlaskClient) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    answer = client.post(f"/gr/{token}/evenings/new", data=plan_form(THREE, [], rounds=1))
    evening = answer.headers["Location"]
    game = re.search(r'href="/g/([^"]+)"', client.get(evening).text)
    assert game
    _play(app, game.group(1), 2)
    assert "min a deal" not in text_of(client.get(f"/g/{game.group(1)}").text)


def test_the_organiser_ends_a_table_at_its_fair_point(app: Flask, client: FlaskClient) -> None:
    one = _evening(app, client, 10, 11 * 60)
    token, evening, game, number = one.token, one.page, one.game, one.number
    _play(app, game, 8)
    with app.app_context():
        stored = store.find(game)
        assert stored is not None
        game_id = stored.row.id
        players, deals = stored.game.players, stored.game.deals
        six = Game(players, stored.game.first_declarer, stored.game.rules, deals[:6]).totals
        order = sorted(players, key=lambda p: -six[players.index(p)])
        assert order[0] != max(players, key=lambda p: stored.game.totals[players.index(p)])
    page = text_of(client.get(evening).text)
    assert "Time is up: end this table fairly" in page
    stop = f"/gr/{token}/evenings/{number}/tables/{game_id}/stop"
    asked = text_of(client.get(stop).text)
    assert "The game ends after deal 6" in asked and "Deals 7 to 8 were played after it" in asked
    # the read-only link shows the table but cannot end it
    refused = client.post(f"/gv/{one.view}/evenings/{number}/tables/{game_id}/stop")
    assert refused.status_code == 403
    assert "Only the organiser" in text_of(refused.text)
    assert "min a deal" in text_of(client.get(f"/g/{game}").text)
    assert client.post(stop, data={"point": "6"}).status_code == 303
    assert "min a deal" not in text_of(client.get(f"/g/{game}").text)
    page = text_of(client.get(evening).text)
    assert "Deal 6 of 21 · ended at the fair stop" in page
    assert "Time is up" not in page
    # the standings count the six deals, not the eight played
    assert f"1 {order[0]} 10.0 1 2 {order[1]} 5.0 1 3 {order[2]} 0.0 1" in page
    # the round is over: the stopped table counts as finished
    assert "The evening is over" in text_of(client.get(evening + "/screen").text)


def test_a_table_cannot_be_ended_before_its_time_runs_out(app: Flask, client: FlaskClient) -> None:
    one = _evening(app, client, 60, 60)
    token, game, number = one.token, one.game, one.number
    _play(app, game, 3)
    with app.app_context():
        stored = store.find(game)
        assert stored is not None
        game_id = stored.row.id
    answer = client.post(f"/gr/{token}/evenings/{number}/tables/{game_id}/stop")
    assert answer.status_code == 409
    assert "once its round's time has run out" in text_of(answer.text)


@pytest.mark.parametrize(
    ("lang", "direction", "pace_words", "stop_words"),
    [
        ("en", "ltr", "min a deal", "The game ends after deal 3"),
        ("fa", "rtl", "دقیقه برای هر دست", "بازی پس از دست 3 پایان می‌یابد"),
        ("hr", "ltr", "min po dijeljenju", "Igra završava nakon dijeljenja 3"),
        ("fr", "ltr", "min par donne", "La partie s'arrête après la donne 3"),
    ],
)
def test_the_pace_and_the_stop_in_four_languages(
    app: Flask, client: FlaskClient, lang: str, direction: str, pace_words: str, stop_words: str
) -> None:
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 4)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id = stored.row.id
    client.set_cookie("lang", lang)
    game_page = client.get(f"/g/{one.game}").text
    assert f'dir="{direction}"' in game_page and pace_words in text_of(game_page)
    asked = client.get(f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop").text
    assert f'dir="{direction}"' in asked and stop_words in text_of(asked).replace("’", "'")


def test_ending_a_table_needs_the_forms_csrf_token(app: Flask, client: FlaskClient) -> None:
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 3)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id = stored.row.id
    app.config["WTF_CSRF_ENABLED"] = True  # from here on, as players get the app
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop).status_code == 400
    assert "ended at the fair stop" not in text_of(client.get(one.page).text)
    field = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get(stop).text)
    assert field
    assert client.post(stop, data={"csrf_token": field.group(1), "point": "3"}).status_code == 303
    assert "Deal 3 of 21 · ended at the fair stop" in text_of(client.get(one.page).text)


def test_against_the_clock_the_declarer_moves_every_deal_so_a_table_of_four_can_stop(
    app: Flask, client: FlaskClient
) -> None:
    timed = plan_form(["Ann", "Beth", "Cat", "Diana"], [], rounds=2, length="time", minutes="10")
    edit, _view, evening, number, first = timed_evening(app, client, timed, 11 * 60)
    token = edit.rsplit("/", 1)[1]
    game_id = first["tables"][0]
    game = re.search(r'href="/g/([^"]+)"', client.get(evening).text)
    assert game
    with app.app_context():
        stored = store.find(game.group(1))
        assert stored is not None and stored.game.plan.declarers[:5] == (0, 1, 2, 3, 0)
    _play(app, game.group(1), 6)
    asked = text_of(client.get(f"/gr/{token}/evenings/{number}/tables/{game_id}/stop").text)
    assert "The game ends after deal 4" in asked and "Deals 5 to 6 were played after it" in asked
    # a full round keeps the declarer's seven deals in a row
    client.post(evening + "/next", data={"present": ["Ann", "Beth", "Cat", "Diana"], "length": "full"})
    with app.app_context():
        row = db.session().get(EveningRow, number)
        assert row is not None
        second = row.plan["rounds"][1]["tables"][0]
        group = db.session().get(GroupRow, row.group_id)
        assert group is not None
        found = next(g for g in groups.games(group) if g.row.id == second)
        assert found.game.plan.declarers[:8] == (0,) * 7 + (1,)


def test_a_deal_saved_after_the_stop_was_shown_moves_the_point_and_asks_again(
    app: Flask, client: FlaskClient
) -> None:
    """The organiser confirms the point they were shown; one that moved since is shown again."""
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 3)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        game_id = stored.row.id
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    shown = client.get(stop).text
    assert 'name="point" value="3"' in shown
    _play(app, one.game, 3)  # three more deals saved meanwhile: the point moves to 6
    moved = client.post(stop, data={"point": "3"})
    assert moved.status_code == 409
    words = text_of(moved.text)
    assert "the point moved" in words and "The game ends after deal 6" in words
    assert "ended at the fair stop" not in text_of(client.get(one.page).text)
    assert 'name="point" value="6"' in moved.text
    assert client.post(stop, data={"point": "6"}).status_code == 303
    assert "Deal 6 of 21 · ended at the fair stop" in text_of(client.get(one.page).text)
