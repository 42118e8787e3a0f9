"""The table's flow on the server side: landing after a save, undo and putting it back, the
history in words, recent tables on the new-game screen, the compact sheet's switch."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage.models import GameRow
from tests.builders import worked_example
from tests.web.helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    checked,
    count_rows,
    create_game,
    enter,
    form_version,
    hands,
    import_game,
    post_deal,
    text_of,
    totals,
)


def test_a_save_lands_on_the_game_page_with_the_deal_summed_up(client: FlaskClient) -> None:
    links = create_game(client)
    response = post_deal(client, links, WORKED_DEAL_1)
    assert response.headers["Location"].endswith("#deal-1")
    page = client.get(links.edit).text
    summary = re.search(r'<a class="last-deal"[^>]*href="([^"]+)"[^>]*>(.*?)</a>', page, re.S)
    assert summary is not None
    assert summary.group(1).endswith("/deal/1")
    assert text_of(summary.group(2)).startswith(
        "Deal 1 · No queens · Ann Ann −12 · Beth +24 · Cat −12 · Diana −24"
    )
    # The next deal's contracts come right after it.
    assert page.index('class="last-deal"') < page.index('class="button contract-button"')


def test_undo_says_what_it_removed_and_can_put_it_back(app: Flask, client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    before = totals(client, links)
    client.post(f"{links.edit}/undo", data={"version": form_version(client.get(links.edit).text)})
    page = client.get(links.edit).text
    assert "Deal 2 was undone (No hearts, declared by Ann)." in text_of(page)
    assert len(hands(client, links)) == 1
    response = client.post(f"{links.edit}/redo", data={"version": form_version(page)})
    assert response.status_code == 303
    assert len(hands(client, links)) == 2 and totals(client, links) == before
    assert "was undone" not in text_of(client.get(links.edit).text)
    history = text_of(client.get(f"{links.edit}/history").text)
    assert "Deal 2 put back (No hearts)." in history
    del app


def test_put_back_is_refused_once_the_game_moved_on(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    client.post(f"{links.edit}/undo", data={"version": form_version(client.get(links.edit).text)})
    stale = form_version(client.get(links.edit).text)
    enter(client, links, {**WORKED_DEAL_2, "contract": "barbu", "king": "1"})
    response = client.post(f"{links.edit}/redo", data={"version": stale})
    assert response.status_code in (303, 409)
    assert [h["contract"] for h in hands(client, links)] == ["no-queens", "barbu"]


def test_a_correction_is_told_in_words(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    page = client.get(f"{links.edit}/deal/2/edit").text
    data = {
        "version": form_version(page),
        "contract": "no-hearts",
        "dbl_3_0": "y",
        "dbl_3_1": "y",
        "dbl_3_2": "y",
        "hearts_0": "0",
        "hearts_1": "4",
        "hearts_2": "7",
        "hearts_3": "2",
        "ace": "2",
    }
    assert client.post(f"{links.edit}/deal/2/edit", data=data).status_code == 303
    history = text_of(client.get(f"{links.view}/history").text)
    assert (
        "Deal 2 corrected: Ann no longer doubles Diana; Beth's hearts 3 → 4; Cat's hearts 8 → 7." in history
    )


def test_a_table_that_played_here_is_offered_again(app: Flask, client: FlaskClient) -> None:
    links = create_game(
        client, ["Anne-Sophie", "Jean-Baptiste", "Marie-Christine", "Guillaume"], ravage_city="y"
    )
    client.get(links.edit)  # opening the game page remembers it on this phone
    page = client.get("/new").text
    offer = re.search(r'<nav class="recent-tables".*?href="([^"]+)"', page, re.S)
    assert offer is not None
    filled = client.get(offer.group(1).replace("&amp;", "&")).text
    assert 'value="Marie-Christine"' in filled
    assert checked(filled, "ravage_city")
    # The player left of the last first declarer starts the next game.
    assert checked(filled, "first_declarer", "1")
    assert count_rows(app, GameRow) == 1


def test_a_link_of_another_phone_is_not_offered_as_a_table(app: Flask, client: FlaskClient) -> None:
    other = import_game(app, worked_example())
    page = client.get(f"/new?like=g/{other.edit_token}").text
    assert 'value="Ann"' not in page


def test_the_sheet_explains_its_marks_and_offers_the_whole_sheet(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1)
    page = text_of(client.get(links.edit).text)
    assert "circled when it is the declarer; X means maximum" in page
    assert "Show doubles and raw scores" in page
    assert re.search(r'class="sheet-scroll [^"]*\bfull"', client.get(f"{links.edit}?sheet=full").text)
