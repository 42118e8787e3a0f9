"""Builders for the paper-check tests: sheets typed row by row, and sheets typed from a played game
or from a scored game file, as players who kept the score by hand would type them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.paper import Figure, PaperRow, PaperSheet
from scorekeeper.present.report import score_document
from scorekeeper.scoring import Game, Rules
from scorekeeper.scoring.gamefile_rules import parse_rules
from tests.unit.family import NAMES, rules

Row = tuple[Any, ...] | None
"""A typed row: (contract id or None, score, score, ...); None leaves the row blank."""


def paper(
    game: str = "barbu",
    *typed: Row,
    players: int | None = None,
    points: str | dict[str, Any] | None = None,
    running: dict[int, tuple[Figure, ...]] | None = None,
    first: int = 0,
    **settings: Any,
) -> PaperSheet:
    """A sheet of `game` with the rows `typed` from the first, and `running` totals by round."""
    chosen = rules(game, players, points, **settings)
    return typed_sheet(chosen, typed, running or {}, first)


def typed_sheet(
    chosen: Rules, typed: tuple[Row, ...], running: dict[int, tuple[Figure, ...]], first: int = 0
) -> PaperSheet:
    sheet = PaperSheet.blank(chosen, NAMES[chosen.players], first)
    rows = list(sheet.rows)
    for index, spec in enumerate(typed):
        if spec is not None:
            contract = None if spec[0] is None else chosen.game.contract(spec[0])
            rows[index] = PaperRow(tuple(spec[1:]), contract)
    lines = list(sheet.running)
    for r, figures in running.items():
        lines[r] = figures
    return replace(sheet, rows=tuple(rows), running=tuple(lines))


def from_game(game: Game, contracts: bool = True, running: bool = True) -> PaperSheet:
    """The sheet of a played game as players typed it: every deal score, the contracts and the running
    totals under every round played to its end, as asked."""
    sheet = PaperSheet.blank(game.rules, game.players, game.first_declarer)
    rows = list(sheet.rows)
    for i, row in enumerate(game.rows):
        rows[i] = PaperRow(row.score, row.deal.contract if contracts else None)
    lines = list(sheet.running)
    if running:
        for r, end in enumerate(sheet.round_ends):
            if end < len(game.rows):
                lines[r] = game.rows[end].running
    return replace(sheet, rows=tuple(rows), running=tuple(lines))


def from_document(doc: dict[str, Any], contracts: bool = True, running: bool = True) -> PaperSheet:
    """The sheet of a game file scored by `scorekeeper score`, typed from its JSON: each hand's scores
    and contract, and the running totals after each round played to its end."""
    scored = score_document(doc)
    names = scored["players"]
    chosen = parse_rules(doc.get("rules"), len(names))
    sheet = PaperSheet.blank(chosen, tuple(names), names.index(doc["first_declarer"]))
    hands = scored["hands"]
    rows = list(sheet.rows)
    for i, hand in enumerate(hands):
        contract = chosen.contract(hand["contract"]) if contracts else None
        rows[i] = PaperRow(tuple(hand["score"][p] for p in names), contract)
    lines = list(sheet.running)
    if running:
        for r, end in enumerate(sheet.round_ends):
            if end < len(hands):
                lines[r] = tuple(hands[end]["running"][p] for p in names)
    return replace(sheet, rows=tuple(rows), running=tuple(lines))
