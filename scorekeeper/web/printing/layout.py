"""The printed sheet's layout: rows in rounds, filled from a game or left blank for pencil."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.present.sheet_view import Row, SheetView, sheet_view
from scorekeeper.scoring import Game, Rules
from scorekeeper.scoring.doubles import doublers_of
from scorekeeper.scoring.marks import letters
from scorekeeper.scoring.seating import plan


@dataclass(frozen=True)
class Line:
    """One deal's row: `row` is None while the deal is still to be played."""

    number: int
    declarer: int | None
    row: Row | None


@dataclass(frozen=True)
class Block:
    """Rows printed together (a declarer's deals, a rubber, a round), then the running totals
    and, where a round is one compulsory-doubles window, the tally of doubles made in it."""

    declarer: int | None
    lines: tuple[Line, ...]
    running: tuple[int, ...] | None
    tally: dict[int, int] | None


@dataclass(frozen=True)
class Layout:
    players: tuple[str, ...]
    letters: tuple[str, ...]
    rules: Rules
    blocks: tuple[Block, ...]
    view: SheetView | None

    @property
    def doubling(self) -> bool:
        return self.rules.doubling.value != "none"

    @property
    def lines(self) -> int:
        """How many rows the sheet's body has: a row per deal, then running totals (and the tally)
        under each block. The print stylesheet shares the page's height among them."""
        per_block = 2 if self.tallied else 1
        return sum(len(b.lines) for b in self.blocks) + per_block * len(self.blocks)

    @property
    def tallied(self) -> bool:
        """True when the sheet has a row for the compulsory doubles after each block."""
        return bool(self.rules.required_doubles) and _windows_are_rounds(self.rules)


def _windows_are_rounds(rules: Rules) -> bool:
    p = plan(rules, 0)
    return p.periods == p.rounds


def _rounds(rules: Rules) -> list[list[int]]:
    p = plan(rules, 0)
    rounds: dict[int, list[int]] = {}
    for index, r in enumerate(p.rounds):
        rounds.setdefault(r, []).append(index)
    return list(rounds.values())


def blank(players: tuple[str, ...], rules: Rules) -> Layout:
    """A sheet with every row empty; names may be blank too."""
    blocks = tuple(
        Block(None, tuple(Line(i + 1, None, None) for i in indices), None, None) for indices in _rounds(rules)
    )
    marks = letters(players) if all(players) else tuple("ABCDE"[: len(players)])
    return Layout(players, marks, rules, blocks, None)


def filled(game: Game) -> Layout:
    """The sheet of `game`: played deals filled in, the rest left for pencil."""
    view = sheet_view(game)
    rules, p = game.rules, game.plan
    tallied = bool(rules.required_doubles) and _windows_are_rounds(rules)
    blocks = []
    for indices in _rounds(rules):
        lines = tuple(
            Line(i + 1, p.declarers[i], view.rows[i] if i < len(view.rows) else None) for i in indices
        )
        last = lines[-1].row
        period = p.periods[indices[0]]
        blocks.append(
            Block(
                declarer=p.leaders[period] if tallied and not rules.game.rubbers else None,
                lines=lines,
                running=last.scored.running if last is not None else None,
                tally=_tally(game, period) if tallied else None,
            )
        )
    return Layout(game.players, view.letters, rules, tuple(blocks), view)


def _tally(game: Game, period: int) -> dict[int, int]:
    """How often each player who owes doubles in `period` doubled the declarer so far in it."""
    p = game.plan
    first = p.periods.index(period)
    made = dict.fromkeys(p.chances[first], 0)
    for index, deal in enumerate(game.deals):
        if p.periods[index] == period:
            for doubler in doublers_of(p.declarers[index], deal.doubles):
                made[doubler] = made.get(doubler, 0) + 1
    return made
