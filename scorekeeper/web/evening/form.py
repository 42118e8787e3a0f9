"""The one form of planning an evening: who is present, walk-ins, rounds, table sizes and games."""

from __future__ import annotations

from wtforms import IntegerField, SelectChoice, SelectField, SelectMultipleField, TextAreaField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.evening import PlanError, table_sizes
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import ngettext, number
from scorekeeper.storage.group_names import SPELLING_LIMIT, fold, storable
from scorekeeper.web.common.forms import Form

GAME_CHOICES = {3: ("barbu-3", "french"), 4: ("barbu", "barbette", "french"), 5: ("barbu-5", "french")}
MAX_PLAYERS = 40
MAX_ROUNDS = 8
LENGTHS = ("full", "barbette", "time")
"""A round is a full game, Barbette (at the tables of four: it is a game of four), or a time limit."""
MIN_MINUTES, MAX_MINUTES = 10, 240


class Ticks(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class PresentForm(Form):
    """Who is here: ticked names, and walk-ins typed in."""

    present = Ticks(validate_choice=False)
    walk_ins = TextAreaField()
    length = SelectField(choices=[SelectChoice(v, v) for v in LENGTHS], default="full")
    minutes = IntegerField(validators=[Optional(), NumberRange(MIN_MINUTES, MAX_MINUTES)])
    allowed: frozenset[int] = frozenset({3, 4, 5})
    """The table sizes the evening plays (the evening form reads them from its own field)."""

    def fill_present(self, names: list[str]) -> None:
        self.present.choices = [SelectChoice(n, n) for n in names]
        self.present.label.text = _("Who is here")
        self.walk_ins.label.text = _("Walk-ins, one name a line")
        self.length.label.text = _("Length of the round")
        self.length.choices = [
            SelectChoice("full", _("A full game")),
            SelectChoice("barbette", _("Barbette at the tables of four")),
            SelectChoice("time", _("A time limit")),
        ]
        self.minutes.label.text = _("Minutes, for a time limit")

    def round_length(self) -> dict[str, object]:
        """The round's length as the evening's plan stores it."""
        length = str(self.length.data) if self.length.data in LENGTHS else "full"
        minutes = int(self.minutes.data) if length == "time" and self.minutes.data else None
        return {"length": length, "minutes": minutes}

    def our_words(self) -> None:
        """A number out of range says so in the reader's language (WTForms' own words are not ours)."""
        if self.minutes.errors:
            self.minutes.errors = [
                _("A time limit is from %(low)s to %(high)s minutes.", low=MIN_MINUTES, high=MAX_MINUTES)
            ]

    def validate_length(self, field: SelectField) -> None:
        # Here, not on `minutes`: its Optional() stops its own checks when it is left empty.
        if field.data == "time" and self.minutes.data is None:
            raise ValidationError(
                _("A time limit is from %(low)s to %(high)s minutes.", low=MIN_MINUTES, high=MAX_MINUTES)
            )

    def players(self) -> list[str]:
        """Everyone present: the ticked names, then the walk-ins, each once."""
        chosen = {c.value for c in self.present.choices or [] if isinstance(c, SelectChoice)}
        names = [n for n in self.present.data or [] if n in chosen]
        names += [" ".join(line.split()) for line in (self.walk_ins.data or "").splitlines() if line.strip()]
        return names

    def chosen_sizes(self) -> frozenset[int]:
        return self.allowed

    def validate_walk_ins(self, field: TextAreaField) -> None:
        for line in (field.data or "").splitlines():
            name = " ".join(line.split())
            if len(name) > SPELLING_LIMIT or not storable(name):
                message = _("A name has at most %(n)s letters and no control characters.", n=SPELLING_LIMIT)
                raise ValidationError(message)

    def validate_present(self, field: Ticks) -> None:
        names = self.players()
        folded = [fold(n) for n in names]
        if len(set(folded)) != len(folded):
            raise ValidationError(_("Each player is named once: a walk-in has the name of a player here."))
        if len(names) > MAX_PLAYERS:
            raise ValidationError(_("An evening seats at most %(n)s players.", n=MAX_PLAYERS))
        sizes = self.chosen_sizes()
        if sizes:
            try:
                table_sizes(len(names), sizes)
            except PlanError:
                raise ValidationError(
                    ngettext(
                        "%(num)s player cannot fill a table of %(size)s.",
                        "%(num)s players cannot fill a table of %(size)s.",
                        len(names),
                        size=min(sizes),
                    )
                ) from None


class EveningForm(PresentForm):
    rounds = IntegerField(default=3, validators=[InputRequired(), NumberRange(1, MAX_ROUNDS)])
    sizes = Ticks(choices=[SelectChoice(s, s) for s in ("3", "4", "5")], default=["3", "4", "5"])
    game_3 = SelectField(choices=[SelectChoice(g, g) for g in GAME_CHOICES[3]])
    game_4 = SelectField(choices=[SelectChoice(g, g) for g in GAME_CHOICES[4]])
    game_5 = SelectField(choices=[SelectChoice(g, g) for g in GAME_CHOICES[5]])

    def fill(self, names: list[str], game_names: dict[str, str]) -> None:
        """Words in the reader's language, and the group's names to tick."""
        self.fill_present(names)
        self.rounds.label.text = _("Rounds")
        self.sizes.label.text = _("Table sizes the club plays")
        # The sizes' values stay "3", "4", "5"; their labels are numbers as the page shows them.
        self.sizes.choices = [SelectChoice(s, number(int(s))) for s in ("3", "4", "5")]
        for size in (3, 4, 5):
            field = self[f"game_{size}"]
            field.label.text = _("Game at a table of %(n)s", n=size)
            field.choices = [SelectChoice(g, game_names[g]) for g in GAME_CHOICES[size]]

    def chosen_sizes(self) -> frozenset[int]:
        return frozenset(int(s) for s in self.sizes.data or [] if s in {"3", "4", "5"})

    def validate_sizes(self, field: Ticks) -> None:
        if not self.chosen_sizes():
            raise ValidationError(_("Choose at least one table size."))


class NextRoundForm(PresentForm):
    """Who is here for the next round: late arrivals ticked in or typed, leavers unticked."""
