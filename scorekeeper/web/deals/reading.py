"""A posted deal form read back into a Deal; what is missing is said on the field it concerns."""

from __future__ import annotations

from typing import Any, assert_never

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.vocabulary import suit_name, taker_question
from scorekeeper.scoring import (
    Contract,
    Counts,
    Deal,
    Group,
    Order,
    Result,
    Rules,
    Suit,
    Taker,
    doubling_order,
    maximum,
)
from scorekeeper.scoring.counts import count_kind
from scorekeeper.scoring.errors import Problem
from scorekeeper.scoring.parts import Value
from scorekeeper.web.common.forms import DealForm
from scorekeeper.web.common.language import describe

from .form import SUIT_KEYS
from .problems import add_error


class Invalid(Exception):
    """The form cannot become a deal; its fields say why."""


def _seat(value: object, players: int) -> int | None:
    text = str(value) if value is not None else ""
    return int(text) if text.isdecimal() and len(text) < 3 and int(text) < players else None


class _Reader:
    """Reads the result's parts from the form, saying on each field what is missing."""

    def __init__(self, form: DealForm, rules: Rules) -> None:
        self.form, self.rules, self.n = form, rules, rules.players
        self.failed = False

    def value(self, name: str) -> Any:
        return self.form[name].data

    def note(self, field: Any, message: str) -> None:
        add_error(field, message)
        self.failed = True

    def part(self, part: Counts | Taker | Order | Group) -> Value | None:
        match part:
            case Counts(key=key, of=of, by_card=card) if card:
                return self.cards(key, card, of)
            case Counts(key=key, of=of):
                return self.numbers(key, of, self.rules.deck.count(of))
            case Taker(key=key):
                seat = _seat(self.value(key), self.n)
                if seat is None:
                    self.note(self.form[key], taker_question(part, self.rules))
                return seat
            case Order(key=key):
                return self.order(key)
            case Group(key=key):
                seats = sorted({s for v in self.value(key) or [] if (s := _seat(v, self.n)) is not None})
                if not seats:
                    self.note(
                        self.form[key],
                        _("Tick the player, or the tied players, with the most cards of one suit."),
                    )
                return tuple(seats)
            case _:
                assert_never(part)

    def numbers(self, key: str, of: str, total: int) -> tuple[int, ...] | None:
        """A count per player that add up to `total`: one left blank is what is left, and every
        one left blank is 0 when nothing is."""
        field = self.form[key]
        if any(entry.unreadable for entry in field):
            self.note(field, _("Enter whole numbers."))
            return None
        values: list[int | None] = [entry.data for entry in field]
        blanks = [i for i, v in enumerate(values) if v is None]
        typed = sum(v for v in values if v is not None)
        if blanks and typed > total and all(v is None or 0 <= v <= total for v in values):
            # What is left would be negative: say what the numbers typed add up to.
            self.note(
                field, describe(Problem.of(key, count_kind(of).adds_up, prefix=False, got=typed, total=total))
            )
            return None
        if len(blanks) == 1 or (blanks and typed == total):
            for i in blanks:
                values[i] = total - typed if len(blanks) == 1 else 0
        if any(v is None for v in values):
            self.note(field, _("Enter a number for each player."))
            return None
        return tuple(v for v in values if v is not None)

    def cards(self, key: str, card: str, of: str) -> tuple[int, ...] | None:
        """Counts entered card by card: who took each queen (each card of the kind `of`)."""
        takers = []
        for suit, entry in zip(SUIT_KEYS, self.form[key], strict=True):
            seat = _seat(entry.data, self.n)
            if seat is None:
                self.note(entry, _(count_kind(of).card_question, suit=suit_name(suit)))
            takers.append(seat)
        return tuple(takers.count(s) for s in range(self.n))

    def order(self, key: str) -> tuple[int, ...] | None:
        places = [_seat(entry.data, self.n) for entry in self.form[key]]
        chosen = [p for p in places if p is not None]
        if len(chosen) == self.n - 1 and len(set(chosen)) == len(chosen):
            # The one place left goes to the one player left (usually the last place).
            places[places.index(None)] = (set(range(self.n)) - set(chosen)).pop()
        if any(p is None for p in places):
            self.note(self.form[key], _("Say in what order every player went out."))
            return None
        return tuple(p for p in places if p is not None)


def read_doubles(
    form: DealForm, declarer: int, contract: Contract, rules: Rules
) -> frozenset[tuple[int, int]]:
    """The doubles ticked, with "maximum" expanded in turn order (the declarer last)."""
    doubles: set[tuple[int, int]] = set()
    if rules.doubling.value == "none":
        return frozenset()
    ticked = form["doubles"]
    if ticked["all_doubled"].data:
        doubles |= {(p, declarer) for p in range(rules.players) if p != declarer}
    for player in doubling_order(declarer, rules.players):
        for other in range(rules.players):
            if other != player and ticked[f"dbl_{player}_{other}"].data:
                doubles.add((player, other))
        if ticked[f"max_{player}"].data:
            doubles |= maximum(player, declarer, contract, rules, doubles)
    return frozenset(doubles)


def read_deal(form: DealForm, contract: Contract, declarer: int, rules: Rules) -> Deal:
    """The deal entered on the form; Invalid, with messages on its fields, when it is not one."""
    reader = _Reader(form, rules)
    doubles = read_doubles(form, declarer, contract, rules)
    trump = form["trump"].data if contract.names_suit else None
    if contract.names_suit and trump not in SUIT_KEYS:
        reader.note(form["trump"], _("Choose the trump suit."))
    rank = (form["rank"].data or None) if contract.names_rank else None
    result = None
    if not rules.settles(contract, bool(doubles)):
        values = [(part.key, reader.part(part)) for part in contract.parts]
        if not reader.failed:
            result = Result(tuple((k, v) for k, v in values if v is not None))
    if reader.failed:
        raise Invalid()
    return Deal(contract, doubles, result, Suit(trump) if trump else None, rank)
