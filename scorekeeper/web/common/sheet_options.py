"""The rule options that change a paper sheet: the paper check asks for them, the blank sheet offers them."""

from __future__ import annotations

from functools import cache

from scorekeeper.scoring import GameError, GameKind, Option, Rules
from scorekeeper.scoring.seating import plan


def _shape(rules: Rules) -> tuple[object, ...]:
    p = plan(rules, 0)
    # The deck changes every count and total; capot lets a deal add up to its total turned.
    return rules.menu, p.periods, p.rounds, rules.deck, rules.capot


@cache
def sheet_options(game: GameKind, players: int) -> tuple[Option, ...]:
    """The rule options of `game` that change the sheet: its rows, blocks or running totals."""
    usual = _shape(Rules.of(game, players))
    shown = []
    for option in game.options:
        values = getattr(option, "values", None) or (True, False)
        for value in values:
            try:
                other = Rules(game, players, ((option.key, value),))
            except GameError:
                continue
            if _shape(other) != usual:
                shown.append(option)
                break
    return tuple(shown)
