"""A club evening through the screens: plan it from the group's edit page, its tables are games of
the group with names and seats filled in, the evening page links them, the big screen shows them."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import groups
from scorekeeper.storage.models import EveningRow, GameRow
from tests.web.groups.test_groups import create_group, start_game
from tests.web.helpers import WORKED_DEAL_1, Links, count_rows, enter, errors_after, text_of

pytestmark = pytest.mark.postgres

REGULARS = ["Ann", "Beth", "Cat", "Diana"]


def plan_form(present: list[str], walk_ins: list[str], rounds: int = 3, **fields: str) -> dict[str, object]:
    return {
        "present": present,
        "walk_ins": "\n".join(walk_ins),
        "rounds": str(rounds),
        "sizes": ["3", "4", "5"],
        "game_3": "barbu-3",
        "game_4": "barbu",
        "game_5": "barbu-5",
        **fields,
    }


def group_with_regulars(client: FlaskClient) -> tuple[str, str]:
    edit, view = create_group(client)
    start_game(client, edit)  # Ann, Beth, Cat and Diana have played in the group
    return edit, view


def test_an_evening_of_eleven_over_three_rounds(app: Flask, client: FlaskClient) -> None:
    edit, view = group_with_regulars(client)
    page = client.get(edit).text
    token = edit.rsplit("/", 1)[1]
    assert f"/gr/{token}/evenings/new" in page
    form = client.get(f"/gr/{token}/evenings/new").text
    for name in REGULARS:
        assert f'value="{name}"' in form
    walk_ins = ["Eve", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kim"]
    response = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, walk_ins))
    assert response.status_code == 303, response.text
    evening = response.headers["Location"]
    assert re.fullmatch(rf"/gr/{token}/evenings/\d+", evening)
    # round 1 is seated; each next round is seated for whoever is here then
    assert client.get(evening).text.count('class="table-card"') == 3
    everyone = sorted(REGULARS + walk_ins)
    for number in (2, 3):
        assert f"Seat round {number}" in client.get(evening).text
        answer = client.post(evening + "/next", data={"present": everyone, "walk_ins": ""})
        assert answer.status_code == 303 and answer.headers["Location"].endswith(f"#round-{number}")
    shown = client.get(evening).text
    assert "Seat round 4" not in shown
    assert client.post(evening + "/next", data={"present": everyone}).status_code == 303  # nothing more
    assert shown.count('class="table-card"') == 9  # 4+4+3 in each of three rounds
    assert text_of(shown).count("· Three-player Barbu") == 3 and text_of(shown).count("· Barbu") == 6
    with app.app_context():
        assert count_rows(app, GameRow) == 1 + 9
        assert count_rows(app, EveningRow) == 1
    # every table's game opens from the evening page, with the players in their seats
    games = re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', shown)
    assert len(games) == 9
    qrs = re.findall(r'src="(/g/[A-Za-z0-9_-]+/qr/edit\.svg)"', shown)
    assert len(qrs) == 9 and client.get(qrs[0]).status_code == 200
    first = client.get(games[0]).text
    seats = re.findall(r"<li><bdi>([^<]+)</bdi></li>", shown)[:4]
    for name in seats:
        assert name in first
    # the games are the group's: the group's page lists them, and the evening
    group_page = client.get(edit).text
    assert games[0] in group_page and f'href="{evening}"' in group_page
    assert evening.split(token)[1] in client.get(view).text
    # everyone plays once a round
    for r in range(1, 4):
        part = shown.split(f'id="round-{r}"')[1].split("</section>")[0]
        assert sorted(re.findall(r"<li><bdi>([^<]+)</bdi></li>", part)) == sorted(REGULARS + walk_ins)


def test_the_evening_follows_the_tables_and_the_big_screen_refreshes(client: FlaskClient) -> None:
    edit, view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    evening = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, [], rounds=1)).headers[
        "Location"
    ]
    shown = client.get(evening).text
    assert "Deal 0 of 28" in text_of(shown) and "No deal played yet" in shown
    assert 'id="awards-title"' not in shown  # no deal, no award
    game = re.findall(r'href="(/g/[A-Za-z0-9_-]+)"', shown)[0]
    view_link = re.search(r'(/v/[A-Za-z0-9_-]+)"', client.get(game).text)
    assert view_link
    enter(client, Links(game, view_link.group(1)), WORKED_DEAL_1)
    shown = client.get(evening).text
    assert "Deal 1 of 28" in text_of(shown)
    assert '<table class="standings">' in shown
    screen = client.get(evening + "/screen")
    assert screen.status_code == 200
    assert "js/evening-screen.js" in screen.text and 'data-live-url="' in screen.text
    assert "Deal 1 of 28" in text_of(screen.text)
    # Tonight's awards, from the deals played, on the evening's page and the big screen alike.
    for page in (shown, screen.text):
        assert 'id="awards-title"' in page and 'data-award="best-deal"' in page
        assert "Worked out from every deal played tonight." in text_of(page)
    # the read-only link shows the evening, with read-only links only
    viewed = client.get(view + evening.split(token)[1])
    assert viewed.status_code == 200 and "Deal 1 of 28" in text_of(viewed.text)
    assert not re.search(r'"/g/[A-Za-z0-9_-]+', viewed.text)
    assert len(re.findall(r'href="/v/[A-Za-z0-9_-]+"', viewed.text)) == 1


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"present": ["Ann"], "walk_ins": ""}, "present", "1 player cannot fill a table of 3."),
        ({"walk_ins": "Ann"}, "present", "Each player is named once"),
        ({"rounds": "0"}, "rounds", "Choose from 1 to 8 rounds."),
        ({"rounds": "nine"}, "rounds", "Choose from 1 to 8 rounds."),
        ({"rounds": "9"}, "rounds", "Choose from 1 to 8 rounds."),
        ({"game_4": "barbu-3"}, "game_4", ""),
        ({"sizes": []}, "sizes", "Choose at least one table size."),
        ({"walk_ins": "x" * 41}, "walk_ins", "at most 40"),
    ],
)
def test_bad_input_is_told_next_to_its_field_and_nothing_is_stored(
    app: Flask, client: FlaskClient, fields: dict[str, object], field: str, message: str
) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    response = client.post(f"/gr/{token}/evenings/new", data={**plan_form(REGULARS, ["Eve"]), **fields})
    assert response.status_code == 422
    errors = errors_after(response.text, field)
    assert errors and message in " ".join(errors)
    with app.app_context():
        assert count_rows(app, EveningRow) == 0
        assert count_rows(app, GameRow) == 1


def test_only_the_edit_link_plans_and_unknown_evenings_are_404(client: FlaskClient) -> None:
    edit, view = group_with_regulars(client)
    view_token = view.rsplit("/", 1)[1]
    assert client.get(f"/gr/{view_token}/evenings/new").status_code == 404
    token = edit.rsplit("/", 1)[1]
    assert client.get(f"/gr/{token}/evenings/999").status_code == 404
    assert client.get(f"/gv/{view_token}/evenings/999/screen").status_code == 404


@pytest.mark.parametrize(
    ("lang", "direction", "words"),
    [
        ("en", "ltr", ["Plan a club evening", "Round 1", "Standings"]),
        ("fa", "rtl", ["برنامه‌ریزی شب باشگاه", "دور 1", "جدول رده‌بندی"]),
        ("hr", "ltr", ["Isplaniraj klupsku večer", "Krug 1", "Poredak"]),
        ("fr", "ltr", ["Préparer une soirée du club", "Tour 1", "Classement"]),
    ],
)
def test_the_evening_in_four_languages(
    client: FlaskClient, lang: str, direction: str, words: list[str]
) -> None:
    edit, _view = group_with_regulars(client)
    token = edit.rsplit("/", 1)[1]
    client.set_cookie("lang", lang)
    form = client.get(f"/gr/{token}/evenings/new").text
    assert f'dir="{direction}"' in form and words[0] in form
    evening = client.post(f"/gr/{token}/evenings/new", data=plan_form(REGULARS, [], rounds=1)).headers[
        "Location"
    ]
    for page in (client.get(evening).text, client.get(evening + "/screen").text):
        assert f'dir="{direction}"' in page
        assert words[1] in page and words[2] in page


def test_a_form_without_its_csrf_token_is_refused(csrf_app: Flask) -> None:
    with csrf_app.app_context():
        token = groups.create("Club").edit_token
    client = csrf_app.test_client()
    response = client.post(f"/gr/{token}/evenings/new", data=plan_form([], ["Ann", "Beth", "Cat"]))
    assert response.status_code == 400
    with csrf_app.app_context():
        assert count_rows(csrf_app, EveningRow) == 0
    token_field = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', client.get(f"/gr/{token}/evenings/new").text
    )
    assert token_field
    data = {**plan_form([], ["Ann", "Beth", "Cat"]), "csrf_token": token_field.group(1)}
    assert client.post(f"/gr/{token}/evenings/new", data=data).status_code == 303
