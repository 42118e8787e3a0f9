"""A table without phones: its sheet, typed into the paper check opened from the evening's table,
joins the evening as that table's result once it adds up."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import store
from scorekeeper.web.paper_check.forms import grid_data
from tests.unit.family import play_on
from tests.unit.paper.builders import from_game
from tests.web.evening.test_evening import REGULARS, group_with_regulars, plan_form
from tests.web.helpers import text_of

pytestmark = pytest.mark.postgres


def test_a_checked_paper_sheet_joins_the_evening_as_its_tables_game(app: Flask, client: FlaskClient) -> None:
    edit, view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    evening = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, [], rounds=1)).headers[
        "Location"
    ]
    number = int(evening.rsplit("/", 1)[1])
    page = client.get(evening).text
    opener = re.search(rf'action="(/gr/{token}/evenings/{number}/tables/(\d+)/paper)"', page)
    game_link = re.search(r'href="/g/([^"]+)"', page)
    assert opener and game_link
    table = opener.group(2)
    # the read-only link offers no paper check
    view_page = client.get(evening.replace(f"/gr/{token}/", f"/gv/{view.rsplit('/', 1)[1]}/")).text
    assert "/paper" not in view_page
    opened = client.post(opener.group(1))
    assert opened.status_code == 303
    check = opened.headers["Location"]
    assert re.fullmatch(rf"/check/[\w-]+\?evening={number}&table={table}", check)
    # the same table opens the same check again
    assert client.post(opener.group(1)).headers["Location"] == check
    with app.app_context():
        stored = store.find(game_link.group(1))
        assert stored is not None
        played = play_on(stored.game, 7)
    sheet = grid_data(from_game(played))
    typed = {k: v for k, v in sheet.items() if v not in ("", None)}
    # a slip: it does not add up, so it cannot join
    slipped = {**typed, "s0_0": str(int(typed["s0_0"]) + 1), "action": "keep"}
    kept = client.post(check, data=slipped)
    assert kept.status_code == 303 and f"evening={number}" in kept.headers["Location"]
    shown = text_of(client.get(kept.headers["Location"]).text)
    assert "Once the sheet adds up" in shown and "Join the evening" not in shown
    join = check.replace("?", "/join?")
    assert client.post(join).headers["Location"].endswith(f"table={table}")
    assert "from its paper sheet" not in text_of(client.get(evening).text)
    # corrected, it adds up and joins
    client.post(check, data={**typed, "action": "keep"})
    shown = text_of(client.get(check).text)
    assert "Join the evening with this sheet's 7 deals" in shown
    # seven of the game's 28: said before it joins, since the others will not count tonight
    assert "Only 7 of the sheet's 28 deals are typed: the others do not count tonight." in shown
    joined = client.post(join)
    assert joined.status_code == 303
    assert "The sheet counts as this table's game tonight." in text_of(
        client.get(joined.headers["Location"]).text
    )
    page = text_of(client.get(evening).text)
    assert "Deal 7 of 28 · from its paper sheet" in page
    totals = dict(zip(played.players, played.totals, strict=True))
    best = max(totals, key=lambda n: totals[n])
    assert f"1 {best} 10.0 1" in page
    # a check not opened from the table cannot join it
    assert (
        client.post(
            f"/check/{check.split('/')[2].split('?')[0]}/join?evening={number}&table=99999"
        ).status_code
        == 404
    )
