"""The typed paper sheet: its shape for each game, what it refuses, and the bounds on its figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import scorekeeper.paper
from scorekeeper.paper import PaperRow, PaperSheet
from scorekeeper.paper.document import dump, load
from scorekeeper.paper.sheet import deal_limit, total_limit
from scorekeeper.scoring import contracts as c
from tests.unit.family import complete, rules
from tests.unit.test_purity import FORBIDDEN, imported_modules

from .builders import from_game

SHAPES = [
    pytest.param("barbu", {}, 28, 4, (6, 13, 20, 27), id="barbu-blocks"),
    pytest.param("barbu", {"ravage_city": True}, 32, 4, (7, 15, 23, 31), id="barbu-ravage-city"),
    pytest.param("barbu", {"rotation": "every-deal"}, 28, 7, tuple(range(3, 28, 4)), id="barbu-every-deal"),
    pytest.param("barbu-3", {}, 21, 3, (6, 13, 20), id="three-player-rubbers"),
    pytest.param("barbu-3", {"rubbers": 1}, 7, 1, (6,), id="three-player-one-rubber"),
    pytest.param("barbette", {}, 16, 4, (3, 7, 11, 15), id="barbette"),
    pytest.param("barbu-5", {}, 35, 5, (6, 13, 20, 27, 34), id="five-player"),
    pytest.param("french", {"players": 3}, 24, 3, (7, 15, 23), id="french-3"),
    pytest.param(
        "french", {"players": 5, "sequence": "fixed"}, 25, 5, (4, 9, 14, 19, 24), id="french-5-short"
    ),
]


@pytest.mark.parametrize(("game", "options", "rows", "rounds", "ends"), SHAPES)
def test_the_sheet_has_a_row_per_deal_and_a_line_per_round(
    game: str, options: dict[str, object], rows: int, rounds: int, ends: tuple[int, ...]
) -> None:
    sheet = PaperSheet.blank(rules(game, **options))
    assert len(sheet.rows) == rows and len(sheet.running) == rounds
    assert sheet.round_ends == ends
    assert sorted(i for period in sheet.periods for i in period) == list(range(rows))


def test_the_short_french_form_fixes_each_rows_contract() -> None:
    sheet = PaperSheet.blank(rules("french", 4, sequence="fixed"))
    assert [sheet.contract(i).id for i in range(6)] == [  # type: ignore[union-attr]
        "no-tricks",
        "no-hearts",
        "no-queens",
        "barbu",
        "salad",
        "no-tricks",
    ]
    assert PaperSheet.blank(rules("french", 4)).contract(0) is None


def test_blank_names_fill_the_table() -> None:
    assert PaperSheet.blank(rules("barbu-5"), ("Ann",)).names == ("Ann", "", "", "", "")


def refuse(sheet: PaperSheet, **changes: object) -> None:
    with pytest.raises(ValueError):
        replace(sheet, **changes)


def test_a_sheet_of_the_wrong_shape_is_refused() -> None:
    sheet = PaperSheet.blank(rules("barbu"))
    refuse(sheet, rows=sheet.rows[:-1])
    refuse(sheet, running=sheet.running[:-1])
    refuse(sheet, names=("Ann",))
    refuse(sheet, first=4)
    refuse(sheet, rows=(PaperRow((1, 2, 3)), *sheet.rows[1:]))
    refuse(sheet, running=((1, 2, 3), *sheet.running[1:]))


def test_a_contract_the_game_does_not_play_is_refused() -> None:
    barbu = PaperSheet.blank(rules("barbu"))
    refuse(barbu, rows=(PaperRow((0, 0, 0, 0), c.RAVAGE_CITY), *barbu.rows[1:]))
    refuse(barbu, rows=(PaperRow((0, 0, 0, 0), c.SALAD), *barbu.rows[1:]))
    french = PaperSheet.blank(rules("french", 4))
    refuse(french, rows=(PaperRow((0, 0, 0, 0), c.NO_HEARTS), *french.rows[1:]))  # Barbu's, not French
    fixed = PaperSheet.blank(rules("french", 4, sequence="fixed"))
    refuse(fixed, rows=(PaperRow((0, 0, 0, 0), c.BARBU), *fixed.rows[1:]))


LIMITS = [
    pytest.param("barbu", {}, 975, id="barbu-trumps-or-dominoes-75"),
    pytest.param("barbu-3", {}, 720, id="three-player-trumps-80"),
    pytest.param("barbu-5", {}, 1462, id="five-player-dominoes-86"),
    pytest.param("french", {"players": 3}, 2790, id="french-salad-310"),
]


@pytest.mark.parametrize(("game", "options", "limit"), LIMITS)
def test_no_played_deal_scores_beyond_the_limit(game: str, options: dict[str, object], limit: int) -> None:
    chosen = rules(game, **options)
    assert deal_limit(chosen) == limit
    assert total_limit(chosen) == limit * chosen.total_deals
    game_played = complete(chosen)
    assert all(abs(s) <= limit for row in game_played.rows for s in row.score)


def test_the_checker_imports_no_web_database_or_printing_library() -> None:
    package = Path(scorekeeper.paper.__file__).parent
    for path in sorted(package.glob("*.py")):
        assert not imported_modules(path) & FORBIDDEN, path.name


def test_a_sheet_survives_its_document() -> None:
    sheet = from_game(complete(rules("barbette", points={"barbu": -25, "no-last-two": (-10, -10)})))
    sheet = sheet.with_score(3, 1, None).with_running(2, 0, None)
    assert load(dump(sheet)) == sheet
    blank = PaperSheet.blank(rules("french", 5, sequence="fixed"), ("Ann", "", "Cy"), first=2)
    assert dump(blank)["rows"] == [] and load(dump(blank)) == blank


BAD_DOCUMENTS = [
    pytest.param(lambda d: d | {"format": "barbu-paper/2"}, id="format"),
    pytest.param(lambda d: d | {"extra": 1}, id="unknown-key"),
    pytest.param(lambda d: d | {"players": ["Ann", "Beth", "Cat"]}, id="too-few-players"),
    pytest.param(lambda d: d | {"players": ["x" * 41, "", "", ""]}, id="long-name"),
    pytest.param(lambda d: d | {"first": "0"}, id="first-not-a-number"),
    pytest.param(lambda d: d | {"rules": {"game": "chess"}}, id="unknown-game"),
    pytest.param(
        lambda d: d | {"rows": [{"contract": "salad", "scores": [0, 0, 0, 0]}]}, id="other-games-contract"
    ),
    pytest.param(lambda d: d | {"rows": [{"contract": None, "scores": [0, 0, 0, 1.5]}]}, id="not-whole"),
    pytest.param(lambda d: d | {"rows": [{"contract": None, "scores": [0, 0, 0, True]}]}, id="boolean"),
    pytest.param(lambda d: d | {"rows": [{"contract": None, "scores": [0, 0, 0, 10**6]}]}, id="beyond-limit"),
    pytest.param(lambda d: d | {"rows": [{"contract": None, "scores": [0, 0, 0]}] * 1}, id="short-row"),
    pytest.param(lambda d: d | {"rows": [{"contract": None, "scores": [0] * 4}] * 29}, id="too-many-rows"),
    pytest.param(lambda d: d | {"running": d["running"][:-1]}, id="too-few-lines"),
]


@pytest.mark.parametrize("spoil", BAD_DOCUMENTS)
def test_a_document_this_app_does_not_write_is_refused(spoil: Any) -> None:
    good = dump(PaperSheet.blank(rules("barbu")))
    assert load(good) == PaperSheet.blank(rules("barbu"), ("", "", "", ""))
    with pytest.raises(ValueError):
        load(spoil(good))
