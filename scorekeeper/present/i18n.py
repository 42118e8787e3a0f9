"""Languages: Flask-Babel, the locale chosen per request, and numbers as players read them. The
engine's words in the player's language are in `vocabulary`.

Persian digits are applied where a number is rendered, never by rewriting a finished page (which
would also rewrite compressed bodies, scripts and links): `number` and `signed` format numbers,
`digits` any text made of digits (a rank, a date), and the `gettext` family here, which the app's
modules and templates use instead of Flask-Babel's, gives a translated sentence Persian digits,
numbers passed into it included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import SupportsFloat

from flask import Flask, g, has_app_context, has_request_context, request
from flask_babel import Babel, force_locale, get_locale, get_translations
from flask_babel.speaklater import LazyString
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

LANGUAGES = ("en", "fa", "hr", "fr")
RTL = frozenset({"fa"})
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
# Left-to-right isolate: keeps "−12" reading as minus twelve inside right-to-left text.
LRI, PDI = "\u2066", "\u2069"


def select_locale() -> str:
    """The language asked for by cookie, else the browser's preference."""
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def locale() -> str:
    return _style()[0]


def persian_digits() -> bool:
    """True when the player reads Persian and asked for Persian digits."""
    return _style()[1]


@contextmanager
def reading_as(lang: str, persian: bool) -> Iterator[None]:
    """Words and numbers for a reader of `lang` (with Persian digits if `persian`) where no request
    says them, as a sheet rendered in the background: Flask-Babel's `force_locale` for the words,
    and the digits kept where `_style` looks first. Needs an app context."""
    lang = lang if lang in LANGUAGES else "en"
    before = g.pop("number_style", None)
    with force_locale(lang):
        g.number_style = (lang, persian and lang == "fa", lang in RTL)
        try:
            yield
        finally:
            g.pop("number_style", None)
            if before is not None:
                g.number_style = before


def _style() -> tuple[str, bool, bool]:
    """The request's language, whether it wants Persian digits, and whether it reads right to left;
    looked up once per request (a sheet formats hundreds of numbers), or as `reading_as` set them."""
    if has_app_context():
        found: tuple[str, bool, bool] | None = g.get("number_style")
        if found is not None:
            return found
    lang = str(get_locale() or "en")
    style = (
        lang,
        lang == "fa" and has_request_context() and request.cookies.get("digits") == "persian",
        lang in RTL,
    )
    if has_request_context():
        g.number_style = style
    return style


def number(n: int, sign: bool = False) -> str:
    """A number as the page shows it: a real minus sign, Persian digits if chosen, kept
    left-to-right inside right-to-left text."""
    _lang, persian, rtl = _style()
    text = (f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0") if sign else (f"−{-n}" if n < 0 else str(n))
    if persian:
        text = text.translate(PERSIAN_DIGITS)
    if rtl and (n < 0 or sign):
        text = f"{LRI}{text}{PDI}"
    return text


def tenths(value: SupportsFloat) -> str:
    """A figure to one decimal place (an evening's points), as `number` shows numbers; with Persian
    digits comes the Persian decimal separator (٫), as money has it."""
    _lang, persian, rtl = _style()
    figure = float(value)  # a Fraction has no ".1f" format before Python 3.12
    text = f"{abs(figure):.1f}"
    negative = figure < 0 and text != "0.0"
    text = f"−{text}" if negative else text
    if persian:
        text = text.translate(PERSIAN_DIGITS).replace(".", "٫")
    return f"{LRI}{text}{PDI}" if rtl and negative else text


def day(when: date) -> str:
    """A date as 2026-12-01, the way the app writes dates in every language (Persian digits when
    chosen)."""
    text = when.strftime("%Y-%m-%d")
    return text.translate(PERSIAN_DIGITS) if persian_digits() else text


def signed(n: int) -> str:
    """A score as players write it: +5, 0, −5 (a real minus sign, which does not break)."""
    return number(n, sign=True)


def comma() -> str:
    """What separates the items of a list in the reader's language: Persian has its own comma."""
    return "، " if _style()[0] == "fa" else ", "


def digits(text: object) -> str:
    """`text` (a rank, a date, a figure already formatted) with Persian digits if chosen."""
    shown = str(text)
    return shown.translate(PERSIAN_DIGITS) if persian_digits() else shown


def _shown(value: object) -> object:
    """A value put into a translated sentence: a whole number as the page shows numbers."""
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _fill(text: str, variables: dict[str, object]) -> str:
    return text % {k: _shown(v) for k, v in variables.items()} if variables else text


def gettext(string: str, **variables: object) -> str:
    """Flask-Babel's gettext, with Persian digits if chosen (also in the numbers passed in)."""
    return _fill(digits(get_translations().ugettext(string)), variables)


def ngettext(singular: str, plural: str, num: int, **variables: object) -> str:
    """Flask-Babel's ngettext, with Persian digits if chosen; `num` is also `%(num)s`."""
    variables.setdefault("num", num)
    return _fill(digits(get_translations().ungettext(singular, plural, num)), variables)


def pgettext(context: str, string: str, **variables: object) -> str:
    """Flask-Babel's pgettext, with Persian digits if chosen."""
    return _fill(digits(get_translations().upgettext(context, string)), variables)


def npgettext(context: str, singular: str, plural: str, num: int, **variables: object) -> str:
    variables.setdefault("num", num)
    return _fill(digits(get_translations().unpgettext(context, singular, plural, num)), variables)


def lazy_gettext(string: str, **variables: object) -> LazyString:
    """`gettext` when the text is used (a form label declared once, shown in each request's language)."""
    return LazyString(gettext, string, **variables)


def _per_request(form: Callable[..., str]) -> Callable[..., str]:
    """`form` as a Jinja filter that is never worked out at compile time."""

    @pass_context  # only a filter that takes the context is never worked out at compile time
    def filtered(_context: Context, value: object, *args: object) -> str:
        return form(value, *args)

    return filtered


def _in_template(translate: Callable[..., str], counted: bool = False) -> Callable[..., str]:
    """A gettext function for templates: as Jinja's own (escaping what is put in, `%%` always
    meaning %), with Persian digits if chosen; `counted` for the plural ones (their last
    argument, the count, is also `%(num)s`)."""

    @pass_context
    def translated(context: Context, *args: object, **variables: object) -> str:
        text = digits(translate(*args))
        if context.eval_ctx.autoescape:
            text = Markup(text)
        if counted:
            variables.setdefault("num", args[-1])
        return text % {k: _shown(v) for k, v in variables.items()}

    return translated


def player_name(name: str) -> Markup:
    """A name inside a sentence, kept whole and in its own direction: the page shortens it with an
    ellipsis where the line is too short for it, never breaking it."""
    return Markup("<bdi>{}</bdi>").format(name)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    # In place of the functions Flask-Babel gave Jinja: `_()`, `{% trans %}` and the others call
    # these, so that every sentence of a template gets Persian digits when they are chosen.
    app.jinja_env.globals.update(
        gettext=_in_template(lambda s: get_translations().ugettext(s)),
        ngettext=_in_template(lambda s, p, n: get_translations().ungettext(s, p, n), counted=True),
        pgettext=_in_template(lambda c, s: get_translations().upgettext(c, s)),
        npgettext=_in_template(lambda c, s, p, n: get_translations().unpgettext(c, s, p, n), counted=True),
    )

    @app.context_processor
    def language() -> dict[str, object]:
        lang = locale()
        return {
            "lang": lang,
            "text_dir": "rtl" if lang in RTL else "ltr",
            "persian_digits": persian_digits(),
        }

    app.jinja_env.globals["bdi"] = player_name
    # Marked as needing the request: Jinja would otherwise work out `"A4"|digits` (a filter of a
    # constant) once, when it compiles the template, in whatever language that first request had.
    for name, form in (
        ("signed", signed),
        ("num", number),
        ("digits", digits),
        ("day", day),
        ("tenths", tenths),
    ):
        app.jinja_env.filters[name] = _per_request(form)
