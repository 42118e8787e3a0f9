"""The running-totals chart of a game in the player's language, for its page and its PDF."""

from __future__ import annotations

from babel.lists import format_list
from flask_babel import gettext, ngettext, pgettext
from markupsafe import Markup

from .charts import ChartText, running_chart
from .i18n import RTL, locale, number, signed
from .scoring import Game


def totals_words(game: Game) -> str:
    """Each name with its total, in seating order, as a list in the player's language."""
    items = [f"{name} {signed(t)}" for name, t in zip(game.players, game.totals, strict=True)]
    return str(format_list(items, locale=locale()))


def chart_text(game: Game) -> ChartText:
    """The chart's title, text alternative and axis label."""
    deals = len(game.rows)
    desc = [
        ngettext(
            "Each player's running total after %(num)s deal.",
            "Each player's running total after each of %(num)s deals.",
            deals,
        ),
        gettext("Totals: %(totals)s.", totals=totals_words(game)),
    ]
    if game.rules.game.lower_wins:
        desc.append(gettext("Penalty points: the lowest total wins."))
    return ChartText(gettext("Running totals"), " ".join(desc), pgettext("chart axis", "Deal"))


def game_chart(game: Game, id: str = "chart") -> Markup:
    """The chart of `game` as inline SVG; `running_chart` escapes every text it draws."""
    series = [tuple(row.running[seat] for row in game.rows) for seat in range(len(game.players))]
    labels = [f"{name} {signed(t)}" for name, t in zip(game.players, game.totals, strict=True)]
    svg = running_chart(
        game.players, series, chart_text(game), number=number, labels=labels, rtl=locale() in RTL, id=id
    )
    return Markup(svg)
