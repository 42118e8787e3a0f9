"""Turning the deal form into a Deal, and the engine's problems into messages by field.

Every message is kept by form section ("doubles", "tricks", ...) so the page
shows it next to what the player entered.
"""

from __future__ import annotations

from collections import defaultdict

from flask_babel import gettext as _

from ..scoring import (
    Contract,
    Deal,
    Dominoes,
    GameError,
    Hearts,
    King,
    LastTwo,
    Queens,
    Ravage,
    Result,
    Rules,
    Tricks,
    Trump,
    doubling_order,
    maximum,
)
from .forms import SUIT_KEYS, DealForm
from .language import describe
from .numbers import parse_int

Errors = dict[str, list[str]]


class Invalid(Exception):
    """The form cannot become a deal; `errors` says why, by section."""

    def __init__(self, errors: Errors) -> None:
        super().__init__(errors)
        self.errors = errors


def problems_by_section(error: GameError, number: int) -> Errors:
    """The engine's problems keyed by form section; problems in other deals go under "game"."""
    errors: Errors = defaultdict(list)
    for p in error.problems:
        message = describe(p).removeprefix(f"{p.field}: ")
        if p.deal not in (None, number):
            errors["game"].append(_("This makes deal %(n)s illegal: %(m)s", n=p.deal, m=message))
        else:
            errors[p.field if p.field in SECTIONS else "result"].append(message)
    return dict(errors)


SECTIONS = frozenset(
    {"contract", "trump", "rank", "doubles", "result", "tricks", "queens", "hearts", "ace"}
    | {"penultimate", "last", "king", "order", "most", "game"}
)


def _seat(value: str | None) -> int | None:
    return int(value) if value in ("0", "1", "2", "3") else None


def read_doubles(
    form: DealForm, declarer: int, contract: Contract, rules: Rules
) -> frozenset[tuple[int, int]]:
    """The doubles ticked, with "maximum" expanded in turn order (the declarer last)."""
    doubles: set[tuple[int, int]] = set()
    for player in doubling_order(declarer):
        for other in range(4):
            if other != player and getattr(form, f"dbl_{player}_{other}").data:
                doubles.add((player, other))
        if getattr(form, f"max_{player}").data:
            doubles |= maximum(player, declarer, contract, rules, doubles)
    return frozenset(doubles)


def _counts(form: DealForm, prefix: str, total: int, errors: Errors, section: str) -> tuple[int, ...] | None:
    """Four counts; one left blank is filled in so that they add up to `total`."""
    values: list[int | None] = []
    for seat in range(4):
        try:
            values.append(parse_int(getattr(form, f"{prefix}_{seat}").data))
        except ValueError:
            errors[section] = [_("Enter whole numbers.")]
            return None
    blanks = [i for i, v in enumerate(values) if v is None]
    if len(blanks) == 1:
        values[blanks[0]] = total - sum(v for v in values if v is not None)
    if any(v is None for v in values):
        errors[section] = [_("Enter a number for each player.")]
        return None
    return tuple(v for v in values if v is not None)


def _pick(form: DealForm, name: str, errors: Errors, message: str) -> int:
    seat = _seat(getattr(form, name).data)
    if seat is None:
        errors[name] = [message]
        return -1
    return seat


def _order(form: DealForm, errors: Errors) -> tuple[int, ...]:
    places = [_seat(getattr(form, f"place_{n}").data) for n in range(1, 5)]
    chosen = [p for p in places if p is not None]
    if len(chosen) == 3 and places[3] is None and len(set(chosen)) == 3:
        places[3] = ({0, 1, 2, 3} - set(chosen)).pop()
    if any(p is None for p in places):
        errors["order"] = [_("Say who went out first, second, third and last.")]
    return tuple(p if p is not None else -1 for p in places)


def read_result(form: DealForm, contract: Contract) -> Result:
    """The result entered for `contract`; Invalid when something is missing or impossible."""
    errors: Errors = {}
    result: Result | None = None
    try:
        result = _read(form, contract, errors)
    except GameError as error:
        for p in error.problems:
            errors.setdefault(p.field, []).append(describe(p).removeprefix(f"{p.field}: "))
    if errors or result is None:
        raise Invalid(errors or {"result": [_("Enter the result.")]})
    return result


def _read(form: DealForm, contract: Contract, errors: Errors) -> Result | None:
    if contract in (Contract.NO_TRICKS, Contract.TRUMPS):
        tricks = _counts(form, "tricks", 13, errors, "tricks")
        return None if tricks is None else Tricks((tricks[0], tricks[1], tricks[2], tricks[3]))
    if contract is Contract.NO_QUEENS:
        takers = [_pick(form, f"queen_{s}", errors, _("Who took this queen?")) for s in SUIT_KEYS]
        if errors:
            return None
        q = [takers.count(seat) for seat in range(4)]
        return Queens((q[0], q[1], q[2], q[3]))
    if contract is Contract.NO_LAST_TWO:
        pen = _pick(form, "penultimate", errors, _("Who took trick 12?"))
        last = _pick(form, "last", errors, _("Who took trick 13?"))
        return None if errors else LastTwo(pen, last)
    if contract is Contract.NO_HEARTS:
        hearts = _counts(form, "hearts", 13, errors, "hearts")
        ace = _pick(form, "ace", errors, _("Who took the ace of hearts?"))
        return None if errors or hearts is None else Hearts((hearts[0], hearts[1], hearts[2], hearts[3]), ace)
    if contract is Contract.BARBU:
        king = _pick(form, "king", errors, _("Who took the king of hearts?"))
        return None if errors else King(king)
    if contract is Contract.DOMINOES:
        order = _order(form, errors)
        return None if errors else Dominoes((order[0], order[1], order[2], order[3]))
    most = tuple(sorted(s for s in (_seat(v) for v in form.most.data or []) if s is not None))
    if not most:
        errors["most"] = [_("Tick the player, or the tied players, with the most cards of one suit.")]
        return None
    return Ravage(most)


def read_deal(form: DealForm, contract: Contract, declarer: int, rules: Rules) -> Deal:
    """The deal entered on the form; Invalid with messages by section."""
    errors: Errors = {}
    doubles = read_doubles(form, declarer, contract, rules)
    trump = form.trump.data if contract is Contract.TRUMPS and form.trump.data in set(Trump) else None
    rank = (form.rank.data or None) if contract is Contract.DOMINOES else None
    result = None
    if not rules.settles(contract, bool(doubles)):
        try:
            result = read_result(form, contract)
        except Invalid as invalid:
            errors.update(invalid.errors)
    if errors:
        raise Invalid(errors)
    try:
        return Deal(contract, doubles, result, Trump(trump) if trump else None, rank)
    except GameError as error:
        raise Invalid(problems_by_section(error, 0)) from None
