"""Every screen renders (status 200) with its key content; unknown pages get the app's own 404 page."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.builders import game, worked_example
from tests.web.helpers import ANN, PLAYERS, Links, checked, create_game, import_game, text_of

# The inputs each contract's result needs on the entry form.
CONTRACT_FIELDS = {
    "no-tricks": ["tricks_0", "tricks_1", "tricks_2", "tricks_3"],
    "no-queens": ["queen_spades", "queen_hearts", "queen_diamonds", "queen_clubs"],
    "no-last-two": ["penultimate", "last"],
    "no-hearts": ["hearts_0", "hearts_1", "hearts_2", "hearts_3", "ace"],
    "barbu": ["king"],
    "trumps": ["trump", "tricks_0", "tricks_1", "tricks_2", "tricks_3"],
    "dominoes": ["rank", "place_1", "place_2", "place_3", "place_4"],
    "ravage-city": ["most"],
}


@pytest.fixture
def worked(app: Flask) -> Links:
    """The worked example of rules.md, two deals, stored."""
    return import_game(app, worked_example())


def test_home_offers_a_new_game(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert 'href="/new"' in response.text
    assert "None yet" in response.text


def test_home_lists_the_games_opened_on_this_device(client: FlaskClient, worked: Links) -> None:
    client.get(worked.edit)
    client.get(worked.view)
    page = client.get("/").text
    assert f'href="{worked.edit}"' in page
    assert f'href="{worked.view}"' in page
    assert "can edit" in page
    assert "view only" in page
    assert "2 of 28 deals" in text_of(page)
    # Each game with the day it was started.
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\d">\d{4}-\d\d-\d\d</time>', page)


def test_new_game_form_has_four_seats_and_the_standard_rules_preselected(client: FlaskClient) -> None:
    page = client.get("/new").text
    for seat in range(4):
        assert f'name="player_{seat}"' in page
    assert 'class="table-picture seats-4"' in page
    assert checked(page, "first_declarer", "random")
    for name, value in [("scheme", "standard"), ("doubling", "standard"), ("compulsory_doubles", "2")]:
        select = re.search(rf'<select[^>]*name="{name}".*?</select>', page, re.S)
        assert select, name
        assert re.search(
            rf'<option selected value="{value}"|<option value="{value}" selected', select.group(0)
        )
    # Each rule option has its one-line explanation.
    for hint in ["The points each contract is worth.", "Who may double whom.", "Who declares next."]:
        assert hint in page


def test_game_page_from_the_edit_link(client: FlaskClient) -> None:
    links = create_game(client, first=ANN)
    page = client.get(links.edit).text
    text = text_of(page)
    assert "Ann · Beth · Cat · Diana" in text
    assert "Deal 1 of 28" in text
    assert re.search(r"Declares Ann Deals Diana Cuts Cat", text)
    assert len(re.findall(r'href="[^"]*/deal\?contract=', page)) == 7
    assert "Compulsory doubles still owed to Ann" in text
    assert "No deals yet." in text


def test_game_page_from_the_view_link(client: FlaskClient, worked: Links) -> None:
    page = client.get(worked.view)
    assert page.status_code == 200
    text = text_of(page.text)
    assert "only the edit link can change it" in text
    assert "Running total −4 +16 −48 −18" in text


@pytest.mark.parametrize("contract", list(CONTRACT_FIELDS), ids=list(CONTRACT_FIELDS))
def test_entry_form_for_each_contract(app: Flask, client: FlaskClient, contract: str) -> None:
    links = import_game(app, game(ravage_city=True))
    response = client.get(f"{links.entry}?contract={contract}")
    assert response.status_code == 200
    page = response.text
    assert re.search(f'<input [^>]*name="contract" type="hidden" value="{contract}">', page)
    for field in CONTRACT_FIELDS[contract]:
        assert f'name="{field}"' in page, field
    assert "Save deal 1" in page
    # In the positive contracts only the declarer may be doubled: one line says who does.
    positive = contract in ("trumps", "dominoes")
    assert ("Who doubles Ann, the declarer?" if positive else "Beth doubles") in text_of(page)
    assert "Everyone doubles Ann" in text_of(page)
    assert "Ann redoubles" in text_of(page)


def test_entry_page_without_a_contract_offers_the_contracts_left(client: FlaskClient, worked: Links) -> None:
    page = client.get(worked.entry).text
    assert "Save deal" not in page
    offered = re.findall(r'href="[^"]*/deal\?contract=([a-z-]+)"', page)
    assert offered == ["no-tricks", "no-last-two", "barbu", "trumps", "dominoes"]


def test_correction_form_is_filled_with_the_deal(client: FlaskClient, worked: Links) -> None:
    response = client.get(f"{worked.edit}/deal/1/edit")
    assert response.status_code == 200
    page = response.text
    assert "correction" in text_of(page)
    for name in ["dbl_1_0", "dbl_1_2", "dbl_1_3", "dbl_2_0", "dbl_0_2"]:
        assert checked(page, name), name
    assert not checked(page, "dbl_3_0")
    queens = {s: [v for v in "0123" if checked(page, f"queen_{s}", v)] for s in ("hearts", "clubs")}
    assert queens == {"hearts": ["2"], "clubs": ["3"]}


@pytest.mark.parametrize("link", ["edit", "view"])
def test_deal_detail_shows_the_six_pairs(client: FlaskClient, worked: Links, link: str) -> None:
    response = client.get(f"{getattr(worked, link)}/deal/1")
    assert response.status_code == 200
    text = text_of(response.text)
    pairs = re.findall(r"<tr>\s*<th scope=\"row\">", response.text)
    assert len(pairs) == 6
    for line in [
        "Ann / Beth one way Ann pays Beth 6",
        "Ann / Cat both ways (×2) equal scores, nothing",
        "Ann / Diana no",
        "Beth / Cat one way Cat pays Beth 6",
        "Beth / Diana one way Diana pays Beth 12",
        "Cat / Diana no",
        "Ann: −12 Beth: +24 Cat: −12 Diana: −24",
        "They add up to −24",
    ]:
        assert line in text, line
    assert ("Correct this deal" in text) == (link == "edit")


def test_live_sheet_answers_304_until_the_game_changes(client: FlaskClient, worked: Links) -> None:
    first = client.get(f"{worked.view}/live")
    assert first.status_code == 200
    assert "Running total −4 +16 −48 −18" in text_of(first.text)
    etag = first.headers["ETag"]
    assert client.get(f"{worked.view}/live", headers={"If-None-Match": etag}).status_code == 304
    version = re.search(
        r'name="version"[^>]*value="([0-9a-f.]+)"', client.get(f"{worked.entry}?contract=barbu").text
    )
    assert version
    client.post(worked.entry, data={"version": version.group(1), "contract": "barbu", "king": "1"})
    changed = client.get(f"{worked.view}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "Deal 4 of 28" in text_of(changed.text)


def test_history_page(client: FlaskClient, worked: Links) -> None:
    response = client.get(f"{worked.edit}/history")
    assert response.status_code == 200
    assert "Game imported from a file." in response.text


def test_export_is_a_json_download(client: FlaskClient, worked: Links) -> None:
    response = client.get(f"{worked.edit}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment")
    assert response.json is not None
    assert response.json["players"] == PLAYERS


@pytest.mark.parametrize(
    "path",
    ["/nowhere", "/g/not-a-token", "/v/not-a-token", "/g/not-a-token/export.json", "/static/nothing.css"],
)
def test_unknown_pages_get_the_404_page(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "There is no such page" in response.text
    assert 'href="/"' in response.text


@pytest.mark.parametrize("number", [0, 3, 99])
def test_a_deal_that_does_not_exist_is_404(client: FlaskClient, worked: Links, number: int) -> None:
    assert client.get(f"{worked.edit}/deal/{number}").status_code == 404
    assert client.get(f"{worked.edit}/deal/{number}/edit").status_code == 404


DOUBLES_OFFERED = [
    pytest.param({}, "no-queens", {"1": {"0", "2", "3"}, "0": {"1", "2", "3"}}, id="negative: anyone"),
    pytest.param({}, "trumps", {"1": {"0"}, "0": {"1", "2", "3"}}, id="positive: only the declarer"),
    pytest.param(
        {"doubling": "declarer-only"}, "no-queens", {"1": {"0"}, "0": {"1", "2", "3"}}, id="declarer-only"
    ),
    pytest.param({"doubling": "none"}, "no-queens", {"1": set(), "0": set()}, id="no doubling"),
]


@pytest.mark.parametrize(("rules", "contract", "offered"), DOUBLES_OFFERED)
def test_the_entry_form_offers_only_legal_doubles(
    client: FlaskClient, rules: dict[str, str], contract: str, offered: dict[str, set[str]]
) -> None:
    """Beth (seat 1) may double whom the rules allow; Ann, the declarer, is offered everyone to redouble
    (the page keeps only those who doubled her)."""
    page = client.get(f"{create_game(client, **rules).entry}?contract={contract}").text
    for seat, targets in offered.items():
        assert set(re.findall(rf'name="dbl_{seat}_(\d)"', page)) == targets, seat
        assert (f'name="max_{seat}"' in page) == (len(targets) > 1), seat


def test_forgetting_a_game_on_the_home_page(client: FlaskClient, worked: Links) -> None:
    client.get(worked.edit)
    client.get(worked.view)
    response = client.post("/forget", data={"entry": f"g/{worked.edit_token}"})
    assert response.status_code == 303
    page = client.get("/").text
    assert worked.edit_token not in page
    assert worked.view_token in page
    assert client.get(worked.edit).status_code == 200  # the game itself is kept


def test_a_request_too_large_gets_the_413_page(client: FlaskClient) -> None:
    response = client.post("/new", data={"player_0": "x" * 300_000})
    assert response.status_code == 413
    assert "That file is too large." in response.text


@pytest.mark.parametrize(("language", "direction"), [("fa", "rtl"), ("hr", "ltr"), ("fr", "ltr")])
def test_every_screen_renders_in_each_language(
    client: FlaskClient, worked: Links, language: str, direction: str
) -> None:
    paths = ["/", "/new", worked.edit, worked.view, f"{worked.entry}?contract=barbu", f"{worked.edit}/deal/1"]
    paths += [f"{worked.edit}/deal/1/edit", f"{worked.view}/history"]
    for path in paths:
        response = client.get(path, headers={"Accept-Language": language})
        assert response.status_code == 200, path
        assert f'<html lang="{language}" dir="{direction}">' in response.text, path
