"""The organiser's word on the group's edit link: a finished table locked (only the organiser
changes it then), the changes made after a table finished, adjustments beside the tables' scores,
and standings provisional until approved."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import dump, load
from scorekeeper.storage import groups, store
from scorekeeper.storage.models import AdjustmentRow, ChangeRow
from tests.builders import full_game
from tests.web.evening.test_evening import REGULARS, group_with_regulars, plan_form
from tests.web.helpers import ANN, CAT, DIANA, count_rows, form_version, text_of

pytestmark = pytest.mark.postgres

# Deal 2 of `full_game` (no queens, Ann's block: everyone doubles her), corrected: Diana took two.
CORRECTED = {
    "contract": "no-queens",
    "dbl_1_0": "y",
    "dbl_2_0": "y",
    "dbl_3_0": "y",
    "queen_spades": ANN,
    "queen_hearts": CAT,
    "queen_diamonds": DIANA,
    "queen_clubs": DIANA,
}


def finished_evening(app: Flask, client: FlaskClient) -> tuple[str, str, str, str]:
    """An evening of one table of four whose game is finished: (the evening's edit page, its
    read-only page, the table's edit link, its token)."""
    edit, view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    evening = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, [], rounds=1)).headers[
        "Location"
    ]
    game = re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', client.get(evening).text)[0]
    game_token = game.rsplit("/", 1)[1]
    with app.app_context():
        stored = store.find(game_token)
        assert stored is not None
        players = list(stored.game.players)
        doc = {**dump(stored.game), "players": players, "first_declarer": players[0]}
        hands = _renamed_hands(dict(zip(["Ann", "Beth", "Cat", "Diana"], players, strict=True)))
        for i in range(len(hands)):
            stored = store.find(game_token)
            assert stored is not None
            made = load({**doc, "hands": hands[: i + 1]})
            store.save(stored, stored.version, made, "add", i)
        assert store.find(game_token).game.complete  # type: ignore[union-attr]
    # The saves went straight into the store: a poll now reads the group's state as one made
    # STATE_TTL later would, not the state the page above left in this worker's memo.
    groups.STATES.clear()
    view_evening = view + evening.split(token)[1]
    return evening, view_evening, game, game_token


def _renamed_hands(names: dict[str, str]) -> list[dict[str, object]]:
    """The hands of `full_game` with Ann, Beth, Cat and Diana as the table's players in their seats
    (each name marked while the others are replaced, so that no name is replaced twice)."""
    text = json.dumps(full_game()["hands"])
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(f"\x00{new}"))
    hands: list[dict[str, object]] = json.loads(text.replace("\\u0000", ""))
    return hands


def correct(phone: FlaskClient, game: str) -> int:
    """Correct deal 2 from `phone`; the answer's status."""
    form = phone.get(f"{game}/deal/2/edit?contract=no-queens").text
    return phone.post(f"{game}/deal/2/edit", data={**CORRECTED, "version": form_version(form)}).status_code


def test_a_locked_table_refuses_the_tables_link_and_takes_the_organisers(
    app: Flask, client: FlaskClient
) -> None:
    evening, _view, game, _token = finished_evening(app, client)
    phone = app.test_client()  # the table's phone: it has only the game's own link
    shown = client.get(evening).text
    lock = re.search(r'action="([^"]+/lock)"', shown)
    assert lock and "Lock this table" in shown
    assert client.post(lock.group(1), data={"lock": "1"}).status_code == 303
    shown = client.get(evening).text
    assert "Locked: only the organiser changes this table." in shown and "Unlock this table" in shown
    changes = count_rows(app, ChangeRow)
    warned = text_of(phone.get(f"{game}/deal/2/edit").text)
    assert "This table is locked" in warned and "Nothing was saved" not in warned
    assert "This table is locked" not in client.get(f"{game}/deal/2/edit").text  # the organiser's phone
    refused = phone.post(
        f"{game}/deal/2/edit",
        data={**CORRECTED, "version": form_version(phone.get(f"{game}/deal/2/edit").text)},
    )
    assert refused.status_code == 423
    assert "This table is locked" in refused.text and "Nothing was saved" in text_of(refused.text)
    assert count_rows(app, ChangeRow) == changes  # nothing stored
    # undo from the table's phone is refused too, with a page that says why (no 500)
    undo = phone.post(f"{game}/undo", data={"version": form_version(phone.get(game).text)})
    assert undo.status_code == 423 and "locked this finished table" in text_of(undo.text)
    stake = {"stake": "0.10", "currency": "EUR", "version": form_version(phone.get(f"{game}/summary").text)}
    assert phone.post(f"{game}/summary", data=stake).status_code == 423
    assert count_rows(app, ChangeRow) == changes
    # the organiser (who opened the group's edit link on this phone) corrects it
    assert correct(client, game) == 303
    assert count_rows(app, ChangeRow) == changes + 1
    assert "by the organiser" in text_of(phone.get(f"{game}/history").text)
    # unlocked, the table's phone may change it again
    assert client.post(lock.group(1), data={"lock": "0"}).status_code == 303
    assert correct(phone, game) in (303, 200)


def test_the_change_log_lists_what_changed_after_the_finish(app: Flask, client: FlaskClient) -> None:
    evening, _view, game, _token = finished_evening(app, client)
    assert "Changed after it finished" not in client.get(evening).text  # the deals before do not count
    phone = app.test_client()
    assert correct(phone, game) == 303
    shown = text_of(client.get(evening).text)
    assert "Changed after it finished" in shown
    assert "through the table's own link · Deal 2 corrected (No queens)." in shown
    lock = re.search(r'action="([^"]+/lock)"', client.get(evening).text)
    assert lock
    client.post(lock.group(1), data={"lock": "1"})
    undo = client.post(f"{game}/undo", data={"version": form_version(client.get(game).text)})
    assert undo.status_code == 303
    shown = text_of(client.get(evening).text)
    assert "by the organiser · Deal 28 undone" in shown


def test_an_adjustment_changes_the_standings_beside_the_original(app: Flask, client: FlaskClient) -> None:
    evening, _view, _game, _token = finished_evening(app, client)
    shown = client.get(evening).text
    first = re.findall(r"<tr><td>1</td><td><bdi>([^<]+)</bdi></td><td>([0-9.]+)", shown)
    last = re.findall(r"<tr><td>4</td><td><bdi>([^<]+)</bdi></td><td>([0-9.]+)", shown)
    assert first and last and first[0][1] == "10.0" and last[0][1] == "0.0"
    table = re.search(r'<option value="(\d+)"', shown.split('id="adjustments-title"')[1])
    assert table
    bottom = last[0][0]
    # a mistake is said by its field and nothing is kept
    refused = client.post(
        evening + "/adjustments",
        data={"table": table.group(1), "player": bottom, "points": "0", "reason": ""},
    )
    assert refused.status_code == 422
    assert "Points are a whole number" in refused.text and "Give a reason" in refused.text
    assert count_rows(app, AdjustmentRow) == 0
    sent = {
        "table": table.group(1),
        "player": bottom,
        "points": "5000",
        "reason": "Deal not played",
        "submission": "a1b2c3d4e5f6a7b8",
    }
    assert client.post(evening + "/adjustments", data=sent).status_code == 303
    assert client.post(evening + "/adjustments", data=sent).status_code == 303  # a double tap: kept once
    assert count_rows(app, AdjustmentRow) == 1
    shown = client.get(evening).text
    assert re.search(
        rf"<tr><td>1</td><td><bdi>{bottom}</bdi></td><td>10.0 "
        r'<span class="original">\(0.0 before the adjustments\)',
        shown,
    )
    assert "Deal not played" in text_of(shown)
    # taken back, the standings are as the table scored them
    remove = re.search(r'action="([^"]+/adjustments/\d+/remove)"', shown)
    assert remove and client.post(remove.group(1)).status_code == 303
    assert count_rows(app, AdjustmentRow) == 0
    assert re.search(rf"<tr><td>4</td><td><bdi>{bottom}</bdi></td><td>0.0</td>", client.get(evening).text)


def test_approved_standings_turn_provisional_again_after_a_change(app: Flask, client: FlaskClient) -> None:
    evening, view_evening, game, _token = finished_evening(app, client)
    shown = client.get(evening).text
    assert "provisional" in text_of(shown)
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', shown)
    assert fingerprint
    assert client.post(evening + "/approve", data={"fingerprint": fingerprint.group(1)}).status_code == 303
    shown = text_of(client.get(evening).text)
    assert "approved by the organiser" in shown and "You approved the standings as they stand." in shown
    assert "approved by the organiser" in text_of(client.get(view_evening).text)
    assert correct(app.test_client(), game) == 303  # a table's phone corrects a deal
    shown = client.get(evening).text
    assert "Standings · provisional" in text_of(shown)
    assert "Standings · provisional" in text_of(client.get(evening + "/screen").text)
    # an approval of what the page showed before the change is not taken
    moved = client.post(evening + "/approve", data={"fingerprint": fingerprint.group(1)})
    assert moved.status_code == 409 and "The standings changed since this page was shown" in text_of(
        moved.text
    )
    again = re.search(r'name="fingerprint" value="([0-9a-f]+)"', shown)
    assert (
        again and client.post(evening + "/approve", data={"fingerprint": again.group(1)}).status_code == 303
    )
    assert "approved by the organiser" in text_of(client.get(evening).text)
    # an adjustment makes them provisional again
    table = re.search(r'<option value="(\d+)"', shown.split('id="adjustments-title"')[1])
    assert table
    sent = {"table": table.group(1), "player": REGULARS[0], "points": "-3", "reason": "Late"}
    assert client.post(evening + "/adjustments", data=sent).status_code == 303
    assert "Standings · provisional" in text_of(client.get(evening).text)


def test_the_read_only_link_sees_no_organiser_controls(app: Flask, client: FlaskClient) -> None:
    evening, view_evening, _game, _token = finished_evening(app, client)
    viewed = client.get(view_evening)
    assert viewed.status_code == 200
    for word in ("Lock this table", "Approve the standings", "Adjustments", "Changed after it finished"):
        assert word not in viewed.text
    assert "/lock" not in viewed.text and "/adjustments" not in viewed.text and "/approve" not in viewed.text
    # and the organiser's addresses answer only the group's edit link
    view_token = view_evening.split("/")[2]
    number = evening.rsplit("/", 1)[1]
    assert (
        client.post(f"/gr/{view_token}/evenings/{number}/approve", data={"fingerprint": "x"}).status_code
        == 404
    )


@pytest.mark.parametrize(
    ("lang", "direction", "words"),
    [
        ("en", "ltr", ["Lock this table", "Adjustments", "This table is locked"]),
        ("fa", "rtl", ["قفل کردن این میز", "تعدیل‌ها", "این میز قفل است"]),
        ("hr", "ltr", ["Zaključaj ovaj stol", "Prilagodbe", "Ovaj stol je zaključan"]),
        ("fr", "ltr", ["Verrouiller cette table", "Ajustements", "Cette table est verrouillée"]),
    ],
)
def test_the_organisers_word_in_four_languages(
    app: Flask, client: FlaskClient, lang: str, direction: str, words: list[str]
) -> None:
    evening, _view, game, _token = finished_evening(app, client)
    client.set_cookie("lang", lang)
    shown = client.get(evening).text
    assert f'dir="{direction}"' in shown and words[0] in shown and words[1] in shown
    lock = re.search(r'action="([^"]+/lock)"', shown)
    assert lock and client.post(lock.group(1), data={"lock": "1"}).status_code == 303
    phone = app.test_client()
    phone.set_cookie("lang", lang)
    form = phone.get(f"{game}/deal/2/edit").text
    refused = phone.post(f"{game}/deal/2/edit", data={**CORRECTED, "version": form_version(form)})
    assert refused.status_code == 423 and f'dir="{direction}"' in refused.text and words[2] in refused.text


def test_the_organisers_buttons_need_the_pages_csrf_token(csrf_app: Flask) -> None:
    with csrf_app.app_context():
        token = groups.create("Club").edit_token
    client = csrf_app.test_client()
    csrf = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
    found = csrf.search(client.get(f"/gr/{token}/evenings/new").text)
    assert found
    data = {**plan_form([], ["Ann", "Beth", "Cat"], rounds=1), "csrf_token": found.group(1)}
    evening = client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]
    shown = client.get(evening).text
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', shown)
    assert fingerprint
    assert client.post(evening + "/approve", data={"fingerprint": fingerprint.group(1)}).status_code == 400
    sent = {"player": "Ann", "points": "3", "reason": "Late"}
    assert client.post(evening + "/adjustments", data=sent).status_code == 400
    assert count_rows(csrf_app, AdjustmentRow) == 0
    found = csrf.search(shown)
    assert found
    sent = {"fingerprint": fingerprint.group(1), "csrf_token": found.group(1)}
    assert client.post(evening + "/approve", data=sent).status_code == 303


def test_the_big_screen_hears_the_organisers_word_at_its_next_poll(app: Flask, client: FlaskClient) -> None:
    evening, _view, _game, _token = finished_evening(app, client)
    polled = client.get(evening + "/screen/live")
    assert polled.status_code == 200 and "provisional" in text_of(polled.text)
    etag = polled.headers["ETag"]
    assert client.get(evening + "/screen/live", headers={"If-None-Match": etag}).status_code == 304
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', client.get(evening).text)
    assert fingerprint
    assert client.post(evening + "/approve", data={"fingerprint": fingerprint.group(1)}).status_code == 303
    approved = client.get(evening + "/screen/live", headers={"If-None-Match": etag})
    assert approved.status_code == 200 and "approved by the organiser" in text_of(approved.text)
    shown = client.get(evening).text
    table = re.search(r'<option value="(\d+)"', shown.split('id="adjustments-title"')[1])
    assert table
    sent = {"table": table.group(1), "player": REGULARS[0], "points": "5000", "reason": "Deal not played"}
    assert client.post(evening + "/adjustments", data=sent).status_code == 303
    adjusted = client.get(evening + "/screen/live", headers={"If-None-Match": approved.headers["ETag"]})
    assert adjusted.status_code == 200 and "provisional" in text_of(adjusted.text)
    assert re.search(rf"<bdi>{REGULARS[0]}</bdi></span> <span class=\"points\">10\.0", adjusted.text)
