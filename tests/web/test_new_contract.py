"""A contract added as one entry (and named by the game that plays it) reaches every part of the app:
the file format, the deal form, the sheet, the printed sheet, the new-game points and the catalogues."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GAMES, Points, dump, load
from scorekeeper.scoring.contracts import Contract
from scorekeeper.scoring.games import BARBU, BARBU_CONTRACTS, STANDARD, each_once
from scorekeeper.scoring.parts import Taker
from scorekeeper.scoring.scoring_rules import PerTaker
from scorekeeper.scoring.words import C_, N_

from .helpers import form_version, import_game, text_of

ROOT = Path(__file__).resolve().parents[2]

# The whole of a new contract: this entry, and a game that plays it.
NO_FIRST_TRICK = Contract(
    "no-first-trick",
    N_("No first trick"),
    C_("contract", "First trick"),
    False,
    (Taker("first", N_("Who took trick %(n)s, the first?")),),
    PerTaker(("first",)),
    (N_("First trick"),),
)
GAME = dataclasses.replace(
    BARBU,
    id="barbu-first",
    contracts=(*BARBU.contracts, NO_FIRST_TRICK),
    menu=lambda s: each_once(*BARBU_CONTRACTS, NO_FIRST_TRICK),
    standard=lambda n: Points.build({**STANDARD.as_dict(), "no-first-trick": -12}, "standard"),
    schemes=(),
)
ENTRY_SOURCE = """
NO_FIRST_TRICK = Contract(
    "no-first-trick", N_("No first trick"), C_("contract", "First trick"), False,
    (Taker("first", N_("Who took trick %(n)s, the first?")),), PerTaker(("first",)), (N_("First trick"),),
)
"""


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, GAME.id, GAME)


def document() -> dict[str, Any]:
    return {
        "format": "barbu-game/1",
        "players": ["Ann", "Beth", "Cat", "Diana"],
        "first_declarer": "Ann",
        "rules": {"game": GAME.id},
        "hands": [{"contract": "no-first-trick", "doubles": [["Beth", "Ann"]], "result": {"first": "Cat"}}],
    }


def test_the_game_file_reads_scores_and_writes_it() -> None:
    game = load(document())
    assert dump(game)["hands"][0]["result"] == {"first": "Cat"}
    scored = score_document(document())
    assert scored["hands"][0]["raw"] == {"Ann": 0, "Beth": 0, "Cat": -12, "Diana": 0}
    assert scored["hands"][0]["contract_total"] == -12


def test_the_deal_form_asks_for_it_and_stores_it(app: Flask, client: FlaskClient) -> None:
    doc = {**document(), "hands": []}
    links = import_game(app, doc)
    page = client.get(f"{links.entry}?contract=no-first-trick").text
    assert "Who took trick 1, the first?" in text_of(page)
    assert 'name="first"' in page
    version = form_version(page)
    response = client.post(
        f"{links.entry}?contract=no-first-trick",
        data={"contract": "no-first-trick", "version": version, "first": "2", "dbl_1_0": "y"},
    )
    assert response.status_code == 303, text_of(response.text)
    sheet = text_of(client.get(links.edit).text)
    assert "First trick" in sheet and "−12" in sheet


def test_the_printed_sheet_shows_it(app: Flask, client: FlaskClient) -> None:
    links = import_game(app, document())
    pdf = client.get(f"{links.edit}/sheet.pdf").data
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "First trick −12" in text  # the key of points
    assert text.count("First trick") >= 2  # and the deal's row


def test_the_new_game_screen_offers_its_points(client: FlaskClient) -> None:
    page = client.get(f"/new?game={GAME.id}").text
    assert 'name="pt_no_first_trick_0"' in page and "First trick" in text_of(page)


def test_the_catalogue_check_asks_for_its_words(tmp_path: Path) -> None:
    (tmp_path / "entry.py").write_text(ENTRY_SOURCE)
    pot = tmp_path / "messages.pot"
    keywords = ["-k", "N_", "-k", "C_:1c,2"]
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([pybabel, "-q", "extract", *keywords, "-o", str(pot), str(tmp_path)], check=True)
    done = subprocess.run(
        [
            sys.executable,
            ROOT / "scripts" / "check_translations.py",
            pot,
            ROOT / "scorekeeper" / "translations",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "no translation for 'No first trick'" in done.stdout
    assert "no translation for 'First trick'" in done.stdout
