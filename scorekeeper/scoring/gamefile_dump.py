"""Writing a game as a `barbu-game/1` file (see docs/game-format.md); reading it is `gamefile`."""

from __future__ import annotations

import json
from typing import Any, assert_never

from .contracts import Contract
from .game import Game
from .gamefile_rules import FORMAT, dump_rules
from .parts import Counts, Group, Order, Result, Taker
from .seating import doubling_order


def dump_result(contract: Contract, result: Result, names: tuple[str, ...]) -> dict[str, Any]:
    """A result as the game file writes it."""
    out: dict[str, Any] = {}
    for part in contract.parts:
        match part:
            case Counts(key=key):
                out[key] = dict(zip(names, result.counts(key), strict=True))
            case Taker(key=key):
                out[key] = names[result.seat(key)]
            case Order(key=key) | Group(key=key):
                out[key] = [names[s] for s in result.counts(key)]
            case _:
                assert_never(part)
    return out


def _dump_doubles(doubles: frozenset[tuple[int, int]], declarer: int, players: int) -> list[tuple[int, int]]:
    """The doubles in the order they were made: by turn, then by seat doubled."""
    turn = doubling_order(declarer, players)
    return sorted(doubles, key=lambda d: (turn.index(d[0]), d[1]))


def dump_hand(game: Game, index: int) -> dict[str, Any]:
    """The `barbu-game/1` hand of the deal at `index`."""
    names, deal = game.players, game.deals[index]
    declarer = game.roles(index).declarer
    hand: dict[str, Any] = {"declarer": names[declarer], "contract": deal.contract.id}
    if deal.trump is not None:
        hand["trump"] = deal.trump.value
    if deal.rank is not None:
        hand["rank"] = deal.rank
    pairs = _dump_doubles(deal.doubles, declarer, len(names))
    hand["doubles"] = [[names[a], names[b]] for a, b in pairs]
    if deal.result is not None:
        hand["result"] = dump_result(deal.contract, deal.result, names)
    return hand


def dump(game: Game) -> dict[str, Any]:
    """The `barbu-game/1` document of a game."""
    names = game.players
    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": list(names),
        "first_declarer": names[game.first_declarer],
        "rules": dump_rules(game.rules),
        "hands": [dump_hand(game, i) for i in range(len(game.deals))],
    }
    if game.substitutes:  # left out when nobody was replaced, as in every file written before
        doc["substitutes"] = dump_substitutes(game)
    return doc


def dump_substitutes(game: Game) -> list[dict[str, Any]]:
    """The `substitutes` list of a game file."""
    return [{"seat": s.seat, "from_deal": s.from_deal, "name": s.name} for s in game.substitutes]


def dumps(game: Game) -> str:
    """The game file as JSON text."""
    return json.dumps(dump(game), ensure_ascii=False, indent=2)
