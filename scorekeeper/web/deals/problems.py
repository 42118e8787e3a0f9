"""What is wrong with a deal, put on the deal form's fields, where the page shows it.

A message sits on the field it is about: a choice (who took the ace), an entry of a list (who took
the queen of clubs), a whole list (the tricks do not add up to 13, the doubles), the contract, or
`result` (the result as a whole). What is about the game rather than this form (another deal made
illegal, the form expired) is the form's own (`form_errors`), shown at the top.
"""

from __future__ import annotations

from collections.abc import Iterator

from wtforms import Field

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import GameError
from scorekeeper.web.common.forms import DealForm
from scorekeeper.web.common.language import describe

from .fields import FixedList

# Fields whose refusal means the form itself is stale or cut short, not that an entry is wrong.
_SENT_WHOLE = ("csrf_token", "version", "submission")


def add_error(field: Field, message: str) -> None:
    """Put `message` on `field`, after what WTForms said of it."""
    field.errors = [*field.errors, message]


def fields_of(form: DealForm) -> Iterator[Field]:
    """Every field of the form in its order, a list's entries before the list itself."""
    for field in form:
        if isinstance(field, FixedList):
            yield from field.entries
        yield field


def erring(form: DealForm | None) -> list[Field]:
    """The fields that have something to say, in the form's order (the page's summary)."""
    return [] if form is None else [f for f in fields_of(form) if f.errors]


def refused(form: DealForm | None) -> bool:
    """Whether the form says anything is wrong."""
    return form is not None and (bool(form.form_errors) or bool(erring(form)))


def put_problems(form: DealForm, error: GameError, number: int) -> None:
    """The engine's problems with deal `number` on the fields they name; a problem named after
    nothing on the form is the result's, and one in another deal is the game's."""
    for p in error.problems:
        message = describe(p).removeprefix(f"{p.field}: ")
        if p.deal not in (None, number):
            form.form_errors.append(_("This makes deal %(n)s illegal: %(m)s", n=p.deal, m=message))
        else:
            shown = p.field in form and p.field not in _SENT_WHOLE
            add_error(form[p.field if shown else "result"], message)


def keep_what_matters(form: DealForm) -> None:
    """After WTForms refused the form: a field's own message stays next to it; "the form expired"
    only when it did (its CSRF token, version or one-time id is missing or wrong), and then alone."""
    if any(name in form and form[name].errors for name in _SENT_WHOLE):
        for field in fields_of(form):
            field.errors = []
        form.form_errors = [_("The form expired or was not sent whole. Please save again.")]
