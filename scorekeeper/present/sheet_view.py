"""The scoresheet shaped for pages and printed sheets: rows, cells per player, checks.

It sits below both the web and the printing layers, which read the same view.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.scoring import Game, ScoredDeal, Sheet, score
from scorekeeper.scoring.marks import Marks, letters, marks_of


@dataclass(frozen=True)
class Cell:
    """One player's part of a row: the doubles they made, raw and deal score."""

    marks: Marks
    raw: int
    score: int


@dataclass(frozen=True)
class Row:
    scored: ScoredDeal
    cells: tuple[Cell, ...]
    closes_round: bool


@dataclass(frozen=True)
class SheetView:
    sheet: Sheet
    rows: tuple[Row, ...]
    letters: tuple[str, ...]

    @property
    def game(self) -> Game:
        return self.sheet.game

    @property
    def doubling(self) -> bool:
        """True when players may double, so the sheet has doubles columns."""
        return self.game.rules.doubling.value != "none"

    @property
    def ranking(self) -> list[tuple[int, str, int]]:
        """(place, name, total), best first; equal totals share a place."""
        totals = self.sheet.totals
        return [(place, self.game.players[s], totals[s]) for place, s in self.sheet.ranking()]


def sheet_view(game: Game) -> SheetView:
    """Score `game` and lay it out as the paper sheet does."""
    sheet = score(game)
    rows = []
    for row in sheet.deals:
        d = row.roles.declarer
        cells = tuple(
            Cell(marks_of(seat, row.deal, d, game.rules), row.raw[seat], row.score[seat])
            for seat in range(len(game.players))
        )
        rows.append(Row(row, cells, sheet.closes_round(row)))
    return SheetView(sheet, tuple(rows), letters(game.players))
