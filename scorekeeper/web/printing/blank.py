"""The blank sheet's form: how many play, their names, the paper, and the rule options that change
the sheet (`common.sheet_options`), each offered as the engine describes it.

A box to tick that changes which contracts are played (Ravage City) is offered as the two sets of
contracts, each with its number of deals, worked out from the rules themselves."""

from __future__ import annotations

from functools import cache
from typing import Any, assert_never

from flask_babel.speaklater import LazyString
from wtforms import BooleanField, HiddenField, RadioField, SelectChoice, StringField
from wtforms.validators import Length

from scorekeeper.present.i18n import digits, ngettext
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.present.option_words import option_words
from scorekeeper.present.vocabulary import contract_name
from scorekeeper.scoring import Choice, Flag, GameError, GameKind, Number, Option, Rules
from scorekeeper.scoring.options import Setting
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.numbers import strip_text
from scorekeeper.web.common.rules_form import salad_fields
from scorekeeper.web.common.rules_reading import makeup_of
from scorekeeper.web.common.sheet_options import sheet_options

ON, OFF = "y", "n"


class BlankSheetForm(Form):
    """What every blank sheet asks; the game's own options come from `blank_form`."""

    class Meta:
        csrf = False  # it only asks for a PDF, by a link one may bookmark

    game = HiddenField()
    paper = RadioField(
        _l("Paper"),
        choices=[SelectChoice("a4", LazyString(digits, "A4")), SelectChoice("letter", _l("US Letter"))],
        default="a4",
    )
    orientation = RadioField(
        _l("Orientation"),
        choices=[SelectChoice("portrait", _l("Portrait")), SelectChoice("landscape", _l("Landscape"))],
        default="portrait",
    )


def usual_players(game: GameKind) -> int:
    """The table size a blank sheet is first shown for."""
    return game.usual_players or game.players[0]


def blank_options(game: GameKind) -> tuple[Option, ...]:
    """The options that change the sheet at any of the game's table sizes, in the game's order."""
    found = {o.key: o for n in game.players for o in sheet_options(game, n)}
    return tuple(o for o in game.options if o.key in found)


def changes_contracts(game: GameKind, option: Option) -> bool:
    """True for a box to tick that adds or removes contracts."""
    if not isinstance(option, Flag):
        return False
    players = usual_players(game)
    on = Rules(game, players, ((option.key, not option.default),))
    return on.contracts != Rules.of(game, players).contracts


def _field(game: GameKind, option: Option) -> Any:
    match option:
        case Choice():
            # Words that count deals count those of the game's usual table with that choice.
            labels = [
                LazyString(option_words, label, game, usual_players(game), **{option.key: value})
                for value, label in zip(option.values, option.labels, strict=True)
            ]
            choices = [SelectChoice(str(v), label) for v, label in zip(option.values, labels, strict=True)]
            return RadioField(_l(option.label), choices=choices, default=str(option.default))
        case Flag() if changes_contracts(game, option):
            # Its choices' words count the contracts and deals of the table size asked for (`label`).
            return RadioField(
                _l("Contracts"),
                choices=[SelectChoice(OFF, OFF), SelectChoice(ON, ON)],
                default=ON if option.default else OFF,
            )
        case Flag():
            return BooleanField(_l(option.label), default=option.default)
        case Number():
            values = [SelectChoice(str(n), LazyString(digits, n)) for n in range(option.low, option.high + 1)]
            return RadioField(_l(option.label), choices=values, default=str(option.default))
        case _:
            assert_never(option)


@cache
def blank_form(game: GameKind) -> type[BlankSheetForm]:
    """The blank sheet's form of `game`."""
    fields: dict[str, Any] = {
        "players": RadioField(
            _l("Number of players"),
            choices=[SelectChoice(n, LazyString(_players, n)) for n in game.players],
            coerce=_table_size,
            default=usual_players(game),
        )
    }
    for seat in range(game.players[-1]):
        fields[f"player_{seat}"] = StringField(
            _l("Player %(n)s", n=seat + 1),
            validators=[Length(max=40, message=_l("At most 40 characters."))],
            filters=[strip_text],
        )
    fields |= {option.key: _field(game, option) for option in blank_options(game)}
    if game.contract("salad") is not None:  # its make-up is printed in the sheet's points key
        fields |= salad_fields()
    return type(f"BlankSheetForm_{game.id.replace('-', '_')}", (BlankSheetForm,), fields)


def _players(n: int) -> str:
    return ngettext("%(num)s player", "%(num)s players", n)


def _table_size(value: Any) -> int | None:
    """A posted table size as a number (WTForms' coercion); anything else is no choice offered."""
    if isinstance(value, int):
        return value
    text = str(value)
    return int(text) if text.isdecimal() and len(text) < 3 else None


def label(form: BlankSheetForm, game: GameKind, players: int) -> None:
    """Word the choices that change the contracts with their counts at `players` players."""
    for option in blank_options(game):
        if not changes_contracts(game, option):
            continue
        off = Rules(game, players, ((option.key, False),))
        on = Rules(game, players, ((option.key, True),))
        added = [c for c in on.contracts if c not in off.contracts]
        off_words = ngettext(
            "The %(contracts)s contracts (%(num)s deal)",
            "The %(contracts)s contracts (%(num)s deals)",
            off.total_deals,
            contracts=len(off.contracts),
        )
        names = ", ".join(contract_name(c) for c in added)
        on_words = ngettext(
            "With %(contract)s (%(num)s deal)",
            "With %(contract)s (%(num)s deals)",
            on.total_deals,
            contract=names,
        )
        form[option.key].choices = [SelectChoice(OFF, off_words), SelectChoice(ON, on_words)]


def _setting(option: Option, data: Any) -> Setting:
    match option:
        case Choice():
            return next(v for v in option.values if str(v) == data)
        case Flag():
            return data is True or data == ON
        case Number():
            return int(data)
        case _:
            assert_never(option)


def blank_rules(form: BlankSheetForm, game: GameKind) -> Rules | None:
    """The rules of the (validated) form, or None with the engine's problems on the fields."""
    players = form.players.data
    settings = []
    for option in blank_options(game):
        value = _setting(option, form[option.key].data)
        if value != option.default:  # the game's defaults stay implicit, as in a new game's file
            settings.append((option.key, value))
    try:
        return Rules(game, players, tuple(settings), None, makeup_of(form))
    except GameError as error:
        for problem in error.problems:
            key = problem.field.removeprefix("rules.").replace("salad.", "salad_")
            target = form._fields.get(key, form.players)
            target.errors = [*target.errors, describe(problem).removeprefix(f"{problem.field}: ")]
        return None
