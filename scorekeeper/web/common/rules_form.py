"""The rules form (the game, its points and rule options), declared per game from its description.

The new-game screen and the paper check's setup both build on it, each adding its own names and
first declarer. Each rule option of the game becomes a field (a choice, a box to tick or a
number); the custom points get one field per number of each priced contract. Nothing here names a
game or an option: they all come from the engine's entries. A game with a Salad (French Barbu) also
gets its make-up: the parts it adds, halved or not, a penalty or a reward. `rules_reading` turns the
form into `Rules`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, assert_never

from flask_babel.speaklater import LazyString
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import DataRequired, Length
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.present.i18n import number
from scorekeeper.present.option_words import option_words
from scorekeeper.present.vocabulary import point_label
from scorekeeper.scoring import Choice, Flag, GameKind, Number, Points
from scorekeeper.scoring.salad import DEFAULT, PIECES, Makeup, Scored
from scorekeeper.scoring.scoring_rules import size

from .forms import Form
from .numbers import strip_text

CUSTOM = "custom"

SALAD_PARTS = {
    "no-tricks": _l("No tricks"),
    "no-hearts": _l("No hearts"),
    "no-queens": _l("No queens"),
    "barbu": _l("Barbu (the king of hearts)"),
    "last-trick": _l("The last trick"),
    "no-last-two": _l("The last two tricks"),
}
"""The label of each tick box of what a Salad may add."""


def point_field(contract_id: str, index: int) -> str:
    """The name of the custom points field for number `index` of a contract."""
    return f"pt_{contract_id.replace('-', '_')}_{index}"


def priced(game: GameKind, players: int) -> list[tuple[Any, int]]:
    """Each contract of the game with its own points, and how many numbers they are."""
    return [(c, n) for c in game.contracts if (n := size(c.scoring, players))]


class RulesForm(Form):
    """The game and its rules, shared by the new-game and the paper-check screens; the rule
    options and custom points of each game come from `rules_form`."""

    game = HiddenField()
    players = HiddenField()
    scheme = SelectField(_l("Points"), default="standard")


class NewGameForm(RulesForm):
    """The rules, then the names and first declarer of a game about to be played."""

    first_declarer = RadioField(_l("First declarer"), default="random")


def _option_field(option: Choice | Flag | Number, game: GameKind, players: int) -> Any:
    match option:
        case Choice():
            # Words that count deals count those of this game at this table with that choice.
            labels = [
                LazyString(option_words, label, game, players, **{option.key: value})
                for value, label in zip(option.values, option.labels, strict=True)
            ]
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
def rules_form(game: GameKind, players: int) -> type[RulesForm]:
    """The rules form of `game` for `players` players: a field per rule option and per custom number."""
    fields: dict[str, Any] = {option.key: _option_field(option, game, players) for option in game.options}
    fields["rules_table"] = (game, players)  # what an option's hint counts (`option_hint`)
    for contract, count in priced(game, players):
        fields.update({point_field(contract.id, i): StringField(filters=[strip_text]) for i in range(count)})
    if game.contract("salad") is not None:
        fields.update(salad_fields())
    return type(f"RulesForm_{game.id.replace('-', '_')}_{players}", (RulesForm,), fields)


def salad_fields() -> dict[str, Any]:
    """The Salad's make-up: what it adds, halved or whole, a penalty or a reward."""
    return {
        # Sent with the fields: a form without them (a page cached before they existed) keeps the
        # default make-up, where no box ticked would otherwise read as a Salad of nothing.
        "salad": HiddenField(default="1"),
        "salad_parts": SelectMultipleField(
            _l("What the Salad adds"),
            choices=[SelectChoice(k, SALAD_PARTS[k]) for k in PIECES],  # the engine's order
            default=list(DEFAULT.parts),
            widget=ListWidget(prefix_label=False),
            option_widget=CheckboxInput(),
        ),
        "salad_halved": BooleanField(_l("The Salad's points are halved"), default=DEFAULT.halved),
        "salad_scored": RadioField(
            _l("The Salad is scored as"),
            choices=[
                SelectChoice(Scored.PENALTY.value, _l("A penalty, as the contracts it adds")),
                SelectChoice(Scored.REWARD.value, _l("A reward: every sign turned")),
            ],
            default=DEFAULT.scored.value,
        ),
    }


def fill_salad(form: RulesForm, makeup: Makeup | None) -> None:
    """Show `makeup` (the default when None) in the Salad's fields, where the game has a Salad."""
    if "salad_parts" in form:
        made = makeup or DEFAULT
        form["salad_parts"].data = list(made.parts)
        form["salad_halved"].data = made.halved
        form["salad_scored"].data = Scored(made.scored).value


@cache
def new_game_form(game: GameKind, players: int) -> type[NewGameForm]:
    """The new-game form of `game` for `players` players: its rules form and the names."""
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
    name = f"NewGameForm_{game.id.replace('-', '_')}_{players}"
    return type(name, (NewGameForm, rules_form(game, players)), fields)


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


def points_fields(form: RulesForm, game: GameKind, players: int) -> list[tuple[Any, str]]:
    """The custom points fields with their labels, in the order the screen shows them."""
    return [
        (form[point_field(contract.id, i)], point_label(contract, i, players))
        for contract, count in priced(game, players)
        for i in range(count)
    ]


def fill_points(form: RulesForm, points: Points, game: GameKind, players: int) -> None:
    """Show `points` in the custom points fields."""
    for contract, count in priced(game, players):
        values = points.get(contract.id) or ()
        for i in range(count):
            form[point_field(contract.id, i)].data = str(values[i]) if i < len(values) else ""
