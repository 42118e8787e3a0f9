"""What the table needs to know before a deal, and why a contract may not be chosen."""

from __future__ import annotations

from dataclasses import dataclass

from .contracts import Contract
from .errors import Problem
from .rules import Rules
from .seating import Roles
from .words import N_


@dataclass(frozen=True)
class Turn:
    """The situation before a deal.

    `owed` and `chances` cover each player who must still be able to double
    in this period (a declarer's deals, or a rubber): the compulsory doubles
    they still owe, and the deals left to them to make them in, this one
    included. `forced` are those who must double the declarer now.
    """

    number: int
    roles: Roles
    contracts_left: tuple[Contract, ...]
    deals_left: int
    owed: dict[int, int]
    chances: dict[int, int]
    forced: frozenset[int]


FORCED_DOUBLE = {
    False: N_(
        "{player} must double {declarer} in this deal "
        "(compulsory doubles: {owed} still owed, {left} deals left)"
    ),
    True: N_(
        "{player} must double {declarer} in this deal "
        "(compulsory doubles: {owed} still owed, {left} deal left)"
    ),
}


def refused_contract(contract: Contract, rules: Rules, played: list[str], declarer: str) -> Problem:
    """Why `contract` cannot be chosen now, given the contracts `played` in this period."""
    menu = rules.menu
    if contract not in menu.contracts:
        return Problem.of("contract", "{contract} is not played in this game", contract=contract)
    if rules.game.rubbers:
        return Problem.of("contract", "{contract} has already been played in this rubber", contract=contract)
    slot = next(s for s in menu.slots if contract in s)
    other = next((k for k in slot if k.id in played and k != contract), None)
    if other is not None:
        return Problem.of(
            "contract",
            "{player} has already played {other}, so cannot play {contract}",
            player=declarer,
            other=other,
            contract=contract,
        )
    if menu.fixed and contract.id not in played:
        following = next(s[0] for s in menu.slots if not any(k.id in played for k in s))
        return Problem.of(
            "contract",
            "the contracts go in a fixed order: {player} plays {next} now",
            player=declarer,
            next=following,
        )
    return Problem.of(
        "contract", "{player} has already declared {contract}", player=declarer, contract=contract
    )
