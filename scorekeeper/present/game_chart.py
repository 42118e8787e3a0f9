"""The running-totals chart of a game in the player's language, for its page and its PDF."""

from __future__ import annotations

from babel.lists import format_list
from markupsafe import Markup

from scorekeeper.scoring import Game

from .charts import ChartText, legend_sample, running_chart
from .i18n import gettext, locale, ngettext, number, pgettext, signed


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
    """The chart of `game`: the SVG (numbers and lines only), then its legend and axis label in
    HTML, where names in any script are laid out right (WeasyPrint's SVG text is not)."""
    series = [tuple(row.running[seat] for row in game.rows) for seat in range(len(game.players))]
    text = chart_text(game)
    svg = running_chart(game.players, series, text, number=number, id=id, legend=False)
    axis = Markup('<p class="chart-axis">{}</p>').format(text.deals)
    items = Markup("").join(
        Markup('<li>{}<bdi>{}</bdi> <span class="total">{}</span></li>').format(
            Markup(legend_sample(seat)), name, signed(total)
        )
        for seat, (name, total) in enumerate(zip(game.players, game.totals, strict=True))
    )
    # running_chart escapes every text it draws; the rest is built with Markup's escaping format.
    return Markup(svg) + axis + Markup('<ul class="chart-legend">{}</ul>').format(items)
