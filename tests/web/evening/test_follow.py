"""The big screen and the guide cards follow the evening by polling their live part with an ETag:
304 while nothing changes, 200 with the new part after a deal or a next round; and the slips PDF."""

from __future__ import annotations

import re
import subprocess

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import groups, store
from scorekeeper.web.evening.loading import RoundView, TableView
from scorekeeper.web.evening.screen import seating, shown_round
from tests.web.evening.test_evening import REGULARS, group_with_regulars, plan_form
from tests.web.helpers import WORKED_DEAL_1, Links, enter, text_of

pytestmark = pytest.mark.postgres


def evening_of(client: FlaskClient, walk_ins: list[str], rounds: int = 2, **fields: str) -> tuple[str, str]:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    data = plan_form(REGULARS, walk_ins, rounds=rounds, **fields)
    return token, client.post(f"/gr/{token}/evenings/new", data=data).headers["Location"]


def etag_of(page: str) -> str:
    found = re.search(r'data-etag="([^"]+)"', page)
    assert found
    return f'W/"{found.group(1)}"'


def first_game(client: FlaskClient, evening: str) -> Links:
    game = re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', client.get(evening).text)[0]
    view = re.search(r'(/v/[A-Za-z0-9_-]+)"', client.get(game).text)
    assert view
    return Links(game, view.group(1))


def test_the_big_screen_hears_304_until_a_deal_is_saved(client: FlaskClient) -> None:
    _token, evening = evening_of(client, [])
    page = client.get(evening + "/screen").text
    assert f'data-live-url="{evening}/screen/live"' in page
    etag = etag_of(page)
    # before the first deal the room finds its seats: every player by name, with table and seat
    shown = text_of(page)
    assert "Round 1 of 2" in shown and "Round 1: find your seat" in shown
    for name in REGULARS:
        assert re.search(rf"{name} Table 1 · Seat [1-4]", shown)
    quiet = client.get(evening + "/screen/live", headers={"If-None-Match": etag})
    assert quiet.status_code == 304 and quiet.headers["ETag"] == etag and not quiet.data
    enter(client, first_game(client, evening), WORKED_DEAL_1)
    groups.STATES.clear()  # as STATE_TTL later
    moved = client.get(evening + "/screen/live", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    part = text_of(moved.text)
    assert "Deal 1 of 28" in part and "find your seat" not in part and "Standings" in part
    assert '<progress max="28" value="1"' in moved.text and "<html" not in moved.text
    assert (
        client.get(evening + "/screen/live", headers={"If-None-Match": moved.headers["ETag"]}).status_code
        == 304
    )
    # the page made now names the state the poll names
    assert etag_of(client.get(evening + "/screen").text) == moved.headers["ETag"]


def test_a_running_timer_moves_the_etag_every_minute(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _token, evening = evening_of(client, [], length="time", minutes="30")
    etag = etag_of(client.get(evening + "/screen").text)
    assert client.get(evening + "/screen/live", headers={"If-None-Match": etag}).status_code == 304
    import time

    later = time.time() + 120
    monkeypatch.setattr(time, "time", lambda: later)
    moved = client.get(evening + "/screen/live", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and "Minutes left: 28" in text_of(moved.text)


def test_the_guide_card_follows_the_next_round(client: FlaskClient) -> None:
    _token, evening = evening_of(client, ["Eve"], sizes=["4"])  # five at one table: one sits out
    cards = re.findall(r'href="([^"]*/players/\d+\?name=[^"]+)"><bdi>([^<]+)</bdi>', client.get(evening).text)
    link = cards[0][0]
    page = client.get(link).text
    path, name = link.split("?")
    assert f'data-live-url="{path}/live?{name}"' in page and "Earlier rounds" not in page
    etag = etag_of(page)
    assert client.get(f"{path}/live?{name}", headers={"If-None-Match": etag}).status_code == 304
    client.post(evening + "/next", data={"present": [*REGULARS, "Eve"]})
    groups.STATES.clear()  # as STATE_TTL later
    moved = client.get(f"{path}/live?{name}", headers={"If-None-Match": etag})
    assert moved.status_code == 200
    part = text_of(moved.text)
    # the round seated last at the top, the one before below
    assert part.index("Round 2") < part.index("Earlier rounds") < part.index("Round 1")
    assert "Table 1 · Seat" in part or "You sit this round out." in part
    assert client.get(evening + "/players/9/live").status_code == 404


def test_a_poll_of_the_other_link_kind_or_no_evening_is_404(client: FlaskClient) -> None:
    token, evening = evening_of(client, [])
    view_evening = evening.replace("/gr/", "/gv/")
    assert client.get(view_evening + "/screen/live").status_code == 404
    assert client.get(f"/gr/{token}/evenings/999/screen/live").status_code == 404
    assert client.get(f"/gr/{token}/evenings/999/players/0/live").status_code == 404


def test_the_slips_pdf_has_every_players_slip_on_one_page(client: FlaskClient) -> None:
    walk_ins = ["Eve", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kim"]
    _token, evening = evening_of(client, walk_ins, rounds=3)
    everyone = sorted(REGULARS + walk_ins)
    client.post(evening + "/next", data={"present": everyone})
    assert f'href="{evening}/slips.pdf"' in client.get(evening).text
    response = client.get(evening + "/slips.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=response.data, capture_output=True, check=True
    ).stdout
    shown = " ".join(text.decode().split())
    for name in everyone:
        assert name in shown
    # a slip a player, with the rounds seated so far
    assert shown.count("Round Table Seat Opponents") == len(everyone) and "Rounds seated: 2 of 3." in shown
    info = subprocess.run(["pdfinfo", "-"], input=response.data, capture_output=True, check=True).stdout
    assert re.search(rb"Pages:\s+1\n", info)


def test_forty_players_over_eight_rounds_still_fit_one_page(client: FlaskClient) -> None:
    walk_ins = [f"Player {n:02d}" for n in range(1, 37)]
    _token, evening = evening_of(client, walk_ins, rounds=8, sizes=["4"])
    for _round in range(7):
        client.post(evening + "/next", data={"present": REGULARS + walk_ins})
    data = client.get(evening + "/slips.pdf").data
    info = subprocess.run(["pdfinfo", "-"], input=data, capture_output=True, check=True).stdout
    assert re.search(rb"Pages:\s+1\n", info)
    text = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout
    assert all(name in text.decode() for name in REGULARS + walk_ins)


def test_without_javascript_the_pages_refresh_themselves(client: FlaskClient) -> None:
    _token, evening = evening_of(client, [])
    for page in (client.get(evening + "/screen").text, client.get(evening + "/players/0").text):
        assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in page
        assert "<script>" not in page and "style=" not in page


def _round(number: int, played: list[tuple[int, int]], sitting_out: tuple[str, ...] = ()) -> RoundView:
    tables = [
        TableView(
            t,
            "Barbu",
            (f"A{number}{t}", f"B{number}{t}", f"C{number}{t}", f"D{number}{t}"),
            None,
            k,
            n,
            k == n,
        )
        for t, (k, n) in enumerate(played, start=1)
    ]
    return RoundView(number, tables, list(sitting_out))


def test_the_screen_shows_the_round_in_play_then_the_next_rounds_seating() -> None:
    first = _round(1, [(28, 28), (27, 28)])
    second = _round(2, [(0, 28), (0, 28)], ("Zoe",))
    # a round seated early waits until the one still played is over
    assert shown_round([first, second]) is first
    done = _round(1, [(28, 28), (28, 28)])
    assert shown_round([done, second]) is second
    places = seating(second)
    assert [p.name for p in places][:2] == ["A21", "A22"] and places[-1].name == "Zoe"
    assert (places[0].table, places[0].seat) == (1, 1) and places[-1].table is None
    # every round over: the last, which the screen then says is over
    assert shown_round([done]) is done and done.over
    assert shown_round([]) is None


def test_a_card_stays_its_players_when_a_walk_in_shifts_the_numbers(client: FlaskClient) -> None:
    _token, evening = evening_of(client, [], sizes=["4"])
    cards = dict(
        (name, link)
        for link, name in re.findall(
            r'href="([^"]*/players/\d+\?name=[^"]+)"><bdi>([^<]+)</bdi>', client.get(evening).text
        )
    )
    link = cards["Diana"]
    # the read-only link's card: handing it out hands out no edit link
    assert re.fullmatch(r"/gv/[A-Za-z0-9_-]+/evenings/\d+/players/3\?name=Diana", link)
    page = client.get(link).text
    assert "<h1><bdi>Diana</bdi></h1>" in page
    # Aaron arrives: alphabetically first, he is number 0 now, and Diana number 4
    client.post(evening + "/next", data={"present": REGULARS, "walk_ins": "Aaron"})
    groups.STATES.clear()  # as STATE_TTL later
    live = re.search(r'data-live-url="([^"]+)"', page)
    assert live
    moved = client.get(live.group(1).replace("&amp;", "&"), headers={"If-None-Match": etag_of(page)})
    assert moved.status_code == 200 and "<h1><bdi>Diana</bdi></h1>" in moved.text
    assert "<h1><bdi>Diana</bdi></h1>" in client.get(link).text
    assert "<h1><bdi>Cat</bdi></h1>" in client.get(f"{evening}/players/3").text  # by number alone


def test_each_card_has_a_qr_code_of_its_read_only_link(client: FlaskClient) -> None:
    _token, evening = evening_of(client, [])
    page = client.get(evening).text
    qrs = re.findall(r'<img class="qr" src="([^"]*/players/\d+/qr\.svg\?name=[^"]+)"', page)
    assert len(qrs) == len(REGULARS) and all(q.startswith("/gv/") for q in qrs)
    assert 'alt="QR code of the guide card of Ann"' in page
    svg = client.get(qrs[0].replace("&amp;", "&"))
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    title = re.search(r"<title>([^<]+)</title>", svg.text)
    assert title and re.fullmatch(
        r"http://localhost/gv/[A-Za-z0-9_-]+/evenings/\d+/players/0\?name=Ann", title.group(1)
    )


def test_a_guide_card_hears_its_own_tables_deals_and_no_others(app: Flask, client: FlaskClient) -> None:
    _token, evening = evening_of(client, ["Eve", "Finn", "Gus", "Hal"], sizes=["4"])  # two tables of 4
    cards = re.findall(r'href="([^"]*/players/\d+\?name=[^"]+)"><bdi>([^<]+)</bdi>', client.get(evening).text)
    assert len(cards) == 8
    before = {name: etag_of(client.get(link).text) for link, name in cards}
    game = first_game(client, evening)
    with app.app_context():
        stored = store.find(game.edit.rsplit("/", 1)[1])
        assert stored is not None
        at_table = set(stored.game.players)
    assert len(at_table) == 4
    enter(client, game, WORKED_DEAL_1)
    groups.STATES.clear()  # as STATE_TTL later
    for link, name in cards:
        path, query = link.split("?")
        heard = client.get(f"{path}/live?{query}", headers={"If-None-Match": before[name]})
        assert heard.status_code == (200 if name in at_table else 304), name
        if name in at_table:
            assert "Deal 2 of 28" in text_of(heard.text) or "Deal 1 of 28" in text_of(heard.text)
            # the page made now names what its poll names
            assert etag_of(client.get(link).text) == heard.headers["ETag"]


def test_a_substitute_sits_at_the_table_and_gets_a_guide_card(app: Flask, client: FlaskClient) -> None:
    """Who takes over a seat is shown at the table (the screen, the evening page) and has a card
    that follows their table; who left keeps the round on theirs."""
    from tests.web.evening.test_stop import _play as play
    from tests.web.games.test_replace_player import replace

    _token, evening = evening_of(client, ["Eve", "Finn", "Gus", "Hal"], sizes=["4"])
    game = first_game(client, evening)
    enter(client, game, WORKED_DEAL_1)
    with app.app_context():
        stored = store.find(game.edit.rsplit("/", 1)[1])
        assert stored is not None
        leaver = stored.game.players[2]
    assert replace(client, game, "2", "Zoe").status_code == 303
    groups.STATES.clear()
    page = client.get(evening).text
    assert re.search(rf"<bdi>{leaver}</bdi> → <bdi>Zoe</bdi>", page)
    assert "<bdi>Zoe</bdi>" in client.get(evening + "/screen").text
    cards = dict(
        (n, link)
        for link, n in re.findall(r'href="([^"]*/players/\d+\?name=[^"]+)"><bdi>([^<]+)</bdi>', page)
    )
    assert "Zoe" in cards and leaver in cards
    zoe = client.get(cards["Zoe"]).text
    assert "Table 1 · Seat 3" in text_of(zoe) and leaver not in text_of(zoe).split("Opponents")[-1]
    etag = etag_of(zoe)
    play(app, game.edit.rsplit("/", 1)[1], 1)
    path, query = cards["Zoe"].split("?")
    assert client.get(f"{path}/live?{query}", headers={"If-None-Match": etag}).status_code == 200
