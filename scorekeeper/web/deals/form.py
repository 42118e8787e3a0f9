"""The deal form, declared from the contract's entry, and read back into a Deal.

Each part of the contract's result brings its fields (a number per player, a
chip per player, a chip per player for each place or card), so a new contract
made of known parts needs nothing here. Messages are kept by section (a part's
key, or "doubles", "contract", "trump", "rank", "game") and shown next to it.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from flask_babel.speaklater import LazyString
from wtforms import BooleanField, RadioField, SelectChoice, SelectField, StringField

from scorekeeper.present.i18n import digits
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.vocabulary import suit_name, taker_question
from scorekeeper.scoring import (
    Contract,
    Counts,
    Deal,
    GameError,
    Group,
    Order,
    Result,
    Rules,
    Suit,
    Taker,
    doubling_order,
    maximum,
)
from scorekeeper.scoring.errors import Problem
from scorekeeper.scoring.marks import marks_of
from scorekeeper.scoring.parts import COUNTS_ADD_UP, Value
from scorekeeper.web.common.forms import DealForm, MultiCheckboxField
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.numbers import parse_int, strip_text

Errors = dict[str, list[str]]
SUIT_KEYS = tuple(s.value for s in Suit)


class Invalid(Exception):
    """The form cannot become a deal; `errors` says why, by section."""

    def __init__(self, errors: Errors) -> None:
        super().__init__(errors)
        self.errors = errors


def _seats(players: int) -> dict[str, str]:
    return {str(s): str(s) for s in range(players)}


def form_class(contract: Contract, rules: Rules) -> type[DealForm]:
    """The form for a deal of `contract` under `rules`: the common fields and the result's."""
    return _form_class(contract, rules.players, rules.doubling.value != "none", rules.deck.ranks)


@cache
def _form_class(contract: Contract, n: int, doubling: bool, ranks: tuple[str, ...]) -> type[DealForm]:
    fields: dict[str, Any] = {}
    if contract.names_suit:
        fields["trump"] = RadioField(choices={k: k for k in SUIT_KEYS}, validate_choice=False)
    if contract.names_rank:
        # A rank's label in the reader's digits, worked out when the page is rendered.
        labels = [SelectChoice("", "–"), *(SelectChoice(r, LazyString(digits, r)) for r in ranks)]
        fields["rank"] = SelectField(choices=labels, default="")
    if doubling:
        fields["all_doubled"] = BooleanField()
        for a in range(n):
            fields[f"max_{a}"] = BooleanField()
            fields.update({f"dbl_{a}_{b}": BooleanField() for b in range(n) if b != a})
    for part in contract.parts:
        match part:
            case Counts(by_card=card) if card:
                fields.update(
                    {f"{card}_{s}": RadioField(choices=_seats(n), validate_choice=False) for s in SUIT_KEYS}
                )
            case Counts(key=key):
                fields.update({f"{key}_{s}": StringField(filters=[strip_text]) for s in range(n)})
            case Taker(key=key):
                fields[key] = RadioField(choices=_seats(n), validate_choice=False)
            case Order():
                fields.update(
                    {f"place_{p + 1}": RadioField(choices=_seats(n), validate_choice=False) for p in range(n)}
                )
            case Group(key=key):
                fields[key] = MultiCheckboxField(choices=_seats(n), validate_choice=False)
    return type(f"DealForm_{contract.id.replace('-', '_')}", (DealForm,), fields)


def _seat(value: object, players: int) -> int | None:
    text = str(value) if value is not None else ""
    return int(text) if text.isdecimal() and len(text) < 3 and int(text) < players else None


class _Reader:
    """Reads the result's parts from the form, noting what is missing by section."""

    def __init__(self, form: DealForm, rules: Rules) -> None:
        self.form, self.rules, self.n = form, rules, rules.players
        self.errors: Errors = defaultdict(list)

    def value(self, name: str) -> Any:
        return self.form[name].data

    def part(self, part: Counts | Taker | Order | Group) -> Value | None:
        match part:
            case Counts(by_card=card) if card:
                return self.cards(card)
            case Counts(key=key, of=of):
                return self.numbers(key, of, self.rules.deck.count(of))
            case Taker(key=key):
                seat = _seat(self.value(key), self.n)
                if seat is None:
                    self.errors[key].append(taker_question(part, self.rules))
                return seat
            case Order(key=key):
                return self.order(key)
            case Group(key=key):
                seats = sorted({s for v in self.value(key) or [] if (s := _seat(v, self.n)) is not None})
                if not seats:
                    self.errors[key].append(
                        _("Tick the player, or the tied players, with the most cards of one suit.")
                    )
                return tuple(seats)

    def numbers(self, key: str, of: str, total: int) -> tuple[int, ...] | None:
        """A count per player that add up to `total`: one left blank is what is left, and every
        one left blank is 0 when nothing is."""
        values: list[int | None] = []
        for seat in range(self.n):
            try:
                values.append(parse_int(self.value(f"{key}_{seat}")))
            except ValueError:
                self.errors[key].append(_("Enter whole numbers."))
                return None
        blanks = [i for i, v in enumerate(values) if v is None]
        typed = sum(v for v in values if v is not None)
        if blanks and typed > total and all(v is None or 0 <= v <= total for v in values):
            # What is left would be negative: say what the numbers typed add up to.
            self.errors[key].append(
                describe(Problem.of(key, COUNTS_ADD_UP[of], prefix=False, got=typed, total=total))
            )
            return None
        if len(blanks) == 1 or (blanks and typed == total):
            for i in blanks:
                values[i] = total - typed if len(blanks) == 1 else 0
        if any(v is None for v in values):
            self.errors[key].append(_("Enter a number for each player."))
            return None
        return tuple(v for v in values if v is not None)

    def cards(self, card: str) -> tuple[int, ...] | None:
        """Counts entered card by card: who took each queen."""
        takers = []
        for suit in SUIT_KEYS:
            seat = _seat(self.value(f"{card}_{suit}"), self.n)
            if seat is None:
                self.errors[f"{card}_{suit}"].append(
                    _("Who took the queen of %(suit)s?", suit=suit_name(suit))
                )
            takers.append(seat)
        return tuple(takers.count(s) for s in range(self.n))

    def order(self, key: str) -> tuple[int, ...] | None:
        places = [_seat(self.value(f"place_{p + 1}"), self.n) for p in range(self.n)]
        chosen = [p for p in places if p is not None]
        if len(chosen) == self.n - 1 and len(set(chosen)) == len(chosen):
            # The one place left goes to the one player left (usually the last place).
            places[places.index(None)] = (set(range(self.n)) - set(chosen)).pop()
        if any(p is None for p in places):
            self.errors[key].append(_("Say in what order every player went out."))
            return None
        return tuple(p for p in places if p is not None)


def read_doubles(
    form: DealForm, declarer: int, contract: Contract, rules: Rules
) -> frozenset[tuple[int, int]]:
    """The doubles ticked, with "maximum" expanded in turn order (the declarer last)."""
    doubles: set[tuple[int, int]] = set()
    if rules.doubling.value == "none":
        return frozenset()
    if form["all_doubled"].data:
        doubles |= {(p, declarer) for p in range(rules.players) if p != declarer}
    for player in doubling_order(declarer, rules.players):
        for other in range(rules.players):
            if other != player and form[f"dbl_{player}_{other}"].data:
                doubles.add((player, other))
        if form[f"max_{player}"].data:
            doubles |= maximum(player, declarer, contract, rules, doubles)
    return frozenset(doubles)


def read_deal(form: DealForm, contract: Contract, declarer: int, rules: Rules) -> Deal:
    """The deal entered on the form; Invalid with messages by section."""
    reader = _Reader(form, rules)
    doubles = read_doubles(form, declarer, contract, rules)
    trump = form["trump"].data if contract.names_suit else None
    if contract.names_suit and trump not in SUIT_KEYS:
        reader.errors["trump"].append(_("Choose the trump suit."))
    rank = (form["rank"].data or None) if contract.names_rank else None
    result = None
    if not rules.settles(contract, bool(doubles)):
        values = [(part.key, reader.part(part)) for part in contract.parts]
        if not reader.errors:
            result = Result(tuple((k, v) for k, v in values if v is not None))
    if reader.errors:
        raise Invalid(dict(reader.errors))
    return Deal(contract, doubles, result, Suit(trump) if trump else None, rank)


def problems_by_section(error: GameError, number: int, contract: Contract) -> Errors:
    """The engine's problems keyed by form section; problems in other deals go under "game"."""
    sections = {"contract", "trump", "rank", "doubles", *(p.key for p in contract.parts)}
    errors: Errors = defaultdict(list)
    for p in error.problems:
        message = describe(p).removeprefix(f"{p.field}: ")
        if p.deal not in (None, number):
            errors["game"].append(_("This makes deal %(n)s illegal: %(m)s", n=p.deal, m=message))
        else:
            errors[p.field if p.field in sections else "result"].append(message)
    return dict(errors)


def fill_form(
    form: DealForm, deal: Deal, declarer: int, rules: Rules, detail: dict[str, Any] | None = None
) -> None:
    """Show `deal` on the form exactly as it was entered; `detail` holds what the result does not
    (who took which queen)."""
    for a, b in deal.doubles:
        form[f"dbl_{a}_{b}"].data = True
    if rules.doubling.value != "none":
        form["all_doubled"].data = all(
            (p, declarer) in deal.doubles for p in range(rules.players) if p != declarer
        )
    for seat in range(rules.players):
        if rules.doubling.value != "none" and marks_of(seat, deal, declarer, rules).maximum:
            form[f"max_{seat}"].data = True
    if deal.trump:
        form["trump"].data = deal.trump.value
    if deal.rank:
        form["rank"].data = deal.rank
    if deal.result is not None:
        fill_result(form, deal.contract, deal.result, detail or {})


def fill_result(form: DealForm, contract: Contract, result: Result, detail: dict[str, Any]) -> None:
    for part in contract.parts:
        match part:
            case Counts(key=key, by_card=card) if card:
                by_suit = detail.get(key) or {}
                counts = result.counts(key)
                if sorted(by_suit.values()) != sorted(s for s, n in enumerate(counts) for _ in range(n)):
                    by_suit = dict(
                        zip(SUIT_KEYS, (s for s, n in enumerate(counts) for _ in range(n)), strict=False)
                    )
                for suit, seat in by_suit.items():
                    form[f"{card}_{suit}"].data = str(seat)
            case Counts(key=key):
                for seat, n in enumerate(result.counts(key)):
                    form[f"{key}_{seat}"].data = str(n)
            case Taker(key=key):
                form[key].data = str(result.seat(key))
            case Order(key=key):
                for place, seat in enumerate(result.counts(key)):
                    form[f"place_{place + 1}"].data = str(seat)
            case Group(key=key):
                form[key].data = [str(s) for s in result.counts(key)]


def entry_detail(form: DealForm, contract: Contract) -> dict[str, Any]:
    """What the form says that the result does not keep: who took which queen."""
    detail: dict[str, Any] = {}
    for part in contract.parts:
        if isinstance(part, Counts) and part.by_card:
            picked = {s: form[f"{part.by_card}_{s}"].data for s in SUIT_KEYS}
            detail[part.key] = {s: int(v) for s, v in picked.items() if v and v.isdecimal() and len(v) < 3}
    return detail
