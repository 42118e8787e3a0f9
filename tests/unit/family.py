"""Builders for the unit tests of the whole family: rules, results, deals and games by game id.

Seats are numbered from 0 in clockwise order; the players are named after
their table size so that a failing message reads like the rules' examples.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring import (
    GAMES,
    Contract,
    Counts,
    Deal,
    Game,
    Group,
    Order,
    Result,
    Rules,
    Taker,
)

NAMES = {
    3: ("Ann", "Bob", "Cy"),
    4: ("Ann", "Beth", "Cat", "Diana"),
    5: ("Ann", "Beth", "Cat", "Diana", "Eve"),
}
LEGAL = object()
"""Stands for "a legal result of the contract" in `deal`."""


def rules(
    game: str, players: int | None = None, points: str | dict[str, Any] | None = None, **settings: Any
) -> Rules:
    """Rules of `game`: `points` names one of its schemes, or changes some of its standard points."""
    kind = GAMES[game]
    if isinstance(points, str):
        chosen = dict(kind.schemes)[points]
    elif isinstance(points, dict):
        chosen = kind.standard(players or kind.players[0]).changed(**points)
    else:
        chosen = None
    return Rules.of(kind, players, chosen, **settings)


def contract(rules: Rules, id: str) -> Contract:
    """The contract `id` as `rules`' game has it (French No hearts is not Barbu's)."""
    found = rules.game.contract(id)
    assert found is not None, id
    return found


def spread(total: int, players: int) -> tuple[int, ...]:
    """`total` shared out as evenly as it goes, the earlier seats taking the odd ones."""
    base, extra = divmod(total, players)
    return tuple(base + (seat < extra) for seat in range(players))


def legal_result(played: Contract, rules: Rules) -> Result:
    """A possible result of `played` at this table: seat 0 takes what one player takes."""
    n, values = rules.players, []
    for part in played.parts:
        match part:
            case Counts(key=key, of=of):
                values.append((key, spread(rules.deck.count(of), n)))
            case Taker(key=key):
                values.append((key, 0))
            case Order(key=key):
                values.append((key, tuple(range(n))))
            case Group(key=key):
                values.append((key, (0,)))
    return Result(tuple(values))


def deal(rules: Rules, id: str, doubles: Any = (), result: Any = LEGAL, **named: Any) -> Deal:
    """A deal of contract `id` with a legal result unless `result` gives one (None: settled)."""
    played = contract(rules, id)
    if result is LEGAL:
        result = legal_result(played, rules)
    return Deal(played, frozenset(doubles), result, **named)


def table(rules: Rules, first: int = 0) -> Game:
    """A game with no deals yet, seat `first` declaring (or dealing) first."""
    return Game(NAMES[rules.players], first, rules)


def play(game: Game, *ids: str) -> Game:
    """`game` with a deal of each contract added; whoever is forced to double the declarer does."""
    for id in ids:
        turn = game.next_turn()
        assert turn is not None
        forced = {(q, turn.roles.declarer) for q in turn.forced}
        game = game.add(deal(game.rules, id, forced))
    return game


def play_on(game: Game, deals: int) -> Game:
    """`game` after `deals` more deals, each of the first contract offered."""
    for _ in range(deals):
        turn = game.next_turn()
        assert turn is not None
        game = play(game, turn.contracts_left[0].id)
    return game


def complete(rules: Rules, first: int = 0) -> Game:
    """A complete game under `rules`."""
    return play_on(table(rules, first), rules.total_deals)
