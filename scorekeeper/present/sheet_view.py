"""The scoresheet shaped for pages and printed sheets: rows, cells per player, checks.

It sits below both the web and the printing layers, which read the same view.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    def widths(self) -> str:
        """Classes that widen the raw, score and total columns to the longest figure in them (more
        than 3, 4 and 3 characters; running totals, more than 4), so that no figure is cut short
        on a phone."""

        def longest(figures: Iterable[int]) -> int:
            return max((len(str(abs(n))) + (n != 0) for n in figures), default=0)

        rows = self.rows
        running = [r.scored.running for r in rows if r.closes_round]
        raw = longest(c.raw for r in rows for c in r.cells)
        score = longest(c.score for r in rows for c in r.cells)
        total = longest([r.scored.contract_total for r in rows] + [sum(seats) for seats in running])
        each = longest(n for seats in running for n in seats)
        classes = (
            f"raw-{min(raw, 5)}" if raw > 3 else "",
            "score-5" if score > 4 else "",
            f"total-{min(total, 5)}" if total > 3 else "",
            "running-5" if each > 4 else "",
        )
        return " ".join(c for c in classes if c)

    @property
    def seat_chains(self) -> tuple[tuple[str, ...], ...]:
        """Who sat at each seat, in turn: ("Ann", "Zoe") for a seat Zoe took over."""
        game = self.game
        return tuple(
            (name, *(s.name for s in game.substitutes if s.seat == seat))
            for seat, name in enumerate(game.players)
        )

    @property
    def replacements(self) -> list[tuple[str, str, int]]:
        """(who left, who took the seat, the first deal they sat in), in the order they were made."""
        game = self.game
        return [(game.seated(s.from_deal - 2)[s.seat], s.name, s.from_deal) for s in game.substitutes]

    @property
    def replaced_at(self) -> dict[int, list[tuple[str, str]]]:
        """(who left, who took the seat) by the number of the first deal the new player sat in."""
        found: dict[int, list[tuple[str, str]]] = {}
        for left, came, first in self.replacements:
            found.setdefault(first, []).append((left, came))
        return found

    @property
    def people(self) -> list[tuple[str, int, int]]:
        """(name, deals sat in, total) of everyone who sat, players first; none without replacements."""
        game = self.game
        if not game.substitutes:
            return []
        totals, played = game.person_totals(), game.deals_played()
        return [(name, played[name], totals[name]) for name in game.people]

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
