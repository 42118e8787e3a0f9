"""The `scorekeeper score FILE` command: JSON or a table on stdout, problems on stderr."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import main

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "worked-example.json"
NAMES = ["Ann", "Beth", "Cat", "Diana"]


def by_name(*values: int) -> dict[str, int]:
    return dict(zip(NAMES, values, strict=True))


def pay(payer: str, payee: str, amount: int, factor: int) -> dict[str, Any]:
    return {"from": payer, "to": payee, "amount": amount, "factor": factor}


# rules.md, "Worked example": the numbers every player learns from.
EXPECTED_HANDS = [
    {
        "number": 1,
        "declarer": "Ann",
        "dealer": "Diana",
        "contract": "no-queens",
        "settled": False,
        "raw": by_name(-6, 0, -6, -12),
        "payments": [
            pay("Ann", "Beth", 6, 1),
            pay("Ann", "Cat", 0, 2),
            pay("Cat", "Beth", 6, 1),
            pay("Diana", "Beth", 12, 1),
        ],
        "score": by_name(-12, 24, -12, -24),
        "contract_total": -24,
        "running": by_name(-12, 24, -12, -24),
    },
    {
        "number": 2,
        "declarer": "Ann",
        "dealer": "Diana",
        "contract": "no-hearts",
        "settled": False,
        "raw": by_name(0, -6, -20, -4),
        "payments": [pay("Diana", "Ann", 8, 2), pay("Beth", "Diana", 2, 1), pay("Cat", "Diana", 16, 1)],
        "score": by_name(8, -8, -36, 6),
        "contract_total": -30,
        "running": by_name(-4, 16, -48, -18),
    },
]


def block(declarer: str, deals: list[int], total: int) -> dict[str, Any]:
    return {
        "declarer": declarer,
        "deals": deals,
        "total": total,
        "expected": 0,
        "complete": False,
        "balanced": True,
    }


EXPECTED_CHECKS = {
    "deals_balance": True,
    "blocks": [block("Ann", [1, 2], -54), block("Beth", [], 0), block("Cat", [], 0), block("Diana", [], 0)],
    "game_total": -54,
    "expected_game_total": 0,
    "complete": False,
    "zero_sum": None,
}


def example() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return doc


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["score", *args], input=stdin)


def run_doc(tmp_path: Path, doc: Any) -> Result:
    """Score `doc` (a document, or raw text) written to a file."""
    path = tmp_path / "game.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return run(str(path))


def assert_refused(result: Result) -> list[str]:
    """Exit 1, nothing on stdout, and no traceback; returns the lines of stderr."""
    assert result.exit_code == 1, (result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines and all(lines)
    return lines


def test_worked_example_prints_one_json_document_with_the_numbers_of_rules_md() -> None:
    result = run(str(EXAMPLE))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    sheet = json.loads(result.stdout)  # fails unless stdout is exactly one JSON document
    assert sheet["players"] == NAMES
    assert sheet["hands"] == EXPECTED_HANDS
    assert sheet["totals"] == by_name(-4, 16, -48, -18)
    assert sheet["checks"] == EXPECTED_CHECKS


def test_dash_reads_standard_input() -> None:
    from_stdin = run("-", stdin=EXAMPLE.read_bytes())
    assert from_stdin.exit_code == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == json.loads(run(str(EXAMPLE)).stdout)


def test_human_prints_a_table_with_names_and_running_totals() -> None:
    result = run(str(EXAMPLE), "--human")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(name in lines[0] for name in NAMES)
    running = [line for line in lines if "running total" in line]
    assert len(running) == 1
    assert running[0].split()[2:] == ["-4", "+16", "-48", "-18", "-54"]
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stdout)


def test_invalid_file_prints_one_line_per_problem_naming_the_deal(tmp_path: Path) -> None:
    doc = example()
    doc["hands"][0]["doubles"].append(["Eve", "Ann"])
    doc["hands"][1]["result"]["ace"] = "Eve"
    assert assert_refused(run_doc(tmp_path, doc)) == [
        "deal 1: doubles: 'Eve' is not a player",
        "deal 2: ace: 'Eve' is not a player",
    ]


def test_a_rule_broken_in_a_deal_is_reported_with_its_number(tmp_path: Path) -> None:
    doc = example()
    doc["hands"][1]["result"]["hearts"]["Ann"] = 1
    assert assert_refused(run_doc(tmp_path, doc)) == ["deal 2: hearts add up to 14, not 13"]


def test_a_game_level_problem_has_no_deal_number(tmp_path: Path) -> None:
    doc = {**example(), "players": ["Ann", "Beth", "Cat", "ann"]}
    lines = assert_refused(run_doc(tmp_path, doc))
    assert lines == ["'ann': two players have the same name"]


QUEENS = {"Ann": "4", "Beth": 0, "Cat": 0, "Diana": 0}
NOT_GAME_FILES = {
    "malformed-json": '{"format": "barbu-game/1",',
    "empty-file": "",
    "deeply-nested": "[" * 100_000,
    "wrong-format": {**example(), "format": "barbu-game/2"},
    "players-not-a-list": {**example(), "players": "Ann"},
    "king-is-a-number": {**example(), "hands": [{"contract": "barbu", "result": {"king": 3}}]},
    "count-is-a-string": {**example(), "hands": [{"contract": "no-queens", "result": {"queens": QUEENS}}]},
    "hands-not-a-list": {**example(), "hands": {"1": "no-queens"}},
    "trump-is-a-list": {**example(), "hands": [{"contract": "trumps", "trump": ["spades"], "result": {}}]},
}


@pytest.mark.parametrize("doc", list(NOT_GAME_FILES.values()), ids=list(NOT_GAME_FILES))
def test_malformed_files_exit_1_without_traceback(tmp_path: Path, doc: Any) -> None:
    assert_refused(run_doc(tmp_path, doc))


def test_non_utf8_on_stdin_is_refused() -> None:
    lines = assert_refused(run("-", stdin=b'{"players": ["\xe9\x80"]}'))
    assert lines == ["the file is not valid JSON text"]


def test_missing_file_is_an_error_without_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    result = run(str(missing))
    assert result.exit_code in (1, 2)
    assert result.stdout == ""
    assert "nowhere.json" in result.stderr
    assert "Traceback" not in result.stderr


def test_installed_console_script(tmp_path: Path) -> None:
    script = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    assert script is not None, "the scorekeeper console script is not installed next to python"
    done = subprocess.run(
        [script, "score", str(EXAMPLE)], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == by_name(-4, 16, -48, -18)
    bad = subprocess.run(
        [script, "score", "-"], input="{", capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert bad.returncode == 1
    assert bad.stdout == ""
    assert bad.stderr.startswith("the file is not valid JSON")
    assert "Traceback" not in bad.stderr
