"""A group's night is the games changed in the last hours: its state, and so a poll's ETag, moves
on the hour even when nothing is saved, and stays put within the hour."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.storage import group_state


@pytest.mark.moving_hour
def test_the_groups_etag_moves_on_the_hour_and_only_then(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    edit = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    hour = [group_state.night_hour()]
    monkeypatch.setattr(group_state, "night_hour", lambda: hour[0])
    first = client.get(f"{edit}/live").headers["ETag"]
    group_state.STATES.clear()
    assert client.get(f"{edit}/live").headers["ETag"] == first
    hour[0] += 1
    group_state.STATES.clear()
    moved = client.get(f"{edit}/live", headers={"If-None-Match": first})
    assert moved.status_code == 200 and moved.headers["ETag"] != first
