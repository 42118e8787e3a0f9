"""WTForms' and Flask-WTF's own messages (a choice not offered, a number out of range, a CSRF token
missing) in the reader's language, from our own catalogues.

WTForms ships no Croatian catalogue and Flask-WTF writes its CSRF messages in English only, so
the messages our fields and validators can give are marked here and translated in our four
catalogues. Any other WTForms message falls back to WTForms' catalogue, loaded once per process
and language (Flask-WTF would load and parse it from disk once per request)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from babel import support
from flask import current_app, has_request_context
from flask_babel import get_locale, get_translations
from wtforms.i18n import messages_path

from scorekeeper.scoring.words import N_

MESSAGES_OURS = frozenset(
    {
        N_("This field is required."),
        N_("Invalid input."),
        N_("Field must be between %(min)d and %(max)d characters long."),
        N_("Number must be at least %(min)s."),
        N_("Number must be at most %(max)s."),
        N_("Number must be between %(min)s and %(max)s."),
        N_("Not a valid choice."),
        N_("Invalid Choice: could not coerce."),
        N_("Invalid choice(s): one or more data inputs could not be coerced."),
        N_("Not a valid integer value."),
        N_("Not a valid decimal value."),
        N_("Not a valid float value."),
        # Flask-WTF's, which it never translates.
        N_("The CSRF token is missing."),
        N_("The CSRF session token is missing."),
        N_("The CSRF token has expired."),
        N_("The CSRF token is invalid."),
        N_("The CSRF tokens do not match."),
    }
)
"""The messages WTForms and Flask-WTF give in one form: ours to translate."""


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted message for extraction (`scripts/translations.sh` knows the keyword)."""
    return singular, plural


PLURALS_OURS = dict(
    (
        Nn_(
            "Field must be at least %(min)d character long.",
            "Field must be at least %(min)d characters long.",
        ),
        Nn_(
            "Field cannot be longer than %(max)d character.",
            "Field cannot be longer than %(max)d characters.",
        ),
        Nn_(
            "Field must be exactly %(max)d character long.", "Field must be exactly %(max)d characters long."
        ),
        Nn_(
            "'%(value)s' is not a valid choice for this field.",
            "'%(value)s' are not valid choices for this field.",
        ),
    )
)
"""The counted messages, singular to plural."""


@cache
def catalogue(locale: str) -> support.NullTranslations:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def _ready() -> bool:
    return has_request_context() and "babel" in current_app.extensions


def _current() -> tuple[support.NullTranslations | None, support.NullTranslations | None]:
    """Ours and WTForms' catalogues of the reader's language (none outside a request)."""
    if not _ready():
        return None, None
    locale = get_locale()
    return get_translations(), None if locale is None else catalogue(str(locale))


class Messages:
    """What Flask-WTF's `translations` is: ours for the messages we translate, WTForms' for the rest,
    with both catalogues kept: found once per form rather than once per field (each of the deal
    form's two dozen fields asks for its label)."""

    def __init__(
        self, ours: support.NullTranslations | None, theirs: support.NullTranslations | None
    ) -> None:
        self.ours, self.theirs = ours, theirs

    def gettext(self, string: str) -> str:
        if string in MESSAGES_OURS and self.ours is not None:
            return str(self.ours.ugettext(string))
        return string if self.theirs is None else str(self.theirs.ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if singular in PLURALS_OURS and self.ours is not None:
            return str(self.ours.ungettext(singular, plural, n))
        if self.theirs is None:
            return singular if n == 1 else plural
        return str(self.theirs.ungettext(singular, plural, n))


# Flask-Babel keeps one catalogue object per language and app, so the pair names a language; bounded,
# as every app a test builds has catalogues of its own.
@lru_cache(maxsize=64)
def _messages(ours: support.NullTranslations | None, theirs: support.NullTranslations | None) -> Messages:
    return Messages(ours, theirs)


def messages() -> Messages:
    """WTForms' and Flask-WTF's messages in the reader's language now."""
    return _messages(*_current())


def translations(form: Any) -> Any:
    """For a form's Meta: WTForms' messages in the reader's language, from the kept catalogues (a
    form lives within one request, in one language)."""
    if not current_app.config.get("WTF_I18N_ENABLED", True):
        return None
    return messages()
