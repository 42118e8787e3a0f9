"""A club evening round after round: each next round for whoever is here, the group's earlier games
kept apart, and every player's guide card."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow
from tests.web.evening.test_evening import REGULARS, group_with_regulars, plan_form
from tests.web.groups.test_groups import create_group, start_game
from tests.web.helpers import count_rows, errors_after, text_of

pytestmark = pytest.mark.postgres


def test_each_player_has_a_guide_card(client: FlaskClient) -> None:
    edit, view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    data = plan_form(REGULARS, ["Eve"], rounds=2, sizes=["4"])  # five players at one table of four
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    client.post(evening + "/next", data={"present": [*REGULARS, "Eve"]})
    shown = client.get(evening).text
    cards = re.findall(r'href="([^"]*/players/\d+\?name=[^"]+)"><bdi>([^<]+)</bdi>', shown)
    assert [name for _link, name in cards] == sorted([*REGULARS, "Eve"])
    out = re.search(r"Sitting out: <bdi>([^<]+)</bdi>", shown)
    assert out
    sitter = {name: link for link, name in cards}[out.group(1)]
    card = text_of(client.get(sitter).text)
    assert "Round 1" in card and "You sit this round out." in card and "Round 2" in card
    other = next(link for link, name in cards if name != out.group(1))
    card = text_of(client.get(other).text)
    assert "Table 1 · Seat" in card and "Barbu" in card and "Opponents:" in card
    assert client.get(f"{evening}/players/5").status_code == 404
    assert client.get(view + evening.split(token)[1] + "/players/0").status_code == 200


def test_late_arrivals_and_leavers_between_rounds(app: Flask, client: FlaskClient) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    data = plan_form(REGULARS, ["Eve", "Fay", "Gil", "Hal"], rounds=3)
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    page = client.get(evening).text
    for name in [*REGULARS, "Eve", "Fay", "Gil", "Hal"]:  # everyone of round 1 ticked for round 2
        assert re.search(rf'<input checked[^>]*value="{name}"|value="{name}"[^>]*checked', page), name
    # Hal leaves; Ivy, Jo, Kim and Lee arrive: eleven play round 2, at 4+4+3
    here = {"present": [*REGULARS, "Eve", "Fay", "Gil"], "walk_ins": "Ivy\nJo\n\nKim\n Lee "}
    assert client.post(evening + "/next", data=here).status_code == 303
    shown = client.get(evening).text
    part = shown.split('id="round-2"')[1].split("</section>")[0]
    seated = re.findall(r"<li><bdi>([^<]+)</bdi></li>", part)
    assert sorted(seated) == sorted([*REGULARS, "Eve", "Fay", "Gil", "Ivy", "Jo", "Kim", "Lee"])
    assert part.count('class="table-card"') == 3
    with app.app_context():
        assert count_rows(app, GameRow) == 1 + 2 + 3
    # a refused next round says why next to the field and stores nothing
    refused = client.post(evening + "/next", data={"present": ["Ann", "Beth"], "walk_ins": ""})
    assert refused.status_code == 422
    assert "2 players cannot fill a table of 3." in " ".join(errors_after(refused.text, "present"))
    twice = client.post(evening + "/next", data={"present": ["Ann", "Beth", "Cat"], "walk_ins": "ann"})
    assert twice.status_code == 422
    with app.app_context():
        assert count_rows(app, GameRow) == 6
    # Hal comes back, typed in as a walk-in: the same player as in round 1, not a new one
    again = {"present": [*REGULARS, "Eve", "Fay", "Gil", "Ivy", "Jo", "Kim"], "walk_ins": "hal"}
    assert client.post(evening + "/next", data=again).status_code == 303
    shown = client.get(evening).text
    assert "hal" not in re.findall(r"<bdi>([^<]+)</bdi>", shown)
    part = shown.split('id="round-3"')[1].split("</section>")[0]
    assert "Hal" in re.findall(r"<li><bdi>([^<]+)</bdi></li>", part)
    # the read-only link cannot seat a round
    view = re.search(r'value="https?://[^/"]+(/gv/[A-Za-z0-9_-]+)"', client.get(edit).text)
    assert view
    view_token = view.group(1).rsplit("/", 1)[1]
    assert client.post(f"/gr/{view_token}/evenings/{evening.rsplit('/', 1)[1]}/next").status_code == 404
    assert "Seat round" not in client.get(view.group(1) + evening.split(token)[1]).text


def test_the_groups_earlier_games_are_kept_apart(client: FlaskClient) -> None:
    everyone = ["Ann", "Beth", "Cat", "Diana", "Eve", "Fay", "Gil", "Hal"]
    # seeded at random each time (a split by lot keeps them 2+2 half the time); a new group each
    # time, since an evening's own tables are games of its group too
    for _ in range(6):
        edit, _view = create_group(client)
        start_game(client, edit, everyone[:4])
        start_game(client, edit, everyone[4:])
        token = edit.rsplit("/", 1)[1]
        data = plan_form(everyone, [], rounds=1, sizes=["4"])
        shown = client.get(client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]).text
        part = shown.split('id="round-1"')[1].split("</section>")[0]
        for table in part.split('class="table-card"')[1:]:
            seated = set(re.findall(r"<li><bdi>([^<]+)</bdi></li>", table))
            assert len(seated & set(everyone[:4])) == 2
