"""The rules a table agrees on: the game, how many play, its options and its points."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

from .cards import Deck
from .contracts import Contract
from .errors import Problem, collect
from .games import BARBU, GameKind, Menu
from .options import Doubling, Flag, Number, Rotation, Setting, Undoubled, check_value
from .parts import Result, Seats
from .points import POINT_LIMIT, Points
from .scoring_rules import Scoring, Shared, Values, raw, size, total


def _choices(option: object) -> str:
    values = getattr(option, "values", ())
    return ", ".join(repr(str(v)) if isinstance(v, str) else str(v) for v in values)


@dataclass(frozen=True)
class Rules:
    """A game's rules. Build with `Rules.of(...)`; a Rules that exists is legal, with every
    option of its game filled in, in the game's order."""

    game: GameKind = BARBU
    players: int = 4
    settings: tuple[tuple[str, Setting], ...] = field(default=())
    points: Points | None = None

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        if self.players not in self.game.players:
            low, high = self.game.players[0], self.game.players[-1]
            template = (
                "{game} needs {low} players, not {n}"
                if low == high
                else "{game} needs {low} to {high} players, not {n}"
            )
            problems.append(
                Problem.of(
                    "players", template, prefix=False, game=self.game, low=low, high=high, n=self.players
                )
            )
            collect(problems)
        given = dict(self.settings)
        filled: dict[str, Setting] = {}
        for option in self.game.options:
            default = option.default
            if option.key == "compulsory_doubles" and filled.get("doubling") == Doubling.NONE:
                default = 0
            value = given.pop(option.key, default)
            if not check_value(option, value):
                problems.append(_bad_value(option, value))
            filled[option.key] = value
        for key in given:
            problems.append(
                Problem.of(f"rules.{key}", "{key!r} is not a rule of {game}", game=self.game, key=key)
            )
        if filled.get("doubling") == Doubling.NONE and filled.get("compulsory_doubles"):
            problems.append(
                Problem.of(
                    "rules.compulsory_doubles",
                    "there can be no compulsory doubles in a game without doubling",
                    prefix=False,
                )
            )
        collect(problems)
        object.__setattr__(self, "settings", tuple(filled.items()))
        if self.points is None:
            object.__setattr__(self, "points", self.game.standard(self.players))
        collect(self._point_problems())

    @classmethod
    def of(
        cls,
        game: GameKind = BARBU,
        players: int | None = None,
        points: Points | None = None,
        **settings: Setting,
    ) -> Rules:
        """Rules for `game` (four-player Barbu by default) with some options set."""
        return cls(game, game.players[0] if players is None else players, tuple(settings.items()), points)

    def _point_problems(self) -> list[Problem]:
        problems = []
        given = {key for key, _ in self.scheme.values}
        for contract in self.game.contracts:
            want = size(contract.scoring, self.players)
            values = self.scheme.get(contract.id)
            field_name = f"rules.scheme.{contract.id}"
            if want == 0 or (values is None and contract not in self.contracts):
                continue
            if values is None:
                problems.append(Problem.of(field_name, "the points of {c!r} are missing", c=contract.id))
            elif len(values) != want:
                problems.append(
                    Problem.of(field_name, "give one number")
                    if want == 1
                    else Problem.of(field_name, "give {n} numbers", n=want)
                )
            elif any(abs(v) > POINT_LIMIT for v in values):
                problems.append(
                    Problem.of(field_name, "a value must be between −{limit} and {limit}", limit=POINT_LIMIT)
                )
            elif isinstance(contract.scoring, Shared) and values[0] % 12:
                problems.append(
                    Problem.of(
                        field_name,
                        "Ravage City must be a multiple of 12 so that ties share it evenly, not {n}",
                        prefix=False,
                        n=values[0],
                    )
                )
        known = {contract.id for contract in self.game.contracts}
        for key in sorted(given - known):
            problems.append(
                Problem.of("rules.scheme", "{key!r} is not a contract of {game}", key=key, game=self.game)
            )
        return problems

    @property
    def scheme(self) -> Points:
        """The points in use."""
        assert self.points is not None  # filled in by __post_init__
        return self.points

    def setting(self, key: str) -> Setting | None:
        """The value of option `key`, None when the game does not have that option."""
        return self._settings.get(key)

    @cached_property
    def _settings(self) -> dict[str, Setting]:
        return dict(self.settings)

    @property
    def doubling(self) -> Doubling:
        value = self.setting("doubling")
        return Doubling(value) if isinstance(value, str) else Doubling.NONE

    @property
    def required_doubles(self) -> int:
        """How many times each player must double in each compulsory-doubles window."""
        value = self.setting("compulsory_doubles")
        return value if isinstance(value, int) else 0

    compulsory_doubles = required_doubles

    @property
    def ravage_city(self) -> bool:
        return self.setting("ravage_city") is True

    @property
    def redouble_all(self) -> bool:
        return self.setting("redouble_all") is True

    @property
    def undoubled_negative(self) -> Undoubled:
        return Undoubled(str(self.setting("undoubled_negative") or Undoubled.PLAY))

    @property
    def rotation(self) -> Rotation:
        return Rotation(str(self.setting("rotation") or Rotation.BLOCKS))

    @property
    def dealer_declares(self) -> bool:
        return self.game.dealer_chooses or self.setting("dealer_declares") is True

    @property
    def rubbers(self) -> int:
        value = self.setting("rubbers")
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    @cached_property
    def deck(self) -> Deck:
        return self.game.deck(self.players)

    @cached_property
    def menu(self) -> Menu:
        return self.game.menu(dict(self.settings))

    def contracts_left(self, played: frozenset[str]) -> tuple[Contract, ...]:
        """The contracts still open in a period once the contracts `played` (by id) are."""
        found = self._left.get(played)
        if found is None:
            slots = [s for s in self.menu.slots if not any(k.id in played for k in s)]
            found = self._left[played] = tuple(k for s in slots[: 1 if self.menu.fixed else None] for k in s)
        return found

    @cached_property
    def _left(self) -> dict[frozenset[str], tuple[Contract, ...]]:
        return {}

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contracts played in this game."""
        return self.menu.contracts

    @property
    def deals_per_declarer(self) -> int:
        """How many deals each declarer (or each rubber) plays."""
        return len(self.menu.slots)

    @property
    def periods(self) -> int:
        """How many times the menu is played: once per player, or once per rubber."""
        return self.rubbers if self.game.rubbers else self.players

    @property
    def total_deals(self) -> int:
        """How many deals a complete game has."""
        return self.periods * self.deals_per_declarer

    def values(self, contract: Contract) -> Values:
        return self.scheme.get(contract.id) or ()

    def _lookup(self, id: str) -> tuple[Scoring, Values]:
        contract = self.game.contract(id)
        assert contract is not None, id
        return contract.scoring, self.values(contract)

    def contract_total(self, contract: Contract) -> int:
        """What the raw scores of a deal of `contract` always add up to."""
        return self._totals[contract.id]

    @cached_property
    def _totals(self) -> dict[str, int]:
        return {
            k.id: total(k.scoring, self.values(k), self.deck, k.counts_of, self._lookup)
            for k in self.contracts
        }

    def raw(self, contract: Contract, result: Result) -> Seats:
        """The raw scores of a played deal of `contract`."""
        return raw(contract.scoring, self.values(contract), result, self.players, self._lookup)

    def block_total(self, played: tuple[Contract, ...] = ()) -> int | None:
        """What one declarer's (or rubber's) deals add up to, given the contracts `played` in it
        so far; None while an open choice (Trumps or Dominoes) would change it."""
        total = 0
        for slot in self.menu.slots:
            chosen = [k for k in slot if k in played] or list(slot)
            totals = {self.contract_total(k) for k in chosen}
            if len(totals) != 1:
                return None
            total += totals.pop()
        return total

    @property
    def expected_game_total(self) -> int | None:
        """What the totals of a complete game add up to; None while it depends on choices."""
        block = self.block_total()
        return None if block is None else self.periods * block

    @property
    def zero_sum(self) -> bool:
        """True when a complete game adds up to 0, whatever the declarers choose."""
        return all(
            sum(self.contract_total(k) for k in pick) == 0 for pick in itertools.product(*self.menu.slots)
        )

    def settles(self, contract: Contract, doubled: bool) -> bool:
        """True when a deal of `contract` is settled without play."""
        return self.undoubled_negative is Undoubled.SETTLE and not contract.positive and not doubled


def _bad_value(option: object, value: object) -> Problem:
    key = getattr(option, "key", "")
    if isinstance(option, Flag):
        return Problem.of(f"rules.{key}", "must be true or false")
    if isinstance(option, Number):
        return Problem.of(
            f"rules.{key}", "must be a whole number from {low} to {high}", low=option.low, high=option.high
        )
    return Problem.of(f"rules.{key}", "must be one of {choices}", choices=_choices(option))
