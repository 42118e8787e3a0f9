"""End of game: after the last deal the page shows the final ranking, and "play again" starts a new game
with the same players."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.report import score_document
from scorekeeper.storage.models import GameRow
from tests.builders import PLAYERS, full_game
from tests.web.helpers import Links, count_rows, export, hands, import_game, play_again, signed, text_of


def _ranking(html: str) -> list[str]:
    found = re.search(r'<ol class="ranking">(.*?)</ol>', html, re.S)
    assert found, "no final ranking on the page"
    return [text_of(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


@pytest.mark.parametrize(
    "doc",
    [full_game(), full_game(ravage_city=True), full_game(scheme="brader")],
    ids=["28 deals", "32 deals", "brader"],
)
def test_the_final_ranking_is_shown(app: Flask, client: FlaskClient, doc: dict[str, Any]) -> None:
    links = import_game(app, doc)
    sheet = score_document(doc)
    assert sheet["checks"]["complete"]
    page = client.get(links.edit).text
    ordered = sorted(PLAYERS, key=lambda name: -sheet["totals"][name])
    assert _ranking(page) == [
        f"{place}. {name} {signed(sheet['totals'][name])}" for place, name in enumerate(ordered, start=1)
    ]
    assert "Play again with the same players" in page
    assert "/deal?contract=" not in page
    text = text_of(page)
    assert f"The totals add up to {sheet['checks']['game_total']}" in text.replace("−", "-")


def test_the_view_link_shows_the_ranking_without_play_again(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    page = client.get(links.view).text
    assert len(_ranking(page)) == 4
    assert "Play again" not in page


def test_no_deal_can_be_entered_after_the_last(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, full_game())
    response = client.get(f"{links.entry}?contract=barbu")
    assert response.status_code == 303
    assert response.headers["Location"] == links.edit
    response = client.post(links.entry, data={"version": "0", "contract": "barbu", "king": "1"})
    assert response.status_code == 303
    assert len(hands(client, links)) == 28


def test_play_again_starts_a_new_game_with_the_same_players(app: Flask, client: FlaskClient) -> None:
    doc = full_game(scheme="barbu-15")
    links = import_game(app, doc)
    response = play_again(client, links)
    assert response.status_code == 303
    new_edit = response.headers["Location"]
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22,}", new_edit)
    assert new_edit != links.edit
    new_doc = export(client, new_edit)
    old_doc = export(client, links.edit)
    assert new_doc["players"] == PLAYERS
    assert new_doc["rules"] == old_doc["rules"]
    assert new_doc["hands"] == []
    assert new_doc["first_declarer"] == "Beth"  # the next player declares first
    assert "Deal 1 of 28" in text_of(client.get(new_edit).text)
    assert count_rows(app, GameRow) == 2
    assert len(hands(client, links)) == 28  # the finished game is kept


def test_play_again_is_not_offered_on_the_view_link(app: Flask, client: FlaskClient) -> None:
    links: Links = import_game(app, full_game())
    assert client.post(f"{links.view}/again").status_code in (404, 405)
    assert count_rows(app, GameRow) == 1
