"""The new-game form, declared per game from its description, and the rules it makes.

Player fields follow the game's player count; each rule option of the game
becomes a field (a choice, a box to tick or a number); the custom points get
one field per number of each priced contract. Nothing here names a game or an
option: they all come from the engine's entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, assert_never

from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import DataRequired, Length

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.present.i18n import number
from scorekeeper.scoring import Choice, Flag, GameError, GameKind, Number, Points, Rules
from scorekeeper.scoring.options import Setting
from scorekeeper.scoring.points import between
from scorekeeper.scoring.scoring_rules import ByPlace, size

from .language import describe
from .numbers import parse_int, strip_text

CUSTOM = "custom"


def point_field(contract_id: str, index: int) -> str:
    """The name of the custom points field for number `index` of a contract."""
    return f"pt_{contract_id.replace('-', '_')}_{index}"


def priced(game: GameKind, players: int) -> list[tuple[Any, int]]:
    """Each contract of the game with its own points, and how many numbers they are."""
    return [(c, n) for c in game.contracts if (n := size(c.scoring, players))]


class NewGameForm(FlaskForm):
    """The fields every game's form has; the rest come from `new_game_form`."""

    game = HiddenField()
    players = HiddenField()
    first_declarer = RadioField(_l("First declarer"), default="random", validate_choice=False)
    scheme = SelectField(_l("Points"), default="standard")


def _option_field(option: Choice | Flag | Number) -> Any:
    match option:
        case Choice():
            labels = [_l(label) for label in option.labels]
            choices = [SelectChoice(str(v), label) for v, label in zip(option.values, labels, strict=True)]
            return SelectField(_l(option.label), choices=choices, default=str(option.default))
        case Flag():
            return BooleanField(_l(option.label), default=option.default)
        case Number():
            # Labels in the reader's digits, worked out when the page is rendered (the form is made once).
            values = [SelectChoice(str(n), LazyString(number, n)) for n in range(option.low, option.high + 1)]
            return SelectField(_l(option.label), choices=values, default=str(option.default))
        case _:
            assert_never(option)


@cache
def new_game_form(game: GameKind, players: int) -> type[NewGameForm]:
    """The new-game form of `game` for `players` players."""
    fields: dict[str, Any] = {}
    for seat in range(players):
        fields[f"player_{seat}"] = StringField(
            _l("Player %(n)s", n=seat + 1),
            validators=[
                DataRequired(_l("Enter a name.")),
                Length(max=40, message=_l("At most 40 characters.")),
            ],
            filters=[strip_text],
        )
    for option in game.options:
        fields[option.key] = _option_field(option)
    for contract, count in priced(game, players):
        fields.update({point_field(contract.id, i): StringField(filters=[strip_text]) for i in range(count)})
    return type(f"NewGameForm_{game.id.replace('-', '_')}_{players}", (NewGameForm,), fields)


def scheme_choices(game: GameKind) -> dict[str, str]:
    """The named points of the game, then the players' own."""
    names = {
        "standard": _("Standard"),
        "barbu-15": _("Barbu −15, dominoes 40/20/10/−10"),
        "dominoes-30": _("Barbu −15, dominoes 30/20/10/0"),
        "brader": _("Heavier penalties, not zero-sum (game totals −684 with Ravage City)"),
    }
    named = [k for k, _v in game.schemes] or ["standard"]
    return {k: names.get(k, k) for k in named} | {CUSTOM: _("Custom points")}


def fill_points(form: NewGameForm, points: Points, game: GameKind, players: int) -> None:
    """Show `points` in the custom points fields."""
    for contract, count in priced(game, players):
        values = points.get(contract.id) or ()
        for i in range(count):
            form[point_field(contract.id, i)].data = str(values[i]) if i < len(values) else ""


def _custom_points(form: NewGameForm, game: GameKind, players: int) -> Points | None:
    values: dict[str, tuple[int, ...]] = {}
    complete = True
    for contract, count in priced(game, players):
        fields = [form[point_field(contract.id, i)] for i in range(count)]
        if isinstance(contract.scoring, ByPlace) and count > 2 and not any(f.data for f in fields[1:-1]):
            ends = _ends(fields[0], fields[-1])
            if ends is not None:  # the places between evenly spaced, as a file may give them
                values[contract.id] = between(*ends, count)
                for spaced, number in zip(fields, values[contract.id], strict=True):
                    spaced.data = str(number)
                continue
        numbers = []
        for i in range(count):
            field = form[point_field(contract.id, i)]
            try:
                value = parse_int(field.data)
            except ValueError:
                value = None
            if value is None:
                field.errors = [_("Enter a whole number.")]
                complete = False
            numbers.append(value or 0)
        values[contract.id] = tuple(numbers)
    return Points.build(values) if complete else None


def _ends(first: Any, last: Any) -> tuple[int, int] | None:
    """The first and last places' numbers, when both are whole numbers."""
    try:
        a, b = parse_int(first.data), parse_int(last.data)
    except ValueError:
        return None
    return None if a is None or b is None else (a, b)


def _setting(option: Choice | Flag | Number, data: Any) -> Setting | None:
    """The value chosen on the form for `option`, None when it is not one of the option's."""
    match option:
        case Choice():
            return next((v for v in option.values if str(v) == data), None)
        case Flag():
            return bool(data)
        case Number():
            text = str(data)
            number = int(text) if text.isdecimal() and len(text) < 3 else None
            return number if number is not None and option.low <= number <= option.high else None
        case _:
            assert_never(option)


@dataclass(frozen=True)
class PointsReport:
    """Whether the points are zero-sum, and dominoes values that would make them so."""

    zero_sum: bool
    game_total: int | None
    balanced: Points | None


def report_for(rules: Rules) -> PointsReport:
    """The zero-sum report of the rules' points: zero-sum whatever the declarers choose."""
    menu = rules.menu
    dominoes = next((c for c in rules.contracts if isinstance(c.scoring, ByPlace)), None)
    balanced = None
    if dominoes is not None:
        values = rules.values(dominoes)
        others = [c for slot in menu.slots for c in slot[:1] if dominoes not in slot]
        missing = -sum(rules.contract_total(c) for c in others) - sum(values)
        share, remainder = divmod(missing, len(values))
        fixed = tuple(v + share + (1 if i < remainder else 0) for i, v in enumerate(values))
        balanced = rules.scheme.changed(dominoes=fixed)
    return PointsReport(rules.zero_sum, rules.expected_game_total, balanced)


def build_rules(form: NewGameForm, game: GameKind, players: int) -> tuple[Rules | None, PointsReport | None]:
    """The rules chosen on the form, or None with errors on the fields; and the points report."""
    custom = form.scheme.data == CUSTOM
    # "standard" is left to Rules, which picks the standard points of the deck chosen.
    named = None if form.scheme.data == "standard" else dict(game.schemes).get(form.scheme.data or "")
    points = _custom_points(form, game, players) if custom else named
    if custom and points is None:
        return None, None
    chosen = {o.key: _setting(o, form[o.key].data) for o in game.options}
    settings = {k: v for k, v in chosen.items() if v is not None}
    if len(settings) < len(chosen):  # the form's own checks say which (a tampered post)
        return None, None
    if settings.get("doubling") == "none" and "compulsory_doubles" in settings:
        settings["compulsory_doubles"] = 0
    try:
        rules = Rules(game, players, tuple(settings.items()), points)
    except GameError as error:
        for problem in error.problems:
            _place(form, problem.field, describe(problem), game, players)
        return None, None
    return rules, (report_for(rules) if custom else None)


def _place(form: NewGameForm, field: str, message: str, game: GameKind, players: int) -> None:
    """Put an engine problem about `field` (rules.key or rules.scheme.contract) on its field."""
    key = field.removeprefix("rules.")
    if key.startswith("scheme."):
        name = point_field(key.removeprefix("scheme."), 0)
        target = form._fields.get(name, form.scheme)
    else:
        target = form._fields.get(key, form.scheme)
    target.errors = [*target.errors, message.removeprefix(f"{field}: ")]
