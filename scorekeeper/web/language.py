"""Choosing the language (and, in Persian, the digits); engine messages in the player's language."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Blueprint, Flask, redirect, request
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

from ..i18n import CONTRACT_LABELS, LANGUAGES, RTL
from ..scoring import Contract, Problem

bp = Blueprint("language", __name__)
YEAR = 60 * 60 * 24 * 365
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
# Left-to-right isolate: keeps "−12" reading as minus twelve inside right-to-left text.
LRI, PDI = "\u2066", "\u2069"


def _back() -> str:
    """Where to return to: a path on this site only."""
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    # A control character (CR, LF, NUL...) can never be part of a header: such a path is not ours.
    if any(ord(c) < 32 or ord(c) == 127 for c in target) or "\\" in target:
        return "/"
    return target


@bp.get("/lang/<code>")
def choose(code: str) -> Response:
    """Remember the language chosen on this device and go back."""
    response = redirect(_back(), 303)
    if code in LANGUAGES:
        response.set_cookie(
            "lang", code, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure
        )
    return response


@bp.get("/digits/<style>")
def digits(style: str) -> Response:
    """Show numbers with Persian or with Western digits."""
    response = redirect(_back(), 303)
    if style in ("persian", "western"):
        response.set_cookie(
            "digits", style, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure
        )
    return response


def persian_digits() -> bool:
    return str(get_locale()) == "fa" and request.cookies.get("digits") == "persian"


_TEXT = re.compile(r">([^<]+)<")


def persian_page(html: str) -> str:
    """Every digit of the page's text in Persian; tags, attributes and so links are left alone."""
    return _TEXT.sub(lambda m: ">" + m.group(1).translate(PERSIAN_DIGITS) + "<", html)


def init_app(app: Flask) -> None:
    @app.after_request
    def digits_in_text(response: Response) -> Response:
        # Numbers inside translated sentences come from many places; this catches them all.
        if response.mimetype == "text/html" and not response.direct_passthrough and persian_digits():
            response.set_data(persian_page(response.get_data(as_text=True)))
        return response


def number(n: int, sign: bool = False) -> str:
    """A number as the page shows it: a real minus sign, Persian digits if chosen, kept
    left-to-right inside right-to-left text."""
    text = (f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0") if sign else (f"−{-n}" if n < 0 else str(n))
    if persian_digits():
        text = text.translate(PERSIAN_DIGITS)
    if str(get_locale()) in RTL and (n < 0 or sign):
        text = f"{LRI}{text}{PDI}"
    return text


def describe(problem: Problem, with_deal: bool = False) -> str:
    """An engine problem in the player's language."""
    if not problem.template:
        text = problem.message
    else:
        params = {k: CONTRACT_LABELS[v.value] if isinstance(v, Contract) else v for k, v in problem.params}
        text = str(gettext(problem.template)).format(**params)
        if problem.message.startswith(f"{problem.field}: "):
            text = f"{problem.field}: {text}"
    if with_deal and problem.deal is not None:
        text = gettext("deal %(n)s: %(problem)s", n=problem.deal, problem=text)
    return str(text)
