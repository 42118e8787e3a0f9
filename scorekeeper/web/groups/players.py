"""A player's page in a group, by the edit link or the read-only link: their figures over the
group's finished games (present/player.py), with the rating over time drawn as a chart."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import format_decimal
from markupsafe import Markup

from scorekeeper.present.charts import ChartText, running_chart
from scorekeeper.present.i18n import RTL, digits, locale, number
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.player import Kind, PlayerPage, player_page
from scorekeeper.present.vocabulary import game_name
from scorekeeper.scoring.rating import in_date_order
from scorekeeper.web.common.lookup import group_or_404

from .charts import without_isolates
from .figures import Filter, figures, settled
from .views import KINDS, state_of

bp = Blueprint("group_players", __name__)

NAME_CHARS = 200  # longer than any stored name (a game's names are limited far below this)


@bp.get(f"/{KINDS}/<token>/player")
def page(kind: str, token: str) -> ResponseReturnValue:
    """One player's page; 404 when no finished game of the group has them."""
    stored = group_or_404(token, kind)
    name = " ".join((request.args.get("name") or "").split())
    if not name or len(name) > NAME_CHARS:
        abort(404)

    def show(state: str) -> PlayerPage | None:
        shown = figures(stored.row, state, Filter())
        oldest_first = in_date_order((one, one.row.created_at) for one in shown.games)
        # Figures over no dates chosen: their records and ledger are of every finished game.
        return player_page(oldest_first, shown.names, name, shown.ratings, shown.records, shown.rivals)

    _state, found = settled(state_of(stored.token), show)
    if found is None:
        abort(404)
    body = render_template(
        "groups/player.html",
        stored=stored,
        player=found,
        charts={k.kind.id: _chart(found.name, k) for k in found.kinds if k.strengths},
    )
    response = Response(body)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _hundredths(value: int) -> str:
    """A tick of the chart: a strength kept in hundredths, written with two decimals."""
    text = str(format_decimal(abs(value) / 100, format="0.00"))
    return digits(("−" if value < 0 else "") + text)


def _chart(name: str, kind: Kind) -> Markup:
    """The player's strength after each game of the kind, from 0 before the first."""
    text = ChartText(
        title=_("%(name)s: strength in %(game)s after each game", name=name, game=game_name(kind.kind)),
        desc=_("The strength after each game, as a line from zero before the first game."),
        deals=_("Games"),
    )
    series = [[round(s * 100) for s in kind.strengths]]
    drawn = running_chart(
        [name],
        series,
        text,
        number=without_isolates(number),
        values=without_isolates(_hundredths),
        rtl=locale() in RTL,
        id=f"strength-{kind.kind.id}",
    )
    return Markup(drawn)
