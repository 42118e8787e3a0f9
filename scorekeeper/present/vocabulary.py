"""The engine's words in the reader's language: contracts, suits, games, places, takers, rule
options and schemes, each translated once per request.

The engine marks its words with `N_` and `C_`; they are translated here, so
that a new contract or option needs no template change to be named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from flask import Flask, g, has_request_context
from markupsafe import Markup, escape

from scorekeeper.scoring import Choice, Contract, Counts, Flag, GameKind, Number, Option, Rules, Suit, Taker
from scorekeeper.scoring.contracts import trick_number
from scorekeeper.scoring.counts import count_kind
from scorekeeper.scoring.salad import DEFAULT, PIECES
from scorekeeper.scoring.scoring_rules import (
    ByPlace,
    HeartsAndAce,
    PerTaker,
    PerUnit,
    Shared,
    Together,
)
from scorekeeper.scoring.words import C_, N_

from .i18n import comma, gettext, ngettext, number, pgettext, player_name, signed
from .option_words import option_hint

SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}

SUIT_NAMES = {
    Suit.SPADES: C_("suit", "Spades"),
    Suit.HEARTS: C_("suit", "Hearts"),
    Suit.DIAMONDS: C_("suit", "Diamonds"),
    Suit.CLUBS: C_("suit", "Clubs"),
}


SCHEME_LABELS = {
    "standard": N_("standard"),
    "barbu-15": N_("Barbu −15, dominoes 40/20/10/−10"),
    "dominoes-30": N_("Barbu −15, dominoes 30/20/10/0"),
    "brader": N_("heavier penalties (not zero-sum)"),
}

PLACES = (N_("first out"), N_("second"), N_("third"), N_("fourth"), N_("last"))


def taker_question(part: Taker, rules: Rules) -> str:
    """The question a taker part asks, with its trick's number in this game."""
    n = trick_number(part.key, rules.deck.tricks)
    return str(gettext(part.question, n=n)) if n is not None else str(gettext(part.question))


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


def card_label(part: Counts) -> str:
    """The letter of the card a card-by-card count asks about, in the reader's language: "Q"."""
    return str(gettext(count_kind(part.of).card))


def card_question(part: Counts, suit: Suit | str) -> str:
    """Who took the card of `suit` that a card-by-card count asks about."""
    return str(gettext(count_kind(part.of).card_question, suit=suit_name(suit)))


def contract_short(contract: Contract) -> str:
    return _memo("short", contract.short, lambda: str(pgettext("contract", contract.short)))


def suit_name(suit: Suit | str) -> str:
    return str(pgettext("suit", SUIT_NAMES[Suit(suit)]))


def game_name(game: GameKind) -> str:
    return str(gettext(game.name))


def game_description(game: GameKind) -> str:
    """The game's line on the new-game screen; its deal count is that of its usual table and rules."""
    deals = Rules.of(game, game.usual_players or game.players[0]).total_deals
    return str(gettext(game.description, deals=ngettext("%(num)s deal", "%(num)s deals", deals)))


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


def scheme_label(rules: Rules) -> str:
    """The points in use in a few words: a scheme's name, or "custom"."""
    name = rules.scheme.name
    return str(gettext(SCHEME_LABELS[name])) if name in SCHEME_LABELS else str(gettext("custom"))


def salad_sum(together: Together) -> str:
    """What a Salad adds up, in signs and short names: "No tricks + Barbu", "−½ (Barbu + Last two)"."""
    parts = " + ".join(str(pgettext("contract", PIECES[i].short)) for i in together.contracts)
    if not together.halved and together.sign > 0:
        return parts
    return f"{'−' if together.sign < 0 else ''}{'½ ' if together.halved else ''}({parts})"


def points_key(rules: Rules) -> list[str]:
    """Each contract's points as the printed sheet's key gives them: "No tricks −2/trick"."""
    out = []
    for contract in rules.contracts:
        v = rules.values(contract)
        match contract.scoring:
            case PerUnit(part=part):
                text = f"{signed(v[0])}/{gettext(count_kind(contract.counts_of(part)).unit)}"
            case HeartsAndAce():
                heart, ace = gettext("heart"), gettext("ace")
                text = f"{signed(v[0])}/{heart}{comma()}{ace} {signed(v[1])}"
            case PerTaker():
                text = comma().join(signed(n) for n in v)
            case ByPlace():
                text = " ".join(signed(n) for n in v)
            case Shared():
                text = signed(v[0])
            case Together() as together:
                text = "= " + salad_sum(together)
            case _:
                assert_never(contract.scoring)
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
        case Number(summary=summary, off=off):
            if value == 0 and off:
                return str(gettext(off))
            return str(gettext(summary)).format(n=number(int(value))) if summary else None  # type: ignore[call-overload]
        case _:
            assert_never(option)


def rules_summary(rules: Rules) -> list[str]:
    """The rule options of a game in a few words each: those that differ from the game's
    standard, and the compulsory doubles whenever there is doubling, unless the game has none
    (French Barbu's dealer doubling: none is as the game is, as an option left off)."""
    lines = []
    for key, value in rules.settings:
        option = rules.game.option(key)
        if option is None or (isinstance(option, Number) and rules.doubling.value == "none"):
            continue
        if isinstance(option, Number) and value == option.default == 0:
            continue
        phrase = option_phrase(option, value)
        if phrase:
            lines.append(phrase)
    made = rules.contract("salad")
    if rules.salad not in (None, DEFAULT) and made is not None and isinstance(made.scoring, Together):
        lines.append(f"{contract_short(made)} = {salad_sum(made.scoring)}")
    return lines


def init_app(app: Flask) -> None:
    """Give every template the engine's words."""

    @app.context_processor
    def words() -> dict[str, object]:
        return {
            "contract_name": contract_name,
            "contract_short": contract_short,
            "card_label": card_label,
            "card_question": card_question,
            "suit_name": suit_name,
            "suit_symbols": SUIT_SYMBOLS,
            "game_name": game_name,
            "game_description": game_description,
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
            "option_hint": option_hint,
        }
