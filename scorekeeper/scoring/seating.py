"""Who declares, deals, cuts and leads in each deal, and which deals belong together.

Seats are numbered from 0 in clockwise order. Play goes clockwise, to the
left, so seat `s + 1` sits at the left of seat `s`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .options import Rotation
from .rules import Rules


@dataclass(frozen=True)
class Roles:
    """The seats that declare, deal, cut and lead in one deal."""

    declarer: int
    dealer: int
    cutter: int
    leader: int


def roles_for(declarer: int, players: int, dealer_declares: bool) -> Roles:
    """Everyone's role when `declarer` declares.

    Normally the player at the declarer's right deals, the player at the
    dealer's right cuts (opposite the declarer at four), and the declarer
    leads. When the dealer declares, the dealer's left leads.
    """
    right = (declarer - 1) % players
    if dealer_declares:
        return Roles(declarer, declarer, right, (declarer + 1) % players)
    return Roles(declarer, right, (right - 1) % players, declarer)


def doubling_order(declarer: int, players: int = 4) -> tuple[int, ...]:
    """The order in which players may double: from the declarer's left round to the declarer."""
    return tuple((declarer + k) % players for k in range(1, players + 1))


@dataclass(frozen=True)
class Plan:
    """Every deal's declarer and roles, and the deals that belong together.

    A *period* is the deals that share one menu of contracts and one window of
    compulsory doubles: a declarer's deals, or a rubber. A *round* ends where
    the sheet shows running totals.
    """

    declarers: tuple[int, ...]
    roles: tuple[Roles, ...]
    periods: tuple[int, ...]
    leaders: tuple[int, ...]
    """The first declarer of each period, by period."""
    rounds: tuple[int, ...]
    remaining: tuple[int, ...]
    """Deals of the period from each deal on, that deal included."""
    chances: tuple[dict[int, int], ...]
    """For each deal, each player who still declares no deal of the period: how many deals of the
    period from that deal on they do not declare. Shared: never change them."""

    @property
    def total(self) -> int:
        return len(self.declarers)


# Bounded: the rules of a custom game come from what players typed, so there is no end to them.
@lru_cache(maxsize=256)
def plan(rules: Rules, first: int) -> Plan:
    """The plan of a game under `rules` whose first declarer (or dealer) sits at `first`."""
    n, per, count = rules.players, rules.deals_per_declarer, rules.total_deals
    declarers, periods, rounds = [], [], []
    for i in range(count):
        if rules.game.rubbers:
            rubber, step = divmod(i, per)
            declarers.append((first + rubber + step) % n)
            periods.append(rubber)
            rounds.append(rubber)
        elif rules.rotation is Rotation.EVERY_DEAL:
            declarers.append((first + i) % n)
            periods.append(i % n)
            rounds.append(i // n)
        else:
            declarers.append((first + i // per) % n)
            periods.append(i // per)
            rounds.append(i // per)
    leaders = [declarers[periods.index(p)] for p in range(rules.periods)]
    remaining = tuple(sum(1 for j in range(i, count) if periods[j] == periods[i]) for i in range(count))
    chances = tuple(
        {
            q: left
            for q in range(n)
            if (left := sum(1 for j in range(i, count) if periods[j] == periods[i] and declarers[j] != q))
        }
        for i in range(count)
    )
    roles = tuple(roles_for(d, n, rules.dealer_declares) for d in declarers)
    return Plan(tuple(declarers), roles, tuple(periods), tuple(leaders), tuple(rounds), remaining, chances)
