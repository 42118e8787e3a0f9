"""Each round's length: a full game, Barbette at the tables of four, or a time limit."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.web.evening.test_evening import REGULARS, group_with_regulars, plan_form
from tests.web.helpers import text_of

pytestmark = pytest.mark.postgres


def test_a_time_limit_needs_its_minutes_and_barbette_plays_at_four(client: FlaskClient) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    data = plan_form(REGULARS, [], rounds=2, length="time", minutes="")
    refused = client.post(f"/gr/{token}/evenings/new", data=data)
    assert refused.status_code == 422
    assert "A time limit is from 10 to 240 minutes." in text_of(refused.text)
    data = plan_form(REGULARS, [], rounds=2, length="time", minutes="5")
    assert "A time limit is from 10 to 240 minutes." in text_of(
        client.post(f"/gr/{token}/evenings/new", data=data).text
    )
    data = plan_form(REGULARS, [], rounds=2, length="time", minutes="45")
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    assert "A time limit of 45 minutes" in text_of(client.get(evening).text)
    assert client.post(evening + "/next", data={"present": REGULARS, "length": "barbette"}).status_code == 303
    shown = text_of(client.get(evening).text)
    assert "Barbette at the tables of four" in shown and "Table 1 · Barbette" in shown


def test_the_big_screen_shows_the_time_left_and_its_last_minutes_in_words(client: FlaskClient) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    data = plan_form(REGULARS, [], rounds=1, length="time", minutes="10")
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    shown = text_of(client.get(evening + "/screen").text)
    assert "Last 10 minutes · Minutes left: 10" in shown
    data = plan_form(REGULARS, [], rounds=1, length="time", minutes="60")
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    shown = text_of(client.get(evening + "/screen").text)
    assert "Minutes left: 60" in shown and "Last 10 minutes" not in shown
