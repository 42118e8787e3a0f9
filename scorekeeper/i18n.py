"""Languages: Flask-Babel, the locale chosen per request, and names of contracts and rules."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel, gettext, lazy_gettext

from .scoring import Doubling, Rotation, Rules, Undoubled

LANGUAGES = ("en", "fa", "hr", "fr")
RTL = frozenset({"fa"})


def select_locale() -> str:
    """The language asked for by cookie, else the browser's preference."""
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)

    @app.context_processor
    def language() -> dict[str, object]:
        from flask_babel import get_locale

        lang = str(get_locale() or "en")
        return {
            "lang": lang,
            "text_dir": "rtl" if lang in RTL else "ltr",
            "contract_labels": CONTRACT_LABELS,
            "contract_short": CONTRACT_SHORT,
            "suits": SUITS,
            "suit_symbols": SUIT_SYMBOLS,
            "scheme_labels": SCHEME_LABELS,
            "rules_summary": rules_summary,
        }


CONTRACT_LABELS = {
    "no-tricks": lazy_gettext("No tricks"),
    "no-queens": lazy_gettext("No queens"),
    "no-last-two": lazy_gettext("No last two"),
    "no-hearts": lazy_gettext("No hearts"),
    "barbu": lazy_gettext("Barbu (no king of hearts)"),
    "trumps": lazy_gettext("Trumps"),
    "dominoes": lazy_gettext("Dominoes"),
    "ravage-city": lazy_gettext("Ravage City"),
}
CONTRACT_SHORT = {
    "no-tricks": lazy_gettext("Tricks"),
    "no-queens": lazy_gettext("Queens"),
    "no-last-two": lazy_gettext("Last two"),
    "no-hearts": lazy_gettext("Hearts"),
    "barbu": lazy_gettext("Barbu"),
    "trumps": lazy_gettext("Trumps"),
    "dominoes": lazy_gettext("Dominoes"),
    "ravage-city": lazy_gettext("Ravage"),
}
SUITS = {
    "spades": lazy_gettext("Spades"),
    "hearts": lazy_gettext("Hearts"),
    "diamonds": lazy_gettext("Diamonds"),
    "clubs": lazy_gettext("Clubs"),
}
SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}

SCHEME_LABELS = {
    "standard": lazy_gettext("standard"),
    "barbu-15": lazy_gettext("Barbu −15, dominoes 40/20/10/−10"),
    "dominoes-30": lazy_gettext("Barbu −15, dominoes 30/20/10/0"),
    "brader": lazy_gettext("heavier penalties (not zero-sum)"),
}


def rules_summary(rules: Rules) -> list[str]:
    """The rule options that differ from the standard game, in a few words each."""
    lines = []
    if rules.ravage_city:
        lines.append(gettext("with Ravage City"))
    if rules.doubling is Doubling.DECLARER_ONLY:
        lines.append(gettext("only the declarer may be doubled"))
    elif rules.doubling is Doubling.NONE:
        lines.append(gettext("no doubling"))
    if rules.redouble_all:
        lines.append(gettext("a redouble goes to all who doubled"))
    if rules.doubling is not Doubling.NONE:
        lines.append(gettext("compulsory doubles: %(n)s", n=rules.required_doubles))
    if rules.undoubled_negative is Undoubled.SETTLE:
        lines.append(gettext("undoubled negative contracts settled without play"))
    if rules.rotation is Rotation.EVERY_DEAL:
        lines.append(gettext("the declarer moves every deal"))
    if rules.dealer_declares:
        lines.append(gettext("the dealer declares"))
    return lines
