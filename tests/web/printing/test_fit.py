"""A sheet fills one page whatever its names and options: when long names and many options make
its header and footer grow past the room its rows leave, it is laid out once more with shorter
rows (`printing.fit`); an ordinary sheet is laid out once, its rows as they are. These are the
whole render's (a sheet drawn over its kept grid, `printing.framed`, is in test_framed)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper.scoring import GAMES, Game, Rules, dump
from scorekeeper.scoring.options import Flag, Number, Rotation
from scorekeeper.web.printing import fit, framed, weasy
from tests.builders import worked_example
from tests.unit.family import play_on
from tests.web.helpers import import_game

LONG = ("Maximilian-Alexander", "Bartholomew Johnson", "Konstantinos Papad", "Evangeline Worthington")


def _every_option() -> Rules:
    """Four-player Barbu with every flag on and every number at its highest, the declarer moving
    every deal: the longest header and footer a sheet has."""
    kind = GAMES["barbu"]
    chosen: dict[str, Any] = {"rotation": Rotation.EVERY_DEAL}
    for option in kind.options:
        if isinstance(option, Flag):
            chosen[option.key] = True
        elif isinstance(option, Number):
            chosen[option.key] = option.high
    return Rules.of(kind, 4, **chosen)


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times each whole render laid its document out, one entry a layout."""
    monkeypatch.setattr(framed, "write", lambda *args: None)
    done: list[int] = []
    real = weasy._laid_out

    def counted(*args: Any) -> Any:
        done.append(1)
        return real(*args)

    monkeypatch.setattr(weasy, "_laid_out", counted)
    return done


def _sheet(app: Flask, client: FlaskClient, lang: str, paper: str) -> list[str]:
    """The text of each page of the long-named, every-option game's filled sheet."""
    rules = _every_option()
    game = play_on(Game(LONG, 0, rules), rules.total_deals)
    links = import_game(app, dump(game))
    client.set_cookie("lang", lang)
    data = client.get(f"{links.view}/sheet.pdf?paper={paper}").data
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize(("lang", "paper"), [("en", "a4"), ("hr", "letter"), ("fr", "a4"), ("fa", "letter")])
def test_long_names_and_every_option_still_fit_the_sheet_on_its_page(
    app: Flask, client: FlaskClient, lang: str, paper: str
) -> None:
    pages = _sheet(app, client, lang, paper)
    assert len(pages) == 2, pages[1:]  # the sheet, then the chart: no page of footer between
    assert "Ravage" in pages[0] or lang == "fa"


def test_that_sheet_spills_without_the_second_layout(
    app: Flask, client: FlaskClient, layouts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case above is one that needs the fitting: laid out once, its footer ends on a page
    of its own."""
    assert len(_sheet(app, client, "en", "a4")) == 2 and len(layouts) == 2
    monkeypatch.setattr(fit, "spill", lambda document: 0.0)
    assert len(_sheet(app, client, "en", "a4")) == 3


def test_an_ordinary_sheet_is_laid_out_once(app: Flask, client: FlaskClient, layouts: list[int]) -> None:
    links = import_game(app, worked_example())
    data = client.get(f"{links.view}/sheet.pdf").data
    assert len(PdfReader(io.BytesIO(data)).pages) == 2 and len(layouts) == 1
