"""How the group page writes a strength: two decimals, signed, in the page's language and digits."""

from __future__ import annotations

from flask_babel import format_decimal

from scorekeeper.present.i18n import LRI, PDI, RTL, digits, locale
from scorekeeper.present.ratings import Rating, shown_strength
from scorekeeper.scoring import GAMES, GameKind


def strength(rating: Rating) -> str:
    """+2.67, 0.00, −0.67 (the same rounding as `scorekeeper rate`), kept left to right in
    right-to-left text, with Persian digits when chosen."""
    hundredths = round(shown_strength(rating) * 100)
    text = str(format_decimal(abs(hundredths) / 100, format="0.00"))
    if hundredths == 0:
        return digits(text)
    text = digits(("+" if hundredths > 0 else "−") + text)
    return f"{LRI}{text}{PDI}" if locale() in RTL else text


def game_kind(id: str) -> GameKind:
    """The game kind a rating is of (ratings name it by its id, as the command prints it)."""
    return GAMES[id]
