"""The deal form's choice fields: a seat or a suit, checked by WTForms against what is offered.

Left blank, a choice is not WTForms' to refuse: the result may be left empty (a deal settled
without play) or have its one place left filled in, so `reading` says what is missing. A value
that is not one offered (a tampered post) is refused here, next to its field."""

from __future__ import annotations

from typing import Any

from wtforms import RadioField, SelectChoice
from wtforms.validators import ValidationError

from scorekeeper.present.i18n import gettext as _
from scorekeeper.web.common.forms import MultiCheckboxField


def seat_or_none(value: Any) -> int | None:
    """A posted seat as a number (WTForms' coercion); a value that is none refuses the choice."""
    if value is None or isinstance(value, int):
        return value
    if value == "":
        return None
    text = str(value)
    if not (text.isdecimal() and len(text) < 3):
        raise ValueError(text)
    return int(text)


def _refusal() -> str:
    # Our own words, not WTForms': it has no Croatian catalogue.
    return _("Choose one of the choices shown.")


class ChoiceOrBlank(RadioField):
    """A radio choice that may be left blank; anything else must be one of its choices."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as exc:
            raise ValueError(_refusal()) from exc

    def pre_validate(self, form: Any) -> None:
        if self.data is None:
            return
        if not any(value == self.data for value, *_rest in self.iter_choices()):
            raise ValidationError(_refusal())


class SeatsTicked(MultiCheckboxField):
    """Any players ticked, by seat; a value that is not a seat shown refuses the field."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            self.data = [seat_or_none(x) for x in valuelist if x != ""]
        except ValueError as exc:
            self.data = []
            raise ValueError(_refusal()) from exc

    def pre_validate(self, form: Any) -> None:
        offered = {value for value, *_rest in self.iter_choices()}
        if any(value not in offered for value in self.data or []):
            raise ValidationError(_refusal())


def seat_field(players: int) -> Any:
    """One player chosen by seat, or none."""
    return ChoiceOrBlank(choices=[SelectChoice(s, str(s)) for s in range(players)], coerce=seat_or_none)


def seats_field(players: int) -> Any:
    """Any players ticked, by seat."""
    return SeatsTicked(choices=[SelectChoice(s, str(s)) for s in range(players)], coerce=seat_or_none)


def suit_field(suits: tuple[str, ...]) -> Any:
    """A suit, or none."""
    return ChoiceOrBlank(choices=[SelectChoice(k, k) for k in suits])
