"""Who declares, deals, cuts and leads in each deal.

Seats are numbered 0 to 3 in clockwise order. Play goes clockwise, to the
left, so seat `s + 1` sits at the left of seat `s`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rotation, Rules


def left_of(seat: int, steps: int = 1) -> int:
    """The seat `steps` places to the left of `seat`."""
    return (seat + steps) % 4


def right_of(seat: int) -> int:
    """The seat to the right of `seat`."""
    return (seat - 1) % 4


@dataclass(frozen=True)
class Roles:
    """The seats that declare, deal, cut and lead in one deal."""

    declarer: int
    dealer: int
    cutter: int
    leader: int


def declarer_of(index: int, first_declarer: int, rules: Rules) -> int:
    """The declarer of the deal at 0-based `index`."""
    if rules.rotation is Rotation.EVERY_DEAL:
        return left_of(first_declarer, index)
    return left_of(first_declarer, index // rules.deals_per_declarer)


def roles_of(index: int, first_declarer: int, rules: Rules) -> Roles:
    """Everyone's role in the deal at 0-based `index`.

    Normally the player at the declarer's right deals and the player opposite
    the declarer (at the dealer's right) cuts; the declarer leads. When the
    dealer declares, the dealer's right cuts and the dealer's left leads.
    """
    declarer = declarer_of(index, first_declarer, rules)
    if rules.dealer_declares:
        return Roles(declarer, declarer, right_of(declarer), left_of(declarer))
    dealer = right_of(declarer)
    return Roles(declarer, dealer, right_of(dealer), declarer)


def doubling_order(declarer: int) -> tuple[int, int, int, int]:
    """The order in which players may double: from the declarer's left round to the declarer."""
    return (left_of(declarer, 1), left_of(declarer, 2), left_of(declarer, 3), declarer)
