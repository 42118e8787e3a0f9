"""Choosing the language (and, in Persian, the digits); engine messages in the player's language."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response

from scorekeeper.present.i18n import LANGUAGES, gettext, number, persian_digits
from scorekeeper.present.vocabulary import contract_name, game_name
from scorekeeper.scoring import Contract, GameKind, Problem

bp = Blueprint("language", __name__)
YEAR = 60 * 60 * 24 * 365

__all__ = ["bp", "describe", "number", "persian_digits"]


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


def _spoken(value: object) -> object:
    if isinstance(value, Contract):
        return contract_name(value)
    if isinstance(value, GameKind):
        return game_name(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


def describe(problem: Problem, with_deal: bool = False) -> str:
    """An engine problem in the player's language."""
    if not problem.template:
        text = problem.message
    else:
        params = {k: _spoken(v) for k, v in problem.params}
        text = str(gettext(problem.template)).format(**params)
        if problem.message.startswith(f"{problem.field}: "):
            text = f"{problem.field}: {text}"
    if with_deal and problem.deal is not None:
        text = gettext("deal %(n)s: %(problem)s", n=problem.deal, problem=text)
    return str(text)
