"""The rules a table agrees on: the game, how many play, its options and its points."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

from . import salad as s
from .capot import taker_of, totals_of
from .cards import Deck
from .contracts import Contract
from .errors import collect
from .games import BARBU, GameKind, Menu
from .options import Doubling, Rotation, Setting, Undoubled
from .parts import Result, Seats
from .points import Points
from .rules_checks import filled_settings, player_problems, point_problems
from .scoring_rules import Scoring, Values, raw, total


@dataclass(frozen=True)
class Rules:
    """A game's rules. Build with `Rules.of(...)`; a Rules that exists is legal, with every
    option of its game filled in, in the game's order."""

    game: GameKind = BARBU
    players: int = 4
    settings: tuple[tuple[str, Setting], ...] = field(default=())
    points: Points | None = None
    salad: s.Makeup | None = None
    """French Barbu's Salad (the default make-up when left out); None in the games without one."""

    def __post_init__(self) -> None:
        collect(player_problems(self.game, self.players))
        filled, problems = filled_settings(self.game, dict(self.settings))
        collect(problems)
        object.__setattr__(self, "settings", tuple(filled.items()))
        if self.points is None:
            object.__setattr__(self, "points", self.game.standard_for(self.players, self.cards))
        made, problems = s.filled(self.game, self.salad)
        object.__setattr__(self, "salad", made)
        collect(problems)
        in_play = self.contracts + (s.pricing(self.game, made) if made else ())
        collect(point_problems(self.game, self.players, self.scheme, in_play))
        collect(s.halving_problems(made, self.scheme))

    @classmethod
    def of(
        cls,
        game: GameKind = BARBU,
        players: int | None = None,
        points: Points | None = None,
        salad: s.Makeup | None = None,
        **settings: Setting,
    ) -> Rules:
        """Rules for `game` (four-player Barbu by default) with some options set."""
        n = game.players[0] if players is None else players
        return cls(game, n, tuple(settings.items()), points, salad)

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
    def dealer_redoubles(self) -> bool:
        """Under French Barbu's dealer doubling, whether the dealer may redouble."""
        return self.setting("dealer_redoubles") is True

    @property
    def capot(self) -> bool:
        return self.setting("capot") is True

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

    @property
    def cards(self) -> int:
        """How many cards the deck has: 52, or 32 (7 up to the ace) where the game allows it."""
        value = self.setting("deck")
        return value if isinstance(value, int) and not isinstance(value, bool) else 52

    @cached_property
    def deck(self) -> Deck:
        return self.game.deck_for(self.players, self.cards)

    @property
    def standard(self) -> Points:
        """The game's own points with this deck and table."""
        return self.game.standard_for(self.players, self.cards)

    @cached_property
    def menu(self) -> Menu:
        return s.served(self.game.menu(dict(self.settings)), self.salad)

    def contract(self, id: str) -> Contract | None:
        """The contract `id` as this table plays it (its own Salad), else the game's."""
        return next((k for k in self.contracts if k.id == id), None) or self.game.contract(id)

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

    def lookup(self, id: str) -> tuple[Scoring, Values]:
        """A piece of the Salad: its scoring rule and the values it takes."""
        piece = s.PIECES[id]
        return piece.scoring, (self.scheme.get(piece.priced_by) or ())[piece.first :]

    def contract_total(self, contract: Contract) -> int:
        """What the raw scores of a deal of `contract` always add up to."""
        return self._totals[contract.id]

    @cached_property
    def _totals(self) -> dict[str, int]:
        return {
            k.id: total(k.scoring, self.values(k), self.deck, k.counts_of, self.lookup)
            for k in self.contracts
        }

    def raw(self, contract: Contract, result: Result) -> Seats:
        """The raw scores of a played deal of `contract` (a capot's, when one player took it all)."""
        taker = self.capot_taker(contract, result)
        if taker is not None:
            return tuple(-self.contract_total(contract) if s == taker else 0 for s in range(self.players))
        return raw(contract.scoring, self.values(contract), result, self.players, self.lookup)

    def capot_taker(self, contract: Contract, result: Result) -> int | None:
        """Under `capot`, the seat that took every counted card of the deal (see `capot.py`)."""
        return taker_of(self.capot, self.deck, contract, result)

    def deal_totals(self, contract: Contract) -> frozenset[int]:
        """What a deal of `contract` may add up to: its total, or under capot also the total turned."""
        return totals_of(self.capot, self.contract_total(contract), contract)

    def deal_total(self, contract: Contract, result: Result | None) -> int:
        """What a deal's raw scores add up to: the contract total, its sign turned by a capot."""
        total = self.contract_total(contract)
        return -total if result is not None and self.capot_taker(contract, result) is not None else total

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
        """True when a complete game adds up to 0, whatever the declarers choose (and, under capot,
        whoever takes every card: a capot moves the game's total)."""
        if any(len(self.deal_totals(k)) > 1 for k in self.contracts):
            return False
        return all(
            sum(self.contract_total(k) for k in pick) == 0 for pick in itertools.product(*self.menu.slots)
        )

    def settles(self, contract: Contract, doubled: bool) -> bool:
        """True when a deal of `contract` is settled without play."""
        return self.undoubled_negative is Undoubled.SETTLE and not contract.positive and not doubled
