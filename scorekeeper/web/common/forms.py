"""Forms shared by several screens, and `Form`, which every form of the app derives from. The deal
form and the rules form are declared per contract and per game from the engine's entries (see
deals/form.py and common/rules_form.py)."""

from __future__ import annotations

import uuid
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF
from wtforms import HiddenField, SelectMultipleField
from wtforms.validators import ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.scoring.bidi import has_direction_controls

from .wtforms_messages import messages, translations


class TranslatedCSRF(_FlaskFormCSRF):
    """Flask-WTF's CSRF check, its messages in the reader's language (it writes them in English)."""

    def validate_csrf_token(self, form: Any, field: Any) -> None:
        try:
            super().validate_csrf_token(form, field)
        except ValidationError as error:
            raise ValidationError(messages().gettext(str(error.args[0]))) from error


class Form(FlaskForm):
    """A Flask-WTF form whose built-in messages (WTForms' and the CSRF check's) are translated."""

    class Meta:
        csrf_class = TranslatedCSRF

        # A form of two dozen fields asks for WTForms' messages for each: from a catalogue loaded once.
        def get_translations(self, form: Any) -> Any:
            return translations(form)


def new_submission_id() -> str:
    """A one-time id for a form, so that sending it twice acts once."""
    return uuid.uuid4().hex


def no_direction_controls(_form: Any, field: Any) -> None:
    """A name's validator: no invisible characters that turn the text round (see scoring.bidi)."""
    if isinstance(field.data, str) and has_direction_controls(field.data):
        raise ValidationError(_l("A name cannot hold invisible characters that turn text round."))


class EmptyForm(Form):
    """A CSRF-protected button that changes a game: it says which state (stamp) it was made on."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class DealForm(Form):
    """What every deal form has; the contract's own fields are added by `deals.form.form_class`."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)
    contract = HiddenField()
