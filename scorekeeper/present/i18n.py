"""Languages: Flask-Babel, the locale chosen per request, numbers as players read them, and
the engine's words (contracts, suits, games, rule options) in the player's language.

The engine marks its words with `N_` and `C_`; they are translated here, so
that a new contract or option needs no template change to be named.

Persian digits are applied where a number is rendered, never by rewriting a finished page (which
would also rewrite compressed bodies, scripts and links): `number` and `signed` format numbers,
`digits` any text made of digits (a rank, a date), and the `gettext` family here, which the app's
modules and templates use instead of Flask-Babel's, gives a translated sentence Persian digits,
numbers passed into it included.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from flask_babel.speaklater import LazyString
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from scorekeeper.scoring import Choice, Contract, Flag, GameKind, Number, Option, Rules, Suit, Taker
from scorekeeper.scoring.contracts import trick_number
from scorekeeper.scoring.scoring_rules import (
    ByPlace,
    HeartsAndAce,
    PerTaker,
    PerUnit,
    Shared,
    Together,
)
from scorekeeper.scoring.words import C_, N_

LANGUAGES = ("en", "fa", "hr", "fr")
RTL = frozenset({"fa"})
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
# Left-to-right isolate: keeps "−12" reading as minus twelve inside right-to-left text.
LRI, PDI = "\u2066", "\u2069"
SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_NAMES = {
    Suit.SPADES: C_("suit", "Spades"),
    Suit.HEARTS: C_("suit", "Hearts"),
    Suit.DIAMONDS: C_("suit", "Diamonds"),
    Suit.CLUBS: C_("suit", "Clubs"),
}
PLACES = (N_("first out"), N_("second"), N_("third"), N_("fourth"), N_("last"))


def taker_question(part: Taker, rules: Rules) -> str:
    """The question a taker part asks, with its trick's number in this game."""
    n = trick_number(part.key, rules.deck.tricks)
    return str(gettext(part.question, n=n)) if n is not None else str(gettext(part.question))


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


def _style() -> tuple[str, bool, bool]:
    """The request's language, whether it wants Persian digits, and whether it reads right to left;
    looked up once per request (a sheet formats hundreds of numbers)."""
    if has_request_context():
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


def day(when: date) -> str:
    """A date as 2026-12-01, the way the app writes dates in every language (Persian digits when
    chosen)."""
    text = when.strftime("%Y-%m-%d")
    return text.translate(PERSIAN_DIGITS) if persian_digits() else text


def signed(n: int) -> str:
    """A score as players write it: +5, 0, −5 (a real minus sign, which does not break)."""
    return number(n, sign=True)


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


def _memo(kind: str, key: str, translate: Callable[[], str]) -> str:
    """A word translated once per request."""
    if not has_request_context():
        return translate()
    words: dict[tuple[str, str], str] = g.setdefault("words", {})
    found = words.get((kind, key))
    if found is None:
        found = words[kind, key] = translate()
    return found


def contract_name(contract: Contract) -> str:
    return _memo("name", contract.name, lambda: str(gettext(contract.name)))


def contract_short(contract: Contract) -> str:
    return _memo("short", contract.short, lambda: str(pgettext("contract", contract.short)))


def suit_name(suit: Suit | str) -> str:
    return str(pgettext("suit", SUIT_NAMES[Suit(suit)]))


def game_name(game: GameKind) -> str:
    return str(gettext(game.name))


def place_label(place: int, players: int) -> str:
    """The name of dominoes place `place` (0-based) among `players`: first out ... last."""
    return str(gettext(PLACES[-1] if place == players - 1 else PLACES[place]))


def point_label(contract: Contract, index: int, players: int) -> str:
    """The label of the custom points field for number `index` of `contract`."""
    if index < len(contract.point_labels):
        return str(gettext(contract.point_labels[index]))
    return f"{contract_name(contract)}, {place_label(index, players)}"


def taker_short(part: Taker, rules: Rules) -> str:
    """A taker part's short label beside its chips: the trick's number, or the card."""
    n = trick_number(part.key, rules.deck.tricks)
    if n is not None:
        return str(gettext("Trick %(n)s", n=n))
    cards = {"ace": gettext("A♥"), "king": gettext("K♥")}
    return str(cards.get(part.key, part.key))


def place_short(place: int, players: int) -> str:
    """Dominoes place `place` (0-based) as a short label: 1st ... last."""
    return str(gettext("Last")) if place == players - 1 else f"{number(place + 1)}."


def place_question(place: int, players: int) -> str:
    """The question for dominoes place `place` (0-based) among `players`."""
    if place == players - 1:
        return str(gettext("Last?"))
    questions = (gettext("Who went out first?"), gettext("Second?"), gettext("Third?"), gettext("Fourth?"))
    return str(questions[place])


def owed_text(declarer: str, owed: int, left: int) -> Markup:
    """Why a player must double the declarer now."""
    sentence = Markup(escape(gettext("Must double %(name)s: %(owed)s, %(left)s.")))
    return sentence % {
        "name": player_name(declarer),
        "owed": ngettext("%(num)s compulsory double owed", "%(num)s compulsory doubles owed", owed),
        "left": ngettext("%(num)s deal left", "%(num)s deals left", left),
    }


UNITS = {"tricks": N_("trick"), "hearts": N_("heart"), "queens": N_("queen")}
SCHEME_LABELS = {
    "standard": N_("standard"),
    "barbu-15": N_("Barbu −15, dominoes 40/20/10/−10"),
    "dominoes-30": N_("Barbu −15, dominoes 30/20/10/0"),
    "brader": N_("heavier penalties (not zero-sum)"),
}


def scheme_label(rules: Rules) -> str:
    """The points in use in a few words: a scheme's name, or "custom"."""
    name = rules.scheme.name
    return str(gettext(SCHEME_LABELS[name])) if name in SCHEME_LABELS else str(gettext("custom"))


def points_key(rules: Rules) -> list[str]:
    """Each contract's points as the printed sheet's key gives them: "No tricks −2/trick"."""
    out = []
    for contract in rules.contracts:
        v = rules.values(contract)
        match contract.scoring:
            case PerUnit(part=part):
                text = f"{signed(v[0])}/{gettext(UNITS[contract.counts_of(part)])}"
            case HeartsAndAce():
                heart, ace = gettext("heart"), gettext("ace")
                text = f"{signed(v[0])}/{heart}, {ace} {signed(v[1])}"
            case PerTaker():
                text = ", ".join(signed(n) for n in v)
            case ByPlace():
                text = " ".join(signed(n) for n in v)
            case Shared():
                text = signed(v[0])
            case Together(contracts=ids):
                parts = (rules.game.contract(i) for i in ids)
                text = "= " + " + ".join(contract_short(c) for c in parts if c is not None)
        out.append(f"{contract_short(contract)} {text}")
    return out


def option_phrase(option: Option, value: object) -> str | None:
    """What a rule setting means in a few words, or None when it needs no mention."""
    match option:
        case Choice():
            phrase = option.phrase(value)  # type: ignore[arg-type]
            return None if phrase is None else str(gettext(phrase))
        case Flag(summary=summary):
            return str(gettext(summary)) if value is True and summary else None
        case Number(summary=summary):
            return str(gettext(summary)).format(n=number(int(value))) if summary else None  # type: ignore[call-overload]


def rules_summary(rules: Rules) -> list[str]:
    """The rule options of a game in a few words each: those that differ from the game's
    standard, and the compulsory doubles whenever there is doubling."""
    lines = []
    for key, value in rules.settings:
        option = rules.game.option(key)
        if option is None or (isinstance(option, Number) and rules.doubling.value == "none"):
            continue
        phrase = option_phrase(option, value)
        if phrase:
            lines.append(phrase)
    return lines


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
            "contract_name": contract_name,
            "contract_short": contract_short,
            "suit_name": suit_name,
            "suit_symbols": SUIT_SYMBOLS,
            "game_name": game_name,
            "place_label": place_label,
            "point_label": point_label,
            "place_question": place_question,
            "owed_text": owed_text,
            "taker_question": taker_question,
            "taker_short": taker_short,
            "place_short": place_short,
            "rules_summary": rules_summary,
            "scheme_label": scheme_label,
            "points_key": points_key,
        }

    app.jinja_env.globals["bdi"] = player_name
    # Marked as needing the request: Jinja would otherwise work out `"A4"|digits` (a filter of a
    # constant) once, when it compiles the template, in whatever language that first request had.
    for name, form in (("signed", signed), ("num", number), ("digits", digits), ("day", day)):
        app.jinja_env.filters[name] = _per_request(form)
