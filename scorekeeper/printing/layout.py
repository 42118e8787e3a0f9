"""The printed sheet's layout: rows in blocks, filled from a game or left blank for pencil."""

from __future__ import annotations

from dataclasses import dataclass

from ..scoring import Game, Rotation, Rules, Scheme
from ..scoring.marks import letters
from ..web.sheet_view import Row, SheetView, sheet_view


@dataclass(frozen=True)
class Line:
    """One deal's row: `row` is None while the deal is still to be played."""

    number: int
    declarer: int | None
    row: Row | None


@dataclass(frozen=True)
class Block:
    """Rows printed together, then the running totals and the compulsory doubles tally."""

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
    def scheme(self) -> Scheme:
        return self.rules.scheme


def blank(players: tuple[str, ...], rules: Rules) -> Layout:
    """A sheet with every row empty; names may be blank too."""
    per_block = rules.deals_per_declarer
    blocks = tuple(
        Block(
            declarer=None,
            lines=tuple(Line(k * per_block + i + 1, None, None) for i in range(per_block)),
            running=None,
            tally=None,
        )
        for k in range(4)
    )
    marks = letters(players) if all(players) else ("A", "B", "C", "D")
    return Layout(players, marks, rules, blocks, None)


def filled(game: Game) -> Layout:
    """The sheet of `game`: played deals filled in, the rest left for pencil."""
    view = sheet_view(game)
    rules = game.rules
    per_block = 4 if rules.rotation is Rotation.EVERY_DEAL else rules.deals_per_declarer
    blocks = []
    for start in range(0, rules.total_deals, per_block):
        lines = tuple(
            Line(i + 1, game.roles(i).declarer, view.rows[i] if i < len(view.rows) else None)
            for i in range(start, start + per_block)
        )
        last = lines[-1].row
        declarer = game.roles(start).declarer if rules.rotation is Rotation.BLOCKS else None
        blocks.append(
            Block(
                declarer=declarer,
                lines=lines,
                running=last.scored.running if last is not None else None,
                tally=_tally(game, declarer, start + per_block) if declarer is not None else None,
            )
        )
    return Layout(game.players, view.letters, rules, tuple(blocks), view)


def _tally(game: Game, declarer: int, end: int) -> dict[int, int]:
    """How often each other player doubled `declarer` in the deals played before `end`."""
    made = {p: 0 for p in range(4) if p != declarer}
    for index, deal in enumerate(game.deals[:end]):
        if game.roles(index).declarer == declarer:
            for a, b in deal.doubles:
                if b == declarer:
                    made[a] += 1
    return made
