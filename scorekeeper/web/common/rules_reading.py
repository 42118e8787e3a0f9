"""The rules chosen on a rules form, with the engine's problems put on the fields they are about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, assert_never

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import number
from scorekeeper.present.vocabulary import contract_name
from scorekeeper.scoring import Choice, Flag, GameError, GameKind, Number, Points, Problem, Rules
from scorekeeper.scoring.options import Setting
from scorekeeper.scoring.points import between
from scorekeeper.scoring.salad import PIECES, Makeup, Scored
from scorekeeper.scoring.scoring_rules import ByPlace

from .language import describe
from .numbers import parse_int
from .rules_form import CUSTOM, RulesForm, point_field, priced


def _custom_points(form: RulesForm, game: GameKind, players: int) -> Points | None:
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


def build_rules(form: RulesForm, game: GameKind, players: int) -> tuple[Rules | None, PointsReport | None]:
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
        rules = Rules(game, players, tuple(settings.items()), points, makeup_of(form))
    except GameError as error:
        for problem in error.problems:
            salad = problem.field.startswith("rules.salad")
            message = _salad_message(problem, game) if salad else describe(problem)
            _place(form, problem.field, message, game, players)
        return None, None
    return rules, (report_for(rules) if custom else None)


def makeup_of(form: Any) -> Makeup | None:
    """The Salad's make-up ticked on the form; None in a game without a Salad."""
    if "salad_parts" not in form or not form["salad"].raw_data:
        return None
    ticked = form["salad_parts"].data or []
    scored = Scored.REWARD if form["salad_scored"].data == Scored.REWARD.value else Scored.PENALTY
    return Makeup(tuple(p for p in PIECES if p in ticked), bool(form["salad_halved"].data), scored)


def _salad_message(problem: Problem, game: GameKind) -> str:
    """An engine problem about the Salad in the form's words: it names a box, not a file's key."""
    params = dict(problem.params)
    if problem.field == "rules.salad.parts":
        return _("Tick at least one part.")
    if problem.field == "rules.salad.halved" and (contract := game.contract(str(params.get("c")))):
        return _(
            "Halving needs even points: %(contract)s gives %(n)s. Choose custom points with even values.",
            contract=contract_name(contract),
            n=number(int(str(params["n"]))),
        )
    return describe(problem)


def _place(form: RulesForm, field: str, message: str, game: GameKind, players: int) -> None:
    """Put an engine problem about `field` (rules.key, rules.scheme.contract or rules.salad.key) on
    its field."""
    key = field.removeprefix("rules.")
    if key.startswith("salad."):
        name = "salad_" + key.removeprefix("salad.").split("[")[0]
        target = form._fields.get(name, form.scheme)
    elif key.startswith("scheme."):
        name = point_field(key.removeprefix("scheme."), 0)
        target = form._fields.get(name, form.scheme)
    else:
        target = form._fields.get(key, form.scheme)
    target.errors = [*target.errors, message.removeprefix(f"{field}: ")]
