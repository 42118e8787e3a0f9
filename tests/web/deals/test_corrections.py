"""Correcting: edit an earlier deal (checked against the whole game), undo the last one, and the history."""

from __future__ import annotations

import copy
import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.present.report import score_document
from scorekeeper.storage.models import ChangeRow
from tests.builders import block, game, worked_example
from tests.web.helpers import (
    WORKED_DEAL_1,
    WORKED_DEAL_2,
    WORKED_TOTALS,
    all_errors,
    checked,
    count_rows,
    create_game,
    enter,
    export,
    form_version,
    hands,
    import_game,
    signed,
    text_of,
    totals,
)


def _edit(client: FlaskClient, link: str, number: int, data: dict[str, str]) -> object:
    url = f"{link}/deal/{number}/edit"
    return client.post(url, data={"version": form_version(client.get(url).text), **data})


def test_correcting_a_result_updates_the_totals(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    corrected = {**WORKED_DEAL_1, "queen_spades": "2"}  # Cat took Ann's queen: Ann 0, Cat 2
    response = _edit(client, links.edit, 1, corrected)
    assert response.status_code == 303  # type: ignore[attr-defined]

    expected_doc = worked_example()
    expected_doc["hands"][0]["result"]["queens"] = {"Ann": 0, "Beth": 0, "Cat": 2, "Diana": 2}
    expected = score_document(expected_doc)["totals"]
    assert expected != WORKED_TOTALS
    assert totals(client, links) == expected
    running = " ".join(signed(expected[name]) for name in ("Ann", "Beth", "Cat", "Diana"))
    assert f"Running total {running}" in text_of(client.get(links.edit).text)
    assert len(hands(client, links)) == 2


def test_a_deal_can_change_to_a_contract_still_free(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    response = _edit(client, links.edit, 2, {"contract": "barbu", "max_3": "y", "dbl_0_3": "y", "king": "1"})
    assert response.status_code == 303  # type: ignore[attr-defined]
    assert hands(client, links)[1]["contract"] == "barbu"


def test_a_correction_that_makes_a_later_deal_illegal_is_refused(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    before = export(client, links.edit)
    # Deal 1 turned into No hearts, which Ann declares in deal 2.
    hearts = {
        "contract": "no-hearts",
        "hearts_0": "1",
        "hearts_1": "4",
        "hearts_2": "4",
        "hearts_3": "",
        "ace": "0",
    }
    response = _edit(client, links.edit, 1, {**hearts, "max_1": "y", "dbl_2_0": "y"})
    assert response.status_code == 422  # type: ignore[attr-defined]
    page = response.text  # type: ignore[attr-defined]
    assert "This makes deal 2 illegal: Ann has already declared No hearts" in all_errors(page)
    assert checked(page, "ace", "0") and checked(page, "max_1")
    assert export(client, links.edit) == before


def test_a_correction_that_breaks_later_compulsory_doubles_names_the_deal(
    app: Flask, client: FlaskClient
) -> None:
    # Each opponent doubles Ann in deals 1 and 2 only, so no double of hers can be taken back.
    links = import_game(app, game(block("Ann")))
    before = export(client, links.edit)
    form = {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
    response = _edit(
        client, links.edit, 1, {**form, "dbl_2_0": "y", "dbl_3_0": "y"}
    )  # Beth no longer doubles
    assert response.status_code == 422  # type: ignore[attr-defined]
    messages = all_errors(response.text)  # type: ignore[attr-defined]
    assert any(re.match(r"This makes deal 7 illegal: Beth must double Ann", m) for m in messages), messages
    assert export(client, links.edit) == before


def test_undo_removes_the_last_deal(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    page = client.get(links.edit).text
    assert "Undo deal 2" in page
    response = client.post(f"{links.edit}/undo", data={"version": form_version(page)})
    assert response.status_code == 303
    assert [h["contract"] for h in hands(client, links)] == ["no-queens"]
    assert "Undo deal 1" in client.get(links.edit).text


def test_undo_on_a_stale_version_is_refused_and_deletes_nothing(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    stale = form_version(client.get(links.edit).text)
    enter(client, links, {"contract": "barbu", "king": "1"})  # another phone enters deal 3

    response = client.post(f"{links.edit}/undo", data={"version": stale})
    assert response.status_code == 409
    assert "nothing was undone" in response.text
    assert len(hands(client, links)) == 3


def test_the_undo_button_on_the_changed_page_works(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    stale = form_version(client.get(links.edit).text)
    enter(client, links, {"contract": "barbu", "king": "1"})
    changed = client.post(f"{links.edit}/undo", data={"version": stale})
    assert changed.status_code == 409

    assert form_version(changed.text).split(".")[0] == str(int(stale.split(".")[0]) + 1)
    again = client.post(f"{links.edit}/undo", data={"version": form_version(changed.text)})
    assert again.status_code == 303
    assert len(hands(client, links)) == 2


def test_undo_with_no_deals_changes_nothing(app: Flask, client: FlaskClient) -> None:
    links = create_game(client)
    assert client.post(f"{links.edit}/undo", data={"version": "0"}).status_code == 303
    assert hands(client, links) == []
    assert count_rows(app, ChangeRow) == 1


def test_the_history_lists_every_change_newest_first(client: FlaskClient) -> None:
    links = create_game(client)
    enter(client, links, WORKED_DEAL_1, WORKED_DEAL_2)
    assert _edit(client, links.edit, 1, {**WORKED_DEAL_1, "queen_spades": "2"}).status_code == 303  # type: ignore[attr-defined]
    client.post(f"{links.edit}/undo", data={"version": form_version(client.get(links.edit).text)})

    for link in (links.edit, links.view):
        page = client.get(f"{link}/history").text
        history = page.split('<ol class="history"', 1)[1].split("</ol>", 1)[0]
        entries = [text_of(li) for li in re.findall(r"<li>(.*?)</li>", history, re.S)]
        lines = [re.sub(r"^\S+ \S+ UTC ", "", e) for e in entries]
        assert lines == [
            "Deal 2 undone (it was No hearts).",
            "Deal 1 corrected: Ann's queens 1 → 0; Cat's queens 1 → 2.",
            "Deal 2 entered: No hearts.",
            "Deal 1 entered: No queens.",
            "Game started.",
        ]


def test_a_correction_keeps_the_history_of_the_old_result(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, worked_example())
    old = copy.deepcopy(worked_example()["hands"][0]["result"])
    _edit(client, links.edit, 1, {**WORKED_DEAL_1, "queen_spades": "2"})
    with app.app_context():
        from scorekeeper.storage import db

        change = db.session().query(ChangeRow).filter_by(kind="edit").one()
        assert change.position == 0
        assert change.before is not None and change.before["result"] == old
        assert change.after is not None and change.after["result"]["queens"]["Cat"] == 2
