"""The rule options of the new-game form, and custom points with their zero-sum report."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import gettext as _

from ..scoring import SCHEMES, Doubling, GameError, Rotation, Rules, Scheme, Undoubled
from .forms import POINT_FIELDS, NewGameForm
from .numbers import parse_int


def _scheme_choices() -> dict[str, str]:
    return {
        "standard": _("Standard (Barbu −20, dominoes 45/20/5/−5)"),
        "barbu-15": _("Barbu −15, dominoes 40/20/10/−10"),
        "dominoes-30": _("Barbu −15, dominoes 30/20/10/0"),
        "brader": _("Heavier penalties, not zero-sum (game totals −684 with Ravage City)"),
        "custom": _("Custom points"),
    }


RULE_CHOICES: dict[str, Callable[[], dict[str, str]]] = {
    "scheme": _scheme_choices,
    "doubling": lambda: {
        "standard": _("Standard: anyone may double anyone in negative contracts"),
        "declarer-only": _("Only the declarer may be doubled"),
        "none": _("No doubling"),
    },
    "undoubled_negative": lambda: {
        "play": _("Play it out"),
        "settle": _("Settle without play: each opponent scores a third of the total"),
    },
    "rotation": lambda: {
        "blocks": _("Seven deals in a row per declarer"),
        "every-deal": _("The declarer moves one seat left every deal"),
    },
}


def fill_points(form: NewGameForm, scheme: Scheme) -> None:
    """Show `scheme`'s values in the custom points fields."""
    values = {
        "no_tricks": scheme.no_tricks,
        "no_queens": scheme.no_queens,
        "last_12": scheme.no_last_two[0],
        "last_13": scheme.no_last_two[1],
        "heart": scheme.heart,
        "ace": scheme.ace,
        "barbu": scheme.barbu,
        "trumps": scheme.trumps,
        "dom_1": scheme.dominoes[0],
        "dom_2": scheme.dominoes[1],
        "dom_3": scheme.dominoes[2],
        "dom_4": scheme.dominoes[3],
        "ravage": scheme.ravage_city,
    }
    for name, value in values.items():
        getattr(form, f"pt_{name}").data = str(value)


def _custom_scheme(form: NewGameForm) -> Scheme | None:
    values: dict[str, int] = {}
    for name in POINT_FIELDS:
        field = getattr(form, f"pt_{name}")
        try:
            value = parse_int(field.data)
        except ValueError:
            value = None
        if value is None:
            field.errors = [_("Enter a whole number.")]
        else:
            values[name] = value
    if len(values) < 13:
        return None
    try:
        return Scheme(
            no_tricks=values["no_tricks"],
            no_queens=values["no_queens"],
            no_last_two=(values["last_12"], values["last_13"]),
            heart=values["heart"],
            ace=values["ace"],
            barbu=values["barbu"],
            trumps=values["trumps"],
            dominoes=(values["dom_1"], values["dom_2"], values["dom_3"], values["dom_4"]),
            ravage_city=values["ravage"],
        )
    except GameError:
        form.pt_ravage.errors = [_("Ravage City must be a multiple of 12 so that ties share it evenly.")]
        return None


@dataclass(frozen=True)
class PointsReport:
    """Whether a scheme is zero-sum, and dominoes values that would make it so."""

    zero_sum: bool
    game_total: int
    balanced: Scheme


def report_for(rules: Rules) -> PointsReport:
    """The zero-sum report of the rules' scheme."""
    scheme = rules.scheme
    balanced = dataclasses.replace(scheme, dominoes=scheme.balancing_dominoes(rules.contracts), name=None)
    return PointsReport(rules.zero_sum, rules.expected_game_total, balanced)


def points_report(form: NewGameForm) -> PointsReport | None:
    """The report for the custom points as typed, if they are complete."""
    if form.scheme.data != "custom":
        return None
    scheme = _custom_scheme(form)
    return None if scheme is None else report_for(Rules(scheme=scheme, ravage_city=form.ravage_city.data))


def build_rules(form: NewGameForm) -> tuple[Rules | None, PointsReport | None]:
    """The rules chosen on the form, or None with errors on the fields; and the points report."""
    if form.scheme.data == "custom":
        scheme = _custom_scheme(form)
    else:
        scheme = SCHEMES.get(form.scheme.data or "standard")
    if scheme is None:
        return None, None
    doubling = Doubling(form.doubling.data)
    compulsory = 0 if doubling is Doubling.NONE else int(form.compulsory_doubles.data or 0)
    rules = Rules(
        scheme=scheme,
        ravage_city=bool(form.ravage_city.data),
        doubling=doubling,
        redouble_all=bool(form.redouble_all.data),
        compulsory_doubles=compulsory,
        undoubled_negative=Undoubled(form.undoubled_negative.data),
        rotation=Rotation(form.rotation.data),
        dealer_declares=bool(form.dealer_declares.data),
    )
    report = report_for(rules) if form.scheme.data == "custom" else None
    return rules, report
