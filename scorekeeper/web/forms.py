"""One form per screen. Numbers are typed as text and parsed by `parse_count`."""

from __future__ import annotations

import uuid

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import DataRequired, Length
from wtforms.widgets import CheckboxInput, ListWidget

from ..scoring import RANKS
from .numbers import strip_text

SEATS = range(4)
SUIT_KEYS = ("spades", "hearts", "diamonds", "clubs")


def new_submission_id() -> str:
    """A one-time id for a form, so that sending it twice acts once."""
    return uuid.uuid4().hex


class EmptyForm(FlaskForm):
    """A CSRF-protected button that changes a game: it says which version it was made on."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class NewGameForm(FlaskForm):
    """Four names in seating order, the first declarer and the rules."""

    first_declarer = RadioField(_l("First declarer"), default="random")
    scheme = SelectField(_l("Points"), default="standard")
    ravage_city = BooleanField(_l("Add Ravage City as an eighth contract"))
    doubling = SelectField(_l("Doubling"), default="standard")
    redouble_all = BooleanField(_l("A declarer who redoubles must redouble everyone who doubled"))
    compulsory_doubles = SelectField(
        _l("Compulsory doubles"), choices={str(n): str(n) for n in range(8)}, default="2"
    )
    undoubled_negative = SelectField(_l("Negative contract nobody doubles"), default="play")
    rotation = SelectField(_l("Declarer rotation"), default="blocks")
    dealer_declares = BooleanField(_l("The dealer declares"))


for _seat in SEATS:
    setattr(
        NewGameForm,
        f"player_{_seat}",
        StringField(
            _l("Player %(n)s", n=_seat + 1),
            validators=[
                DataRequired(_l("Enter a name.")),
                Length(max=40, message=_l("At most 40 characters.")),
            ],
            filters=[strip_text],
        ),
    )
POINT_FIELDS = (
    "no_tricks",
    "no_queens",
    "last_12",
    "last_13",
    "heart",
    "ace",
    "barbu",
    "trumps",
    "dom_1",
    "dom_2",
    "dom_3",
    "dom_4",
    "ravage",
)
for _name in POINT_FIELDS:
    setattr(NewGameForm, f"pt_{_name}", StringField(filters=[strip_text]))


class DealForm(FlaskForm):
    """Everything one deal records; which parts apply depends on the contract."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)
    contract = HiddenField()
    trump = RadioField(_l("Trump suit"), choices={s: s for s in SUIT_KEYS}, validate_choice=False)
    rank = SelectField(_l("Starting rank"), choices={"": "–"} | {r: r for r in RANKS}, default="")
    ace = RadioField(validate_choice=False)
    king = RadioField(validate_choice=False)
    penultimate = RadioField(validate_choice=False)
    last = RadioField(validate_choice=False)
    most = MultiCheckboxField(validate_choice=False)


for _a in SEATS:
    setattr(DealForm, f"max_{_a}", BooleanField())
    setattr(DealForm, f"tricks_{_a}", StringField(filters=[strip_text]))
    setattr(DealForm, f"hearts_{_a}", StringField(filters=[strip_text]))
    setattr(DealForm, f"place_{_a + 1}", RadioField(validate_choice=False))
    for _b in SEATS:
        if _a != _b:
            setattr(DealForm, f"dbl_{_a}_{_b}", BooleanField())
for _suit in SUIT_KEYS:
    setattr(DealForm, f"queen_{_suit}", RadioField(validate_choice=False))
