"""The organiser's forms on the evening page: an adjustment, the approval of the standings, a
table's lock and an adjustment taken back (those two are a button each)."""

from __future__ import annotations

from wtforms import HiddenField, SelectChoice, SelectField, StringField
from wtforms.validators import ValidationError

from scorekeeper.present.i18n import gettext as _
from scorekeeper.storage.group_names import storable
from scorekeeper.storage.organiser import POINTS_LIMIT, REASON_LIMIT
from scorekeeper.web.common.forms import Form, new_submission_id

from .loading import Loaded
from .word import tables


class AdjustmentForm(Form):
    """Points added to (or taken from) a player's score at one table, and why."""

    table = SelectField(validate_choice=False)
    player = SelectField(validate_choice=False)
    points = StringField()
    reason = StringField()
    submission = HiddenField(default=new_submission_id)
    seated: dict[str, tuple[str, ...]]
    """The players of each table, by game id as the form sends it."""

    def fill(self, loaded: Loaded) -> AdjustmentForm:
        self.table.label.text = _("Table")
        self.table.choices = [
            SelectChoice(str(t.game_id), _("Round %(r)s, table %(t)s", r=r, t=t.number))
            for r, t in tables(loaded)
        ]
        self.seated = {str(t.game_id): t.players for _r, t in tables(loaded)}
        self.player.label.text = _("Player")
        self.player.choices = [SelectChoice(n, n) for n in loaded.names]
        self.points.label.text = _("Points (a penalty below zero)")
        self.reason.label.text = _("Reason")
        return self

    def validate_table(self, field: SelectField) -> None:
        if field.data not in self.seated:
            raise ValidationError(_("Choose one of the evening's tables."))

    def validate_player(self, field: SelectField) -> None:
        if field.data not in self.seated.get(self.table.data, ()):
            raise ValidationError(_("Choose a player of that table."))

    def validate_points(self, field: StringField) -> None:
        text = (field.data or "").strip().replace("−", "-")
        # int() reads Persian and Arabic-Indic digits too, as a phone's keyboard may type them.
        if not text.lstrip("-").isdecimal() or not 0 < abs(int(text)) <= POINTS_LIMIT:
            raise ValidationError(
                _(
                    "Points are a whole number from %(low)s to %(high)s, not 0.",
                    low=-POINTS_LIMIT,
                    high=POINTS_LIMIT,
                )
            )

    def validate_reason(self, field: StringField) -> None:
        reason = " ".join((field.data or "").split())
        if not reason or len(reason) > REASON_LIMIT or not storable(reason):
            raise ValidationError(_("Give a reason of at most %(n)s characters.", n=REASON_LIMIT))

    def read(self) -> tuple[int, str, int, str]:
        """The table (game id), player, points and reason of a valid form."""
        points = int((self.points.data or "").strip().replace("−", "-"))
        return int(self.table.data), str(self.player.data), points, " ".join((self.reason.data or "").split())


class ApprovalForm(Form):
    """The organiser approves the standings made of what `fingerprint` names (as they were shown)."""

    fingerprint = HiddenField()


class ButtonForm(Form):
    """A table's lock, or an adjustment taken back: a button and its CSRF token."""
