"""The group screens' forms: a new group, a merge of two spellings, a merge undone."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, StringField
from wtforms.validators import DataRequired, Length, ValidationError

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring.words import N_
from scorekeeper.storage import groups
from scorekeeper.web.common.forms import new_submission_id


class NewGroupForm(FlaskForm):
    name = StringField(validators=[DataRequired(), Length(max=groups.NAME_LIMIT)])

    def validate_name(self, field: StringField) -> None:
        if not groups.storable(field.data or ""):
            raise ValidationError(_("A group's name cannot hold control characters."))


class MergeForm(FlaskForm):
    """Two spellings seen in the group's games: the first is counted as the second from now on."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)
    alias = SelectField(validate_choice=False)
    name = SelectField(validate_choice=False)

    def fill(self, spellings: list[str]) -> None:
        self.alias.label.text = _("This spelling")
        self.name.label.text = _("is the same player as")
        self.alias.choices = self.name.choices = [(s, s) for s in spellings]

    def validate_alias(self, field: SelectField) -> None:
        self._seen(field)
        if not groups.mergeable(field.data):
            # Its folded spelling is what is kept, and folding may lengthen it (ß to ss).
            raise ValidationError(_("This spelling is too long to be merged."))

    def validate_name(self, field: SelectField) -> None:
        self._seen(field)

    def _seen(self, field: SelectField) -> None:
        seen = {groups.fold(str(value)) for value, _label in field.choices or []}
        data = field.data
        too_long = len(data or "") > groups.SPELLING_LIMIT
        if not data or too_long or not groups.storable(data) or groups.fold(data) not in seen:
            raise ValidationError(_("Choose a name seen in the group's games."))


class UnmergeForm(FlaskForm):
    """A merged spelling to count as a player of its own again, on the merges the page showed."""

    version = HiddenField()
    submission = HiddenField()
    alias = HiddenField()


MERGE_MOVED = N_(
    "The group's names changed on another phone since this page was shown; nothing was merged."
    " Here they are as they are now; send the form again if it still holds."
)
UNMERGE_MOVED = N_(
    "The group's names changed on another phone since this page was shown; nothing was undone."
    " Here they are as they are now."
)
