"""Settling a deal in poker chips instead of writing scores, as some tables do.

Pair by pair, each double is settled between the two players as on paper.
Then the declarer settles with the table: in a negative contract everyone
builds a stack worth their (negative) raw score and the declarer collects
every stack; in a positive contract the declarer pays each opponent their
score, and an opponent who scored below zero (the last out in Dominoes) pays
the declarer instead. Each opponent ends with their deal score in chips; the
declarer ends with their deal score less the contract total.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scored import ScoredDeal


@dataclass(frozen=True)
class ChipMove:
    """Chips passed from one player to another; `double` for a pair's settlement, else the declarer's."""

    payer: int
    payee: int
    amount: int
    double: bool


def chip_moves(row: ScoredDeal) -> tuple[ChipMove, ...]:
    """Every movement of chips in one deal: doubles pair by pair, then the declarer's collection."""
    moves = [ChipMove(p.payer, p.payee, p.amount, True) for p in row.payments if p.amount]
    d = row.roles.declarer
    n = len(row.raw)
    for step in range(1, n):
        seat = (d + step) % n
        value = row.raw[seat]
        if value < 0:
            moves.append(ChipMove(seat, d, -value, False))
        elif value > 0:
            moves.append(ChipMove(d, seat, value, False))
    return tuple(moves)


def chip_nets(row: ScoredDeal) -> tuple[int, ...]:
    """What each player wins (or loses) in chips over the deal."""
    nets = [0] * len(row.raw)
    for move in chip_moves(row):
        nets[move.payer] -= move.amount
        nets[move.payee] += move.amount
    return tuple(nets)
