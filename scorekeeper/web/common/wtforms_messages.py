"""WTForms' own messages (a choice not offered, a CSRF token missing) in the reader's language.

Flask-WTF loads and parses WTForms' catalogue from disk once per request; a catalogue changes only
with a new install, which is a new process, so this loads it once per process and language."""

from __future__ import annotations

from functools import cache
from typing import Any

from babel import support
from flask import current_app, has_request_context
from flask_babel import get_locale
from wtforms.i18n import messages_path


@cache
def catalogue(locale: str) -> support.NullTranslations:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def _current() -> support.NullTranslations | None:
    if not has_request_context() or "babel" not in current_app.extensions:
        return None
    locale = get_locale()
    return None if locale is None else catalogue(str(locale))


class Messages:
    """What Flask-WTF's `translations` is, with the catalogue kept: one language's, found once per
    form rather than once per field (each of the deal form's two dozen fields asks for its label)."""

    def __init__(self, found: support.NullTranslations | None) -> None:
        self.found = found

    def gettext(self, string: str) -> str:
        return string if self.found is None else str(self.found.ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if self.found is None:
            return singular if n == 1 else plural
        return str(self.found.ungettext(singular, plural, n))


@cache
def _messages(found: support.NullTranslations | None) -> Messages:
    return Messages(found)


def translations(form: Any) -> Any:
    """For a form's Meta: WTForms' messages as Flask-WTF gives them, from the kept catalogue of the
    reader's language (a form lives within one request, in one language)."""
    if not current_app.config.get("WTF_I18N_ENABLED", True):
        return None
    return _messages(_current())
