"""The forms of "Check a paper sheet": the setup (game, names, rules) and the grid of figures.

The setup form is the game's rules form (the new-game screen's) with optional names and the first
declarer as a choice; only the rule options that change the sheet's rows, blocks or running totals
are shown (`common.sheet_options`: the others cannot change a figure). The grid form declares a
field per figure, from the rules.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from wtforms import Field, SelectChoice, SelectField, StringField
from wtforms.validators import Length, Optional, ValidationError

from scorekeeper.paper import PaperRow, PaperSheet
from scorekeeper.paper.sheet import deal_limit, total_limit
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.scoring import GameKind, Rules
from scorekeeper.web.common.forms import Form, no_direction_controls
from scorekeeper.web.common.numbers import parse_int, strip_text
from scorekeeper.web.common.rules_form import RulesForm, rules_form


class SetupForm(RulesForm):
    """The game and its rules, then the names (optional) and who declared first; from `setup_form`."""


@cache
def setup_form(game: GameKind, players: int) -> type[SetupForm]:
    """The setup form of `game` for `players` players: its rules form and the names."""
    fields: dict[str, Any] = {
        f"player_{seat}": StringField(
            _l("Player %(n)s", n=seat + 1),
            validators=[
                Optional(),
                Length(max=40, message=_l("At most 40 characters.")),
                no_direction_controls,
            ],
            filters=[strip_text],
        )
        for seat in range(players)
    }
    fields["first_declarer"] = SelectField(default="0", choices=[str(s) for s in range(players)])
    name = f"CheckSetup_{game.id.replace('-', '_')}_{players}"
    return type(name, (SetupForm, rules_form(game, players)), fields)


class GridForm(Form):
    """The figures of one sheet; its fields come from `grid_form`."""


class Figure:
    """A whole number typed in any digits, from −limit to limit; kept on the field as `number`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def __call__(self, form: Form, field: Field) -> None:
        field.number = None
        try:
            number = parse_int(field.data)
        except ValueError:
            raise ValidationError(_l("not a whole number")) from None
        if number is not None and abs(number) > self.limit:
            raise ValidationError(_l("beyond what the game allows (%(limit)s either way)", limit=self.limit))
        field.number = number


def score_field(row: int, seat: int) -> str:
    return f"s{row}_{seat}"


def running_field(round: int, seat: int) -> str:
    return f"t{round}_{seat}"


def contract_field(row: int) -> str:
    return f"c{row}"


# Bounded: a sheet's rules may carry custom points typed by the player, so there is no end to them.
@lru_cache(maxsize=64)
def grid_form(rules: Rules) -> type[GridForm]:
    """The grid form of a sheet under `rules`: a score field per player and row, a contract choice per
    row (none where the rules fix the contract), a running-total field per player and round."""
    blank = PaperSheet.blank(rules)
    per_deal, per_total = Figure(deal_limit(rules)), Figure(total_limit(rules))
    choices = [SelectChoice("", "—"), *(SelectChoice(k.id, k.short) for k in rules.contracts)]
    fields: dict[str, Any] = {}
    for i in range(len(blank.rows)):
        if blank.forced(i) is None:
            fields[contract_field(i)] = SelectField(default="", choices=choices)
        for seat in range(rules.players):
            fields[score_field(i, seat)] = StringField(filters=[strip_text], validators=[per_deal])
    for r in range(blank.rounds):
        for seat in range(rules.players):
            fields[running_field(r, seat)] = StringField(filters=[strip_text], validators=[per_total])
    return type("GridForm", (GridForm,), fields)


def read_sheet(form: GridForm, blank: PaperSheet) -> PaperSheet:
    """The sheet typed in the (validated) grid form; figures that could not be read count as blank."""
    rules, n = blank.rules, blank.rules.players

    def number(name: str) -> int | None:
        return getattr(form[name], "number", None)

    rows = []
    for i in range(len(blank.rows)):
        chosen = form._fields.get(contract_field(i))
        # The table's own contracts: a made-up Salad is not the game's default one.
        contract = rules.contract(chosen.data) if chosen is not None and chosen.data else None
        if contract is not None and contract not in rules.contracts:
            contract = None
        rows.append(PaperRow(tuple(number(score_field(i, s)) for s in range(n)), contract))
    running = tuple(tuple(number(running_field(r, s)) for s in range(n)) for r in range(blank.rounds))
    return PaperSheet(rules, tuple(rows), running, blank.names, blank.first)


def grid_data(sheet: PaperSheet) -> dict[str, str]:
    """The grid form's values for a kept sheet."""
    data: dict[str, str] = {}
    for i, row in enumerate(sheet.rows):
        data[contract_field(i)] = row.contract.id if row.contract else ""
        for seat, score in enumerate(row.scores):
            data[score_field(i, seat)] = "" if score is None else str(score)
    for r, line in enumerate(sheet.running):
        for seat, figure in enumerate(line):
            data[running_field(r, seat)] = "" if figure is None else str(figure)
    return data
