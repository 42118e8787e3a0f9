"""docs/rating.md's worked example is what the rating computes: every number of its tables."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.scoring.rating import PROVISIONAL, RAMP, Table, rate, steps

DOC = Path(__file__).parents[3] / "docs" / "rating.md"
GAME = re.compile(r"^### Game \d+: .*\(`([a-z0-9-]+)`\), (\d+) deals$")


def rows(lines: list[str]) -> list[list[str]]:
    """The body rows of the first markdown table in `lines`, up to the next heading."""
    found = []
    for line in lines:
        if line.startswith("#"):
            break
        if line.startswith("| ") and not line.startswith("| ---"):
            found.append([cell.strip() for cell in line.strip("|").split("|")])
    return found[1:]  # the header


def example(doc: Path) -> tuple[list[tuple[str, int, list[list[str]]]], list[list[str]]]:
    lines = doc.read_text(encoding="utf-8").splitlines()
    games, final = [], []
    for i, line in enumerate(lines):
        if match := GAME.match(line):
            games.append((match[1], int(match[2]), rows(lines[i + 1 :])))
        elif line.startswith("### The ratings after"):
            final = rows(lines[i + 1 :])
    return games, final


def two(value: float) -> str:
    return f"{value:.2f}".replace("-0.00", "0.00")


def check(doc: Path) -> None:
    games, final = example(doc)
    assert len(games) == 3 and final
    tables = []
    for kind, deals, table in games:
        sign = -1 if kind == "french" else 1
        totals = [int(row[1]) for row in table]
        tables.append(Table(kind, tuple(row[0] for row in table), tuple(sign * t / deals for t in totals)))
    for (table, changes), (_kind, _deals, doc_rows) in zip(steps(tables), games, strict=True):
        for seat, (change, row) in enumerate(zip(changes, doc_rows, strict=True)):
            others = [v for i, v in enumerate(table.per_deal) if i != seat]
            mine = [
                change.name,
                row[1],
                two(table.per_deal[seat]),
                two(sum(others) / len(others)),
                two(change.scored),
                two(change.before),
                two(change.expected),
                str(Fraction(change.weight).limit_denominator(100)),
                two(change.after),
            ]
            assert row == mine
    computed = [
        [r.game, p.name, two(p.strength), str(p.games), "yes" if p.provisional else "no"]
        for r in rate(tables)
        for p in r.players
    ]
    assert final == computed


def test_the_constants_in_words_are_those_of_the_code():
    text = DOC.read_text(encoding="utf-8")
    assert f"never less than **1/{RAMP}**" in text
    assert f"have played **{PROVISIONAL}** games" in text


def test_the_worked_example_is_what_the_rating_computes():
    check(DOC)


def test_a_changed_number_is_caught(tmp_path):
    changed = tmp_path / "rating.md"
    changed.write_text(DOC.read_text(encoding="utf-8").replace("| Ann | +84 |", "| Ann | +85 |", 1))
    with pytest.raises(AssertionError):
        check(changed)
