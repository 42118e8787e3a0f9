"""A game: the players, the rules, and the deals entered so far.

A Game is checked whole whenever it is made, so one that exists is legal.
State such as whose turn it is or which doubles are owed is derived by
replaying the deals, never stored.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .contracts import Contract
from .deal import Deal
from .doubles import check_doubles, doublers_of
from .errors import N_, GameError, Problem, collect
from .rules import Rotation, Rules
from .seating import Roles, roles_of


@dataclass(frozen=True)
class Turn:
    """What the table needs to know before a deal is played."""

    number: int
    roles: Roles
    contracts_left: tuple[Contract, ...]
    deals_left: int
    owed: dict[int, int]
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


class _Ledger:
    """What the deals so far have used up: contracts per declarer, doubles per pair."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.played: dict[int, list[Contract]] = {s: [] for s in range(4)}
        self.made: Counter[tuple[int, int]] = Counter()

    def turn(self, index: int) -> Turn:
        rules = self.game.rules
        roles = roles_of(index, self.game.first_declarer, rules)
        d = roles.declarer
        played = self.played[d]
        deals_left = rules.deals_per_declarer - len(played)
        owed = {p: max(0, rules.required_doubles - self.made[p, d]) for p in range(4) if p != d}
        return Turn(
            number=index + 1,
            roles=roles,
            contracts_left=tuple(c for c in rules.contracts if c not in played),
            deals_left=deals_left,
            owed=owed,
            forced=frozenset(p for p, n in owed.items() if n >= deals_left),
        )

    def record(self, index: int, deal: Deal) -> None:
        """Check `deal` as the deal at `index` and count it; raise GameError if illegal."""
        turn = self.turn(index)
        try:
            self._check(index, turn, deal)
        except GameError as error:
            raise error.in_deal(index + 1) from None
        declarer = turn.roles.declarer
        self.played[declarer].append(deal.contract)
        for doubler in doublers_of(declarer, deal.doubles):
            self.made[doubler, declarer] += 1

    def _check(self, index: int, turn: Turn, deal: Deal) -> None:
        game, rules = self.game, self.game.rules
        if index >= rules.total_deals:
            raise GameError.one("hands", "the game has only {n} deals", prefix=False, n=rules.total_deals)
        d = turn.roles.declarer
        names = list(game.players)
        problems: list[Problem] = []
        if deal.contract not in rules.contracts:
            problems.append(
                Problem.of("contract", "{contract} is not played in this game", contract=deal.contract)
            )
        elif deal.contract not in turn.contracts_left:
            problems.append(
                Problem.of(
                    "contract",
                    "{player} has already declared {contract}",
                    player=names[d],
                    contract=deal.contract,
                )
            )
        problems += check_doubles(deal.doubles, d, deal.contract, rules, names)
        settled = rules.settles(deal.contract, bool(deal.doubles))
        if settled and deal.result is not None:
            problems.append(Problem.of("result", "nobody doubled, so this deal is settled without play"))
        elif not settled and deal.result is None:
            problems.append(Problem.of("result", "the result of the deal is missing"))
        doubled_declarer = doublers_of(d, deal.doubles)
        for p in sorted(turn.forced - doubled_declarer):
            problems.append(
                Problem.of(
                    "doubles",
                    FORCED_DOUBLE[turn.deals_left == 1],
                    player=names[p],
                    declarer=names[d],
                    owed=turn.owed[p],
                    left=turn.deals_left,
                )
            )
        collect(problems)


def _check_players(players: tuple[str, ...], first_declarer: int) -> None:
    problems: list[Problem] = []
    if len(players) != 4:
        problems.append(
            Problem.of("players", "the game needs 4 players, not {n}", prefix=False, n=len(players))
        )
    for i, name in enumerate(players):
        if name != name.strip():
            problems.append(
                Problem.of(
                    f"players[{i}]",
                    "{name!r}: a name may not start or end with spaces",
                    prefix=False,
                    name=name,
                )
            )
        elif not 1 <= len(name) <= 40:
            problems.append(
                Problem.of(
                    f"players[{i}]", "{name!r}: a name has 1 to 40 characters", prefix=False, name=name
                )
            )
    folded = [n.casefold() for n in players]
    for i, name in enumerate(players):
        if folded.index(folded[i]) < i:
            problems.append(
                Problem.of(
                    f"players[{i}]", "{name!r}: two players have the same name", prefix=False, name=name
                )
            )
    if not 0 <= first_declarer < 4:
        problems.append(
            Problem.of("first_declarer", "the first declarer must be one of the players", prefix=False)
        )
    collect(problems)


@dataclass(frozen=True)
class Game:
    """Four players in clockwise order, the rules, and the deals played so far."""

    players: tuple[str, ...]
    first_declarer: int
    rules: Rules = field(default_factory=Rules)
    deals: tuple[Deal, ...] = ()

    def __post_init__(self) -> None:
        _check_players(self.players, self.first_declarer)
        self._ledger(len(self.deals))

    def _ledger(self, upto: int) -> _Ledger:
        """Replay (and so check) the first `upto` deals."""
        ledger = _Ledger(self)
        for index, deal in enumerate(self.deals[:upto]):
            ledger.record(index, deal)
        return ledger

    @property
    def complete(self) -> bool:
        """True once every deal has been played."""
        return len(self.deals) == self.rules.total_deals

    def roles(self, index: int) -> Roles:
        """Who declares, deals, cuts and leads in the deal at 0-based `index`."""
        return roles_of(index, self.first_declarer, self.rules)

    def round_of(self, index: int) -> int:
        """The round of the deal at 0-based `index`: one declarer's block, or four deals when
        the declarer moves every deal. The sheet shows running totals after each round."""
        per_round = 4 if self.rules.rotation is Rotation.EVERY_DEAL else self.rules.deals_per_declarer
        return index // per_round

    def next_turn(self) -> Turn | None:
        """The next deal to play, or None when the game is over."""
        return None if self.complete else self.turn(len(self.deals))

    def turn(self, index: int) -> Turn:
        """The situation before the deal at 0-based `index` (an existing or the next one)."""
        if not 0 <= index <= min(len(self.deals), self.rules.total_deals - 1):
            raise GameError.one("deal", "there is no deal {n}", prefix=False, n=index + 1)
        return self._ledger(index).turn(index)

    def add(self, deal: Deal) -> Game:
        """The game with `deal` played next."""
        return Game(self.players, self.first_declarer, self.rules, (*self.deals, deal))

    def replace(self, index: int, deal: Deal) -> Game:
        """The game with the deal at 0-based `index` corrected, checked against every later deal."""
        if not 0 <= index < len(self.deals):
            raise GameError.one("deal", "there is no deal {n}", prefix=False, n=index + 1)
        deals = list(self.deals)
        deals[index] = deal
        return Game(self.players, self.first_declarer, self.rules, tuple(deals))

    def undo(self) -> Game:
        """The game without its last deal."""
        return Game(self.players, self.first_declarer, self.rules, self.deals[:-1])
