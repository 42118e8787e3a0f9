"""`scorekeeper import FILE`: stores a valid game file as a new game and prints its links as one JSON line;
refuses an invalid one with the engine's messages and stores nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper.scoring import GameError, dump, load, loads
from scorekeeper.storage.models import ChangeRow, DealRow, GameRow
from tests.builders import full_game, game, hand, worked_example
from tests.web.helpers import WORKED_TOTALS, Links, count_rows, export, text_of, totals


def _write(tmp_path: Path, content: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False))
    return str(path)


def _engine_messages(content: str) -> list[str]:
    try:
        loads(content.encode())
    except GameError as error:
        return [str(problem) for problem in error.problems]
    raise AssertionError("the engine accepts this file")


@pytest.mark.parametrize(
    "doc", [worked_example(), full_game(ravage_city=True)], ids=["worked example", "32 deals"]
)
def test_import_prints_the_links_and_stores_the_game(
    runner: FlaskCliRunner, client: FlaskClient, tmp_path: Path, doc: dict[str, Any]
) -> None:
    result = runner.invoke(args=["import", _write(tmp_path, doc)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    links = json.loads(lines[0])
    assert set(links) == {"id", "edit_url", "view_url"}
    assert isinstance(links["id"], int)
    assert links["edit_url"].startswith("/g/") and links["view_url"].startswith("/v/")

    for url in (links["edit_url"], links["view_url"]):
        assert client.get(url).status_code == 200
        assert dump(load(export(client, url))) == dump(load(doc))
    assert "Game imported from a file." in client.get(f"{links['edit_url']}/history").text


def test_imported_worked_example_scores_as_on_paper(
    runner: FlaskCliRunner, client: FlaskClient, tmp_path: Path
) -> None:
    result = runner.invoke(args=["import", _write(tmp_path, worked_example())])
    links = json.loads(result.stdout)
    game_links = Links(links["edit_url"], links["view_url"])
    assert totals(client, game_links) == WORKED_TOTALS
    assert "Running total −4 +16 −48 −18" in text_of(client.get(game_links.view).text)


def test_import_reads_standard_input(runner: FlaskCliRunner, app: Flask) -> None:
    result = runner.invoke(args=["import", "-"], input=json.dumps(worked_example()))
    assert result.exit_code == 0, result.output
    assert count_rows(app, GameRow) == 1


def _bad_queens() -> dict[str, Any]:
    doc = worked_example()
    doc["hands"][0]["result"]["queens"]["Ann"] = 3
    return doc


def _same_contract_twice() -> dict[str, Any]:
    return game([hand("barbu"), hand("barbu")])


def _missing_compulsory() -> dict[str, Any]:
    return game([hand(c) for c in ["no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu", "trumps"]])


INVALID: list[tuple[str, Any]] = [
    ("queens add up to 6", _bad_queens()),
    ("same contract twice", _same_contract_twice()),
    ("compulsory doubles impossible", _missing_compulsory()),
    ("unknown player", {**worked_example(), "first_declarer": "Zoe"}),
    ("wrong format", {**worked_example(), "format": "barbu-game/2"}),
    ("two names alike", {**worked_example(), "players": ["Ann", "ann", "Cat", "Diana"]}),
    ("not JSON", "{not json"),
    ("not an object", "[1, 2, 3]"),
]


@pytest.mark.parametrize("content", [c[1] for c in INVALID], ids=[c[0] for c in INVALID])
def test_an_invalid_file_is_refused_with_the_engines_messages(
    runner: FlaskCliRunner, app: Flask, tmp_path: Path, content: Any
) -> None:
    text = content if isinstance(content, str) else json.dumps(content)
    result = runner.invoke(args=["import", _write(tmp_path, text)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == _engine_messages(text)
    assert (count_rows(app, GameRow), count_rows(app, DealRow), count_rows(app, ChangeRow)) == (0, 0, 0)


def test_a_missing_file_is_refused(runner: FlaskCliRunner, app: Flask, tmp_path: Path) -> None:
    result = runner.invoke(args=["import", str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert "cannot read" in result.stderr
    assert count_rows(app, GameRow) == 0
