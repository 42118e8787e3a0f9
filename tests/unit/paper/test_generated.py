"""The paper-sheet checker on sheets typed from generated games of every kind.

Games come from the oracle's generator (`tests/oracle/generate.py`), are scored by
`scorekeeper.report.score_document`, and typed as players who kept the score by hand would:
every deal score, with or without the contracts, with or without the running totals. A correct
sheet raises no alarm; one planted single-figure error (a deal score or a running total changed)
is always found, and the one cell the checker points at, when it points at one, is the planted one.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from scorekeeper.paper import PaperSheet, check
from scorekeeper.scoring.gamefile_rules import parse_rules
from tests.oracle.generate import random_game

from .builders import from_document

GAMES = ("barbu", "barbu-3", "barbette", "barbu-5", "french")
SEEDS = range(8)
VARIANTS = {
    "typed in full": {"contracts": True, "running": True},
    "no contracts": {"contracts": False, "running": True},
    "no running totals": {"contracts": True, "running": False},
}
CHANGES = (-30, -20, -10, -5, -2, -1, 1, 2, 4, 5, 10, 20, 40)


def complete_game(rng: Random, game: str) -> dict[str, Any]:
    """A complete random game of `game` (the generator makes many partial ones)."""
    while True:
        doc = random_game(rng, game=game)
        if len(doc["hands"]) == parse_rules(doc.get("rules"), len(doc["players"])).total_deals:
            return doc


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_correct_sheet_raises_no_alarm(game: str, seed: int) -> None:
    rng = Random(f"paper-{game}-{seed}")
    for doc in (complete_game(rng, game), random_game(rng, game=game)):
        for name, variant in VARIANTS.items():
            findings = check(from_document(doc, **variant))
            assert findings.found == (), (name, findings.found)
            assert findings.suspect is None


def plant(rng: Random, sheet: PaperSheet) -> tuple[PaperSheet, tuple[str, int, int, int]]:
    """The sheet with one figure changed, and (where, index, seat, the figure as it was)."""
    seat = rng.randrange(sheet.rules.players)
    change = rng.choice(CHANGES)
    if any(line[seat] is not None for line in sheet.running) and rng.random() < 0.35:
        r = rng.choice([r for r, line in enumerate(sheet.running) if line[seat] is not None])
        was = sheet.running[r][seat] or 0
        return sheet.with_running(r, seat, was + change), ("round", r, seat, was)
    index = rng.randrange(len(sheet.rows))
    was = sheet.rows[index].scores[seat] or 0
    return sheet.with_score(index, seat, was + change), ("row", index, seat, was)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_one_planted_error_is_found_and_pointed_at(game: str, seed: int) -> None:
    rng = Random(f"paper-plant-{game}-{seed}")
    doc = complete_game(rng, game)
    for name, variant in VARIANTS.items():
        sheet = from_document(doc, **variant)
        for _ in range(3):
            wrong, planted = plant(rng, sheet)
            findings = check(wrong)
            assert findings.found, (name, planted)
            suspect = findings.suspect
            if suspect is None:
                # Typed in full, the row and the column always agree on the one cell.
                assert name != "typed in full", (planted, findings.found)
                continue
            where = ("row", suspect.row) if suspect.row is not None else ("round", suspect.round)
            assert (*where, suspect.seat, suspect.likely) == planted, (name, findings.found)
