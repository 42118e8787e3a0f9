"""`scorekeeper score` on files using the French tables' variants, and refusing those that break them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.oracle.reference import score_game

from .test_cli import EXAMPLE, assert_refused, run, run_doc

EXAMPLES = EXAMPLE.parent


@pytest.mark.parametrize("name", ["barbu-32", "french-32", "french-salad"])
def test_variant_examples_score_as_the_reference_says(name: str) -> None:
    path = EXAMPLES / f"{name}.json"
    result = run(str(path))
    assert result.exit_code == 0, result.stderr
    printed = json.loads(result.stdout)
    reference = score_game(json.loads(path.read_text(encoding="utf-8")))
    assert printed["totals"] == reference["totals"]
    assert [h["raw"] for h in printed["hands"]] == [h["raw"] for h in reference["hands"]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            lambda d: d["hands"][0]["result"].update(queens={"Ann": 4, "Beth": 3, "Cat": 3, "Diana": 3}),
            "queens",
        ),
        (lambda d: d["rules"].update(deck=36), "rules.deck"),
        (lambda d: d["rules"].update(capot="yes"), "rules.capot"),
        (lambda d: d["hands"][2].update(rank="2"), "rank"),
    ],
)
def test_broken_variant_files_are_refused_naming_the_field(tmp_path: Path, change, field: str) -> None:
    doc = json.loads((EXAMPLES / "barbu-32.json").read_text(encoding="utf-8"))
    change(doc)
    lines = assert_refused(run_doc(tmp_path, doc))
    assert any(field in line for line in lines), lines


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["rules"]["salad"].update(parts=["no-tricks", "trumps"]), "rules.salad.parts[1]"),
        (lambda d: d["rules"]["salad"].update(parts=["barbu", "barbu"]), "rules.salad.parts[1]"),
        (lambda d: d["rules"]["salad"].update(scored="bonus"), "rules.salad.scored"),
        (lambda d: d["rules"]["scheme"].update({"barbu": 75}), "rules.salad.halved"),
        (lambda d: d["hands"][0]["result"].pop("penultimate"), "result"),
        (lambda d: d["rules"]["scheme"].update(dominoes=[-120, "0"]), "rules.scheme.dominoes[1]"),
    ],
)
def test_broken_salad_files_are_refused_naming_the_field(tmp_path: Path, change, field: str) -> None:
    doc = json.loads((EXAMPLES / "french-salad.json").read_text(encoding="utf-8"))
    change(doc)
    lines = assert_refused(run_doc(tmp_path, doc))
    assert any(field in line for line in lines), lines
