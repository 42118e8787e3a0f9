"""The deal form's fields: a seat or a suit, checked by WTForms against what is offered; a count;
a list of such fields under fixed names; and the place for messages about the result as a whole.

Left blank, a choice is not WTForms' to refuse: the result may be left empty (a deal settled
without play) or have its one place left filled in, so `reading` says what is missing. A value
that is not one offered (a tampered post) is refused here, next to its field."""

from __future__ import annotations

import itertools
from typing import Any

from wtforms import Field, FieldList, RadioField, SelectChoice, StringField
from wtforms.fields.core import Label
from wtforms.utils import unset_value
from wtforms.validators import ValidationError

from scorekeeper.present.i18n import gettext as _
from scorekeeper.web.common.forms import MultiCheckboxField
from scorekeeper.web.common.numbers import parse_int


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


class CountField(StringField):
    """A count typed on any keyboard (Persian digits, a minus sign), as a whole number, or None
    when blank. Text that is no number is `unreadable`: the reader says so once for the whole part,
    beside whatever else is missing, rather than WTForms refusing this box alone. The box shows
    back what was typed, as it was typed."""

    unreadable = False

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            self.data = parse_int(valuelist[0]) if valuelist else None
        except ValueError:
            self.data, self.unreadable = None, True

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0]).strip()
        return "" if self.data is None else str(self.data)


class FixedList(FieldList):
    """A part's inputs, one per player, place or card, each under its own fixed name (`tricks_0`,
    `place_1`, `queen_clubs`, `dbl_1_0`).

    Stock FieldList numbers its entries from what was posted, so a place left unticked (a radio
    sends nothing) would move every later place up one. Here every entry is made, under its name,
    whatever is sent. The list's own errors are the part's (the numbers do not add up); an entry
    keeps its own (that queen's taker is missing)."""

    def __init__(self, unbound_field: Any, names: tuple[str, ...], **kwargs: Any) -> None:
        self.names = tuple(names)
        super().__init__(unbound_field, min_entries=len(self.names), max_entries=len(self.names), **kwargs)

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        self.process_errors: list[Any] = []
        self.object_data = data
        given = list(data) if data is not unset_value and data else []
        self.entries: list[Any] = []
        self._unprocessed: dict[str, Any] | None = None
        for index, _name in enumerate(self.names):
            self._add_entry(formdata, given[index] if index < len(given) else unset_value, index)
        self.last_index = len(self.names) - 1

    def _add_entry(self, formdata: Any = None, data: Any = unset_value, index: int | None = None) -> Any:
        index = len(self.entries) if index is None else index
        prefix = self.name.removesuffix(self.short_name)  # the form's prefix, as the list's own name has it
        name = prefix + self.names[index]
        if self._unprocessed is None:
            options = {"name": name, "id": name, "_meta": self.meta, "translations": self._translations}
            entry = self.meta.bind_field(self._form, self.unbound_field, options)
            self._unprocessed = dict(entry.__dict__)
        else:
            entry = _renamed(type(self.entries[0]), self._unprocessed, name, self._label(name))
        entry.index, entry.short_name = index, self.names[index]
        entry.process(formdata, data)
        self.entries.append(entry)
        return entry

    def _label(self, name: str) -> Any:
        """The label's text WTForms gives the entry bound under `name`. No page shows it (the page
        writes its own words), and WTForms' default (`Place 2`) is in no catalogue, so it is not
        looked up in one for every entry."""
        unbound = self.unbound_field
        given = unbound.args[0] if unbound.args else unbound.kwargs.get("label")
        return given if given is not None else name.replace("_", " ").title()

    def validate(self, form: Any, extra_validators: Any = ()) -> bool:
        self.errors = list(self.process_errors)
        valid = [entry.validate(form) for entry in self.entries]
        self._run_validation_chain(form, itertools.chain(self.validators, extra_validators))
        return all(valid) and not self.errors

    def __getitem__(self, key: int | str) -> Any:
        if isinstance(key, int):
            return self.entries[key]
        return self.entries[self.names.index(key)]


class Section(Field):
    """Where the engine's problems about the result as a whole go: it has no input of its own."""

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        self.process_errors: list[Any] = []
        self.raw_data: list[Any] = []
        self.data = None

    def __call__(self, **kwargs: Any) -> str:
        return ""


def _renamed(kind: type, unprocessed: dict[str, Any], name: str, label: Any) -> Any:
    """The list's first entry as it was bound, before it read anything, under `name`: what binding
    the same field under that name makes. Every entry of a list is the same field, and WTForms'
    constructor run for each (about 15 µs an entry, 17 for the doubles alone) was half of building
    a deal's form on every request."""
    entry: Any = object.__new__(kind)
    entry.__dict__.update(unprocessed)
    first = unprocessed["label"]  # a radio group's label points at no one input: WTForms says False
    entry.label = Label(name if first.field_id == unprocessed["id"] else first.field_id, label)
    entry.name = entry.id = name
    return entry
