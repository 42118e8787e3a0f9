"""A new kind of count, a contract that counts it and a game that plays it, each one entry, reach
every part of the app: the file format, the deal form, the sheet, the PDF, the history, the
summary, the CSV, the new-game points and the blank sheet.

The "No jacks" entries are docs/architecture.md's worked examples, run as written there: if the
page stops being true, this fails. A second kind, diamonds, is entered as numbers."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GAMES, Points, dump, load
from scorekeeper.scoring.contracts import Contract
from scorekeeper.scoring.counts import COUNT_KINDS, CountKind
from scorekeeper.scoring.games import BARBU, BARBU_CONTRACTS, STANDARD, each_once
from scorekeeper.scoring.parts import Counts
from scorekeeper.scoring.scoring_rules import PerUnit
from scorekeeper.scoring.words import C_, N_

from .helpers import PLAYERS, form_version, import_game, text_of

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
BLOCK = re.compile(r"```python\n# example: ([a-z ]+)\n(.*?)```", re.S)


def examples() -> dict[str, Any]:
    """Run the architecture page's examples in order, in one namespace, as a reader would."""
    found = BLOCK.findall(ARCHITECTURE.read_text(encoding="utf-8"))
    assert [name for name, _code in found] == ["count kind", "contract", "game kind"]
    namespace: dict[str, Any] = {}
    for _name, code in found:
        exec(compile(code, str(ARCHITECTURE), "exec"), namespace)
    return namespace


DOCUMENTED = examples()
JACKS: CountKind = DOCUMENTED["JACKS"]
NO_JACKS: Contract = DOCUMENTED["NO_JACKS"]
BARBU_JACKS = DOCUMENTED["BARBU_JACKS"]

# A kind entered as numbers: diamonds, 13 a deck, −2 each.
DIAMONDS = CountKind(
    "diamonds",
    13,
    N_("diamond"),
    N_("diamonds add up to {got}, not {total}"),
    N_("%(name)s's diamonds %(old)s → %(new)s"),
)
NO_DIAMONDS = Contract(
    "no-diamonds",
    N_("No diamonds"),
    C_("contract", "Diamonds"),
    False,
    (Counts("diamonds", "diamonds", N_("Diamonds taken")),),
    PerUnit("diamonds"),
    (N_("No diamonds, a diamond"),),
)
BARBU_DIAMONDS = dataclasses.replace(
    BARBU,
    id="barbu-diamonds",
    contracts=(*BARBU.contracts, NO_DIAMONDS),
    menu=lambda s: each_once(*BARBU_CONTRACTS, NO_DIAMONDS),
    standard=lambda n: Points.build({**STANDARD.as_dict(), "no-diamonds": -2}, "standard"),
    schemes=(),
)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for kind in (JACKS, DIAMONDS):
        monkeypatch.setitem(COUNT_KINDS, kind.key, kind)
    for game in (BARBU_JACKS, BARBU_DIAMONDS):
        monkeypatch.setitem(GAMES, game.id, game)
    yield


def document(game: str, hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": PLAYERS,
        "first_declarer": "Ann",
        "rules": {"game": game},
        "hands": hands,
    }


JACKS_HAND = {
    "contract": "no-jacks",
    "doubles": [],
    "result": {"jacks": {"Ann": 0, "Beth": 1, "Cat": 2, "Diana": 1}},
}
DIAMONDS_HAND = {
    "contract": "no-diamonds",
    "doubles": [],
    "result": {"diamonds": {"Ann": 3, "Beth": 4, "Cat": 6, "Diana": 0}},
}


def test_the_documented_entries_score_as_the_rules_say() -> None:
    game = load(document("barbu-jacks", [JACKS_HAND]))
    assert game.rules.contract_total(NO_JACKS) == -20
    assert game.rules.total_deals == 32
    assert dump(game)["hands"][0]["result"] == JACKS_HAND["result"]
    scored = score_document(document("barbu-jacks", [JACKS_HAND]))
    assert scored["hands"][0]["raw"] == {"Ann": 0, "Beth": -5, "Cat": -10, "Diana": -5}
    assert scored["hands"][0]["contract_total"] == -20


def test_counts_that_do_not_add_up_are_refused_in_their_kinds_words() -> None:
    wrong = {**JACKS_HAND, "result": {"jacks": {"Ann": 0, "Beth": 1, "Cat": 2, "Diana": 2}}}
    with pytest.raises(Exception, match="jacks add up to 5, not 4"):
        load(document("barbu-jacks", [wrong]))


def test_jacks_entered_card_by_card_reach_every_page(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, document("barbu-jacks", []))
    entry = f"{links.entry}?contract=no-jacks"
    page = client.get(entry)
    assert page.status_code == 200
    asked = text_of(page.text)
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        assert f'name="jack_{suit}"' in page.text
        assert f"Who took the jack of {suit.capitalize()}?" in asked
    assert "the queen of" not in asked
    takers = {"jack_spades": "1", "jack_hearts": "2", "jack_diamonds": "2", "jack_clubs": "3"}
    sent = {"contract": "no-jacks", "version": form_version(page.text), **takers}
    response = client.post(entry, data=sent)
    assert response.status_code == 303, text_of(response.text)

    sheet = text_of(client.get(links.edit).text)
    assert "Jacks" in sheet and "−10" in sheet

    # A correction, card by card: Cat's diamond jack was Ann's. The history says it in jacks.
    edit = f"{links.edit}/deal/1/edit"
    form = client.get(edit)
    assert form.status_code == 200 and 'value="2" checked' in form.text
    fixed = {**sent, "version": form_version(form.text), "jack_diamonds": "0"}
    assert client.post(edit, data=fixed).status_code == 303
    history = client.get(f"{links.edit}/history")
    assert history.status_code == 200
    assert "Cat's jacks 2 → 1" in text_of(history.text)
    assert "Ann's jacks 0 → 1" in text_of(history.text)

    pdf = client.get(f"{links.edit}/sheet.pdf")
    assert pdf.status_code == 200
    printed = " ".join(PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text().split())
    assert "Jacks −5/jack" in printed  # the key of points
    assert printed.count("Jacks") >= 2  # and the deal's row

    summary = client.get(f"{links.edit}/summary")
    assert summary.status_code == 200 and "No jacks" in text_of(summary.text)
    csv = client.get(f"{links.edit}/export.csv")
    assert csv.status_code == 200 and "No jacks,,,Cat,,-5,-5,-5" in csv.text
    exported = client.get(f"{links.edit}/export.json").json
    assert exported["hands"][0]["result"] == {"jacks": {"Ann": 1, "Beth": 1, "Cat": 1, "Diana": 1}}


def test_a_kind_entered_as_numbers_reaches_every_page(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, document("barbu-diamonds", []))
    entry = f"{links.entry}?contract=no-diamonds"
    page = client.get(entry)
    assert page.status_code == 200 and "Diamonds taken" in text_of(page.text)
    assert 'data-total="13"' in page.text
    counts = {f"diamonds_{seat}": str(n) for seat, n in enumerate((3, 4, 6, 0))}
    sent = {"contract": "no-diamonds", "version": form_version(page.text), **counts}
    assert client.post(entry, data=sent).status_code == 303
    bad = {**sent, "version": form_version(client.get(f"{links.edit}/deal/1/edit").text), "diamonds_3": "1"}
    refused = client.post(f"{links.edit}/deal/1/edit", data=bad)
    assert refused.status_code == 422 and "diamonds add up to 14, not 13" in text_of(refused.text)
    fixed = {**bad, "diamonds_3": "0", "diamonds_2": "5", "diamonds_0": "4"}
    assert client.post(f"{links.edit}/deal/1/edit", data=fixed).status_code == 303
    assert "Cat's diamonds 6 → 5" in text_of(client.get(f"{links.edit}/history").text)
    sheet = text_of(client.get(links.edit).text)
    assert "Ann −8 Beth −8 Cat −10 Diana 0" in sheet  # 4, 4, 5 and 0 diamonds at −2
    pdf = client.get(f"{links.edit}/sheet.pdf")
    printed = " ".join(PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text().split())
    assert "Diamonds −2/diamond" in printed
    assert client.get(f"{links.edit}/summary").status_code == 200
    assert "No diamonds" in client.get(f"{links.edit}/export.csv").text


def test_the_new_game_screen_and_the_blank_sheet_follow_the_game(client: FlaskClient) -> None:
    page = client.get(f"/new?game={BARBU_JACKS.id}")
    assert page.status_code == 200 and 'name="pt_no_jacks_0"' in page.text
    blank = text_of(client.get(f"/sheets/blank?game={BARBU_JACKS.id}").text)
    assert "The 8 contracts (32 deals)" in blank and "With Ravage City (36 deals)" in blank
    assert "The 7 contracts (28 deals)" in text_of(client.get("/sheets/blank?game=barbu").text)
    three = text_of(client.get("/sheets/blank?game=barbu-3").text)
    assert "Three rubbers (21 deals)" in three and "One rubber (7 deals)" in three
    pdf = client.get(f"/sheets/blank.pdf?game={BARBU_JACKS.id}")
    assert pdf.status_code == 200
    assert "Jacks" in " ".join(PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text().split())
