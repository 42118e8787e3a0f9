"""A table ended at its fair stop: its game page says so, and it takes no new deal."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import db, evening_stops, store
from scorekeeper.storage.models import EveningRow
from tests.web.evening.test_evening import REGULARS, plan_form
from tests.web.evening.test_stop import Evening, _evening, _play, timed_evening
from tests.web.helpers import form_version, text_of

pytestmark = pytest.mark.postgres


def _eight_deals(app: Flask, client: FlaskClient) -> tuple[Evening, int, int]:
    """A table of an evening whose time ran out, eight deals played: the evening, the game's row id
    and its version."""
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 8)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        return one, stored.row.id, stored.version


STOPPED = "This table was ended at its fair stop after deal 6 by the organiser"


def test_a_stopped_tables_page_says_so_and_refuses_a_new_deal(app: Flask, client: FlaskClient) -> None:
    one, game_id, version = _eight_deals(app, client)
    entry = client.get(f"/g/{one.game}/deal?contract=trumps")
    assert entry.status_code == 200  # not stopped yet: the deal form
    assert STOPPED not in text_of(client.get(f"/g/{one.game}").text)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    shown = text_of(client.get(f"/g/{one.game}").text)
    assert STOPPED in shown and "Deals 7 to 8 were played after it: they do not count tonight." in shown
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        version = stored.version  # the stop's own: the page it names is another
    refused = client.get(f"/g/{one.game}/deal?contract=trumps")
    assert refused.status_code == 303 and refused.headers["Location"].endswith(f"/g/{one.game}")
    sent = client.post(
        f"/g/{one.game}/deal",
        data={"version": form_version(entry.text), "contract": "trumps", "trump": "spades"},
    )
    assert sent.status_code == 303
    assert STOPPED in text_of(client.get(sent.headers["Location"]).text)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version  # nothing stored


def test_a_stopped_tables_last_deal_cannot_be_undone(app: Flask, client: FlaskClient) -> None:
    """Undone there, a deal could never be entered again and would drop out of the evening."""
    one, game_id, _version = _eight_deals(app, client)
    page = client.get(f"/g/{one.game}").text
    assert "Undo deal 8" in text_of(page)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        version, deals = stored.version, len(stored.game.deals)
    # The page offers no undo now; one opened before the stop still sends it.
    assert "Undo deal" not in text_of(client.get(f"/g/{one.game}").text)
    refused = client.post(f"/g/{one.game}/undo", data={"version": form_version(page)})
    assert refused.status_code == 409
    assert "none can be undone" in text_of(refused.text)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version and len(stored.game.deals) == deals


def test_a_stopped_tables_page_and_its_followers_offer_no_deal_and_no_undo(
    app: Flask, client: FlaskClient
) -> None:
    """The page's live part (kept per state, and followed by every open page) changes with the
    stop: its ETag names a new state, and it shows the stop instead of the next deal's contracts."""
    one, game_id, _version = _eight_deals(app, client)
    found = re.search(r"/v/[A-Za-z0-9_-]+", client.get(f"/g/{one.game}").text)
    assert found is not None
    view = found.group(0)
    before = {link: client.get(f"{link}/live") for link in (f"/g/{one.game}", view)}
    for answer in before.values():
        assert "Deal 9 of" in text_of(answer.text) and STOPPED not in text_of(answer.text)
    assert "Undo deal 8" in text_of(before[f"/g/{one.game}"].text)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    for link, old in before.items():
        answer = client.get(f"{link}/live", headers={"If-None-Match": old.headers["ETag"]})
        assert answer.status_code == 200 and answer.headers["ETag"] != old.headers["ETag"], link
        shown = text_of(answer.text)
        assert STOPPED in shown and "Deal 9 of" not in shown and "Undo deal" not in shown, link
        page = text_of(client.get(link).text)
        assert page.count(STOPPED) == 1 and "Replace a player" not in page and "Undo deal" not in page


def test_a_stop_that_meets_a_deal_saved_meanwhile_asks_again(app: Flask, client: FlaskClient) -> None:
    """The stop moves the game to a new version: a deal saved between the page and the stop (another
    server, a moment before) makes it refuse, store nothing, and show the point to confirm anew."""
    one, game_id, version = _eight_deals(app, client)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    real = evening_stops.bump

    def saved_first(s: Any, row: Any, made_on: int, **kw: Any) -> int:
        _play(app, one.game, 1)  # committed by another connection as the stop reads the game
        return real(s, row, made_on, **kw)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evening_stops, "bump", saved_first)
        refused = client.post(stop, data={"point": "6"})
    assert refused.status_code == 409
    assert "the point moved" in text_of(refused.text)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version + 1  # the deal, not the stop
        assert evening_stops.stopped_after(stored.row) is None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Table ended at its fair stop after deal 6: the evening counts no deal after it."),
        ("fa", "میز در نقطهٔ منصفانه‌اش پس از دست 6 پایان یافت"),
        ("hr", "Stol je završen na poštenoj točki nakon dijeljenja 6"),
        ("fr", "Table arrêtée à son point équitable après la donne 6"),
    ],
)
def test_the_stop_is_the_games_change_and_what_follows_it_is_changed_after_it_finished(
    app: Flask, client: FlaskClient, lang: str, said: str
) -> None:
    """The stop is a version of the game: its history says who ended it where, and the evening
    lists what the table's phone changed after it, as for a table that played all its deals."""
    one, game_id, _version = _eight_deals(app, client)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        last = store.last_change(stored.row)
        assert last is not None and (last.kind, last.version, last.after) == (
            "stop",
            stored.version,
            {"deals": 6},
        )
    assert "Changed after it finished" not in text_of(
        client.get(one.page).text
    )  # the stop itself is no change after
    phone = app.test_client()  # the table's phone: only the game's own link
    form = phone.get(f"/g/{one.game}/summary").text
    stake = {"stake": "0.10", "currency": "EUR", "version": form_version(form)}
    assert phone.post(f"/g/{one.game}/summary", data=stake).status_code == 303
    shown = text_of(client.get(one.page).text)
    assert "Changed after it finished" in shown
    assert "through the table's own link · The stake was changed." in shown
    client.set_cookie("lang", lang)
    history = text_of(client.get(f"/g/{one.game}/history").text)
    assert said in history
    if lang == "en":  # its first line: how the game was made
        assert "UTC Game started at a table of a club evening. Back to the sheet" in history
    if lang == "en":
        assert f"by the organiser · {said}" in history


def _pdf(data: bytes) -> tuple[str, int]:
    """The PDF's words on one line, and its number of pages."""
    text = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout
    info = subprocess.run(["pdfinfo", "-"], input=data, capture_output=True, check=True).stdout
    pages = re.search(rb"Pages:\s+(\d+)", info)
    assert pages
    return " ".join(text.decode().split()), int(pages.group(1))


def test_a_stopped_tables_sheet_says_where_it_ended_and_ranks_the_players_there(
    app: Flask, client: FlaskClient
) -> None:
    """The printed sheet keeps every deal played, and says which count tonight: the ranking at the
    stop is the table's result in the evening's standings."""
    one, game_id, _version = _eight_deals(app, client)
    before, pages = _pdf(client.get(f"/g/{one.game}/sheet.pdf").data)
    assert "fair stop" not in before
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        at_stop = stored.game.upto(6)
        ranked = sorted(zip(at_stop.players, at_stop.totals, strict=True), key=lambda p: -p[1])
    view = re.search(r"/v/[A-Za-z0-9_-]+", client.get(f"/g/{one.game}").text)
    assert view
    for path in (f"/g/{one.game}", view.group(0)):
        shown, after_pages = _pdf(client.get(f"{path}/sheet.pdf").data)
        assert STOPPED in shown and "Deals 7 to 8 were played after it: they do not count tonight." in shown
        ranking = shown.split("Ranking at the fair stop:")[1]
        places = [ranking.index(name) for name, _total in ranked]
        assert places == sorted(places), ranking  # best first
        for name, total in ranked:
            said = f"{name} {total:+d}" if total else f"{name} 0"
            assert said in ranking.replace("−", "-"), (said, ranking)
        assert after_pages == pages  # the sheet still fits its page


def test_a_stopped_table_takes_no_replacement_and_one_undone_after_the_stop_is_a_late_change(
    app: Flask, client: FlaskClient
) -> None:
    """Nobody takes a seat at a table that plays no more; a replacement entered by mistake may
    still be undone (the evening then counts the seat's deals for who sat before), and the
    organiser sees it among the changes made after the table finished."""
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 4)
    game = f"/g/{one.game}"
    form = client.get(f"{game}/replace").text
    replaced = client.post(
        f"{game}/replace", data={"seat": "1", "name": "Zoe", "version": form_version(form)}
    )
    assert replaced.status_code == 303
    _play(app, one.game, 4)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.game.substitutes
        game_id, left = stored.row.id, stored.game.players[stored.game.substitutes[0].seat]
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    assert "Zoe" in text_of(client.get(one.page).text)  # she sat for deals 5 and 6
    late_form = client.get(f"{game}/replace")
    assert late_form.status_code == 303 and late_form.headers["Location"].endswith(game)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None
        version, made_on = stored.version, stored.stamp  # as a form shown just now would hold
    again = {"seat": "0", "name": "Yves", "version": made_on}
    refused = client.post(f"{game}/replace", data=again)
    assert refused.status_code == 409 and "nobody takes a seat at it. Nothing was saved." in text_of(
        refused.text
    )
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version  # nothing stored
    history = client.get(f"{game}/history").text
    phone = app.test_client()  # the table's own link
    assert phone.post(f"{game}/replace/undo", data={"version": form_version(history)}).status_code == 303
    shown = text_of(client.get(one.page).text)
    assert "Changed after it finished" in shown
    assert (
        f"through the table's own link · Replacement undone: Zoe no longer takes {left}'s seat from deal 5."
        in shown
    )


def test_a_table_that_finished_then_lost_its_last_deal_lists_its_stop_as_a_late_change(
    app: Flask, client: FlaskClient
) -> None:
    """Finished, then its last deal undone, then ended at its fair stop: both are changes made
    after it finished, each in its own words."""
    one = _evening(app, client, 10, 11 * 60)
    _play(app, one.game, 21)
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.game.complete
        game_id = stored.row.id
    undo = client.post(
        f"/g/{one.game}/undo", data={"version": form_version(client.get(f"/g/{one.game}").text)}
    )
    assert undo.status_code == 303
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "18"}).status_code == 303
    shown = text_of(client.get(one.page).text)
    late = shown.split("Changed after it finished")[1]
    assert "by the organiser · Deal 21 undone" in late
    said = (
        "by the organiser · Table ended at its fair stop after deal 18: the evening counts no deal after it."
    )
    assert said in late and "Deal None" not in late


def test_two_tables_stopped_at_once_on_two_servers_both_stay_stopped(app: Flask, client: FlaskClient) -> None:
    """The plan is written whole: a stop that read it before another table's stop was committed
    (another server, a moment before) keeps that stop too."""
    data = plan_form(REGULARS, ["Eve", "Fay"], rounds=1, sizes=["3"], length="time", minutes="10")
    edit, _view, evening, number, first = timed_evening(app, client, data, 11 * 60)
    token = edit.rsplit("/", 1)[1]
    tables = list(first["tables"])
    assert len(tables) == 2
    games = re.findall(r'href="/g/([^"]+)"', client.get(evening).text)
    for game in games:
        _play(app, game, 3)
    real, raced = evening_stops.bump, []

    def other_server_first(s: Any, row: Any, made_on: int, **kw: Any) -> int:
        if not raced:
            raced.append(True)
            with app.app_context():  # its own session, committed before this stop goes on
                other = db.session().get(EveningRow, number)
                assert other is not None
                evening_stops.stop(other, tables[1], 3)
        return real(s, row, made_on, **kw)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evening_stops, "bump", other_server_first)
        stopped = client.post(f"/gr/{token}/evenings/{number}/tables/{tables[0]}/stop", data={"point": "3"})
    assert stopped.status_code == 303 and raced
    with app.app_context():
        row = db.session().get(EveningRow, number)
        assert row is not None
        assert [evening_stops.stopped_at(row.plan["rounds"][0], t) for t in tables] == [3, 3]


def test_a_table_stopped_meanwhile_from_another_phone_is_not_asked_again(
    app: Flask, client: FlaskClient
) -> None:
    """Two phones of the organiser end the same table at once: the one that comes second finds it
    ended and goes back to the evening, instead of being told that the point moved."""
    one, game_id, version = _eight_deals(app, client)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    real, raced = evening_stops.bump, []

    def stopped_first(s: Any, row: Any, made_on: int, **kw: Any) -> int:
        if not raced:
            raced.append(True)
            with app.app_context():
                other = db.session().get(EveningRow, one.number)
                assert other is not None
                evening_stops.stop(other, game_id, 6)
        return real(s, row, made_on, **kw)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evening_stops, "bump", stopped_first)
        second = client.post(stop, data={"point": "6"})
    assert second.status_code == 303 and raced
    with app.app_context():
        stored = store.find(one.game)
        assert stored is not None and stored.version == version + 1  # one stop, not two


def test_a_correction_of_a_deal_after_the_stop_is_listed_as_not_counting_tonight(
    app: Flask, client: FlaskClient
) -> None:
    one, game_id, _version = _eight_deals(app, client)
    stop = f"/gr/{one.token}/evenings/{one.number}/tables/{game_id}/stop"
    assert client.post(stop, data={"point": "6"}).status_code == 303
    with app.app_context():
        for position in (1, 6):  # deal 2, which counts, and deal 7, played after the stop
            stored = store.find(one.game)
            assert stored is not None
            again = stored.game.replace(position, stored.game.deals[position])
            store.save(stored, stored.version, again, "edit", position)
    late = text_of(client.get(one.page).text).split("Changed after it finished")[1]
    uncounted = "It was played after the fair stop: it does not count tonight."
    assert late.count(uncounted) == 1
    deal_2, deal_7 = late.index("Deal 2 corrected"), late.index("Deal 7 corrected")
    assert deal_2 < deal_7 < late.index(uncounted)
