"""The deal form, declared from the contract's entry, and filled from a stored deal.

Each part of the contract's result brings its field, named by the part's key: a
list of numbers (one per player), a chip per player, or a list of such choices
(one per place or card), so a new contract made of known parts needs nothing
here. The doubles are one list of tick boxes, and `result` holds what the engine
says of the result as a whole. Reading a posted form back into a Deal is in
`reading`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, assert_never

from flask_babel.speaklater import LazyString
from wtforms import BooleanField, SelectChoice, SelectField

from scorekeeper.present.i18n import digits
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
)
from scorekeeper.scoring.marks import marks_of
from scorekeeper.web.common.forms import DealForm

from .fields import CountField, FixedList, Section, seat_field, seats_field, suit_field

SUIT_KEYS = tuple(s.value for s in Suit)


def form_class(contract: Contract, rules: Rules) -> type[DealForm]:
    """The form for a deal of `contract` under `rules`: the common fields and the result's."""
    return _form_class(contract, rules.players, rules.doubling.value != "none", rules.deck.ranks)


@cache
def _form_class(contract: Contract, n: int, doubling: bool, ranks: tuple[str, ...]) -> type[DealForm]:
    fields: dict[str, Any] = {}
    if contract.names_suit:
        fields["trump"] = suit_field(SUIT_KEYS)
    if contract.names_rank:
        # A rank's label in the reader's digits, worked out when the page is rendered.
        labels = [SelectChoice("", "–"), *(SelectChoice(r, LazyString(digits, r)) for r in ranks)]
        fields["rank"] = SelectField(choices=labels, default="")
    if doubling:
        names = ["all_doubled"]
        for a in range(n):
            names += [f"max_{a}", *(f"dbl_{a}_{b}" for b in range(n) if b != a)]
        fields["doubles"] = FixedList(BooleanField(), tuple(names))
    for part in contract.parts:
        match part:
            case Counts(key=key, by_card=card) if card:
                fields[key] = FixedList(seat_field(n), tuple(f"{card}_{s}" for s in SUIT_KEYS))
            case Counts(key=key):
                fields[key] = FixedList(CountField(), tuple(f"{key}_{s}" for s in range(n)))
            case Taker(key=key):
                fields[key] = seat_field(n)
            case Order(key=key):
                fields[key] = FixedList(seat_field(n), tuple(f"place_{p + 1}" for p in range(n)))
            case Group(key=key):
                fields[key] = seats_field(n)
            case _:
                assert_never(part)
    # The engine's problems with the result as a whole (it is missing, or should not be there).
    fields["result"] = Section()
    return type(f"DealForm_{contract.id.replace('-', '_')}", (DealForm,), fields)


def fill_form(
    form: DealForm, deal: Deal, declarer: int, rules: Rules, detail: dict[str, Any] | None = None
) -> None:
    """Show `deal` on the form exactly as it was entered; `detail` holds what the result does not
    (who took which queen)."""
    if rules.doubling.value != "none":
        doubles = form["doubles"]
        for a, b in deal.doubles:
            doubles[f"dbl_{a}_{b}"].data = True
        doubles["all_doubled"].data = all(
            (p, declarer) in deal.doubles for p in range(rules.players) if p != declarer
        )
        for seat in range(rules.players):
            if marks_of(seat, deal, declarer, rules).maximum:
                doubles[f"max_{seat}"].data = True
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
                    form[key][f"{card}_{suit}"].data = seat
            case Counts(key=key):
                for entry, n in zip(form[key], result.counts(key), strict=True):
                    entry.data = n
            case Taker(key=key):
                form[key].data = result.seat(key)
            case Order(key=key):
                for entry, seat in zip(form[key], result.counts(key), strict=True):
                    entry.data = seat
            case Group(key=key):
                form[key].data = list(result.counts(key))
            case _:
                assert_never(part)


def entry_detail(form: DealForm, contract: Contract) -> dict[str, Any]:
    """What the form says that the result does not keep: who took which queen."""
    detail: dict[str, Any] = {}
    for part in contract.parts:
        if isinstance(part, Counts) and part.by_card:
            picked = {s: form[part.key][f"{part.by_card}_{s}"].data for s in SUIT_KEYS}
            detail[part.key] = {s: v for s, v in picked.items() if isinstance(v, int)}
    return detail
