"""The `scorekeeper rivals FILE...` command: the rivalry ledger as JSON lines, per game kind."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from click.testing import CliRunner, Result

from scorekeeper.cli import main
from tests.unit.scoring.test_rivals import WORKED

from .test_cli import EXAMPLE
from .test_cli_rate import zipped

EXAMPLES = EXAMPLE.parent


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["rivals", *args])


def test_the_worked_example() -> None:
    result = run(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        {"game": "barbu", "pairs": [asdict(p) for p in WORKED]}
    ]


def test_twice_the_game_twice_the_points_and_kinds_apart() -> None:
    result = run(str(EXAMPLE), str(EXAMPLE), str(EXAMPLES / "barbette.json"), str(EXAMPLES / "french.json"))
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["game"] for line in lines] == ["barbu", "barbette"]  # French Barbu has no doubles
    assert [p["a_won"] for p in lines[0]["pairs"]] == [2 * p.a_won for p in WORKED]


def test_a_zips_merged_spellings_are_one_player(tmp_path: Path) -> None:
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    other = json.loads(json.dumps(doc).replace('"Ann"', '"annie"'))
    path = tmp_path / "group.zip"
    path.write_bytes(zipped({"a.json": doc, "b.json": other, "group.json": {"merges": {"annie": "Ann"}}}))
    result = run(str(path))
    (line,) = [json.loads(x) for x in result.stdout.splitlines()]
    assert [p["a_won"] for p in line["pairs"]] == [2 * p.a_won for p in WORKED]
