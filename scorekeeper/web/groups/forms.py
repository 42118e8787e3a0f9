"""The group pages' forms: a new group, a merge of two spellings, a merge undone, a season, the
rating's setting."""

from __future__ import annotations

from datetime import date

from wtforms import HiddenField, SelectField, StringField
from wtforms.validators import DataRequired, Length, ValidationError

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring.rating import MAX_PROVISIONAL
from scorekeeper.scoring.words import N_
from scorekeeper.storage import groups
from scorekeeper.storage.seasons import NAME_LIMIT
from scorekeeper.web.common.forms import Form, new_submission_id
from scorekeeper.web.common.numbers import parse_int


class NewGroupForm(Form):
    name = StringField(validators=[DataRequired(), Length(max=groups.NAME_LIMIT)])

    def validate_name(self, field: StringField) -> None:
        if not groups.storable(field.data or ""):
            raise ValidationError(_("A group's name cannot hold control characters."))


class MergeForm(Form):
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


class UnmergeForm(Form):
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


def _day(text: str | None) -> date:
    try:
        return date.fromisoformat((text or "").strip()[:40])
    except ValueError:
        raise ValidationError(_("Give a date as year-month-day, e.g. 2026-03-31.")) from None


class SeasonForm(Form):
    """A named period of the group: its name, first and last days (the date inputs' ISO dates)."""

    name = StringField()
    first = StringField()
    last = StringField()

    def __init__(self, *args: object, **kwargs: object) -> None:
        # "season-name" and so on: the merge form on the same page has a field "name" too.
        super().__init__(*args, prefix="season", **kwargs)

    def labelled(self) -> SeasonForm:
        self.name.label.text = _("Name of the season")
        self.first.label.text = _("First day")
        self.last.label.text = _("Last day")
        return self

    def validate_name(self, field: StringField) -> None:
        name = " ".join((field.data or "").split())
        if not name or len(name) > NAME_LIMIT or not groups.storable(name):
            raise ValidationError(_("Give the season a name of at most %(n)s characters.", n=NAME_LIMIT))
        field.data = name

    def validate_first(self, field: StringField) -> None:
        _day(field.data)

    def validate_last(self, field: StringField) -> None:
        last = _day(field.data)
        try:
            first = _day(self.first.data)
        except ValidationError:
            return  # said next to the first day
        if last < first:
            raise ValidationError(_("The last day comes before the first."))

    @property
    def days(self) -> tuple[date, date]:
        """The first and last days, once the form is valid."""
        return _day(self.first.data), _day(self.last.data)


class ProvisionalForm(Form):
    """How many games of a kind a player's rating stays provisional in the group (0 to 30)."""

    games = StringField()

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, prefix="rating", **kwargs)

    def labelled(self, current: int) -> ProvisionalForm:
        self.games.label.text = _("Games before a rating is no longer provisional")
        if self.games.data is None:
            self.games.data = str(current)
        return self

    def validate_games(self, field: StringField) -> None:
        try:
            games = parse_int(field.data)
        except ValueError:
            games = None
        if games is None or not 0 <= games <= MAX_PROVISIONAL:
            raise ValidationError(_("Give a number of games from 0 to %(n)s.", n=MAX_PROVISIONAL))

    @property
    def number(self) -> int:
        """The number, once the form is valid."""
        return parse_int(self.games.data) or 0
