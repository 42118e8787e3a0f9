"""How the game went: the running totals as a chart and a table, points by contract and role,
doubles won and lost, and settling up at the stake the players agreed."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from wtforms import Field, StringField, ValidationError

from scorekeeper.present.game_chart import game_chart
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.scoring import GameError
from scorekeeper.scoring.settle import DEFAULT_CURRENCY, parse_currency, parse_stake
from scorekeeper.scoring.stats import DECLARER, OPPONENT, game_stats
from scorekeeper.storage import store
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import game_or_404

from .words import settle_rule, stored_settlement

bp = Blueprint("summary", __name__)


def _refuse(error: GameError) -> ValidationError:
    return ValidationError(" ".join(describe(p) for p in error.problems))


class StakeForm(FlaskForm):
    """The stake per point and the currency the game is settled at."""

    stake = StringField(_l("Stake per point"))
    currency = StringField(_l("Currency"), default=DEFAULT_CURRENCY)

    def validate_stake(self, field: Field) -> None:
        try:
            field.data = str(parse_stake(field.data or ""))
        except GameError as error:
            raise _refuse(error) from None

    def validate_currency(self, field: Field) -> None:
        try:
            field.data = parse_currency(field.data or "")
        except GameError as error:
            raise _refuse(error) from None


@bp.get("/<any(g, v):kind>/<token>/summary")
def page(kind: str, token: str) -> ResponseReturnValue:
    """Show how the game went and who pays whom."""
    stored = game_or_404(token, kind)
    form = StakeForm(formdata=None, data=stored.row.settle or {})
    return _render(stored, form)


@bp.post("/g/<token>/summary")
def set_stake(token: str) -> ResponseReturnValue:
    """Keep the stake and currency, then show the settlement (nothing is kept if either is wrong).

    Setting them twice sets the same values, so a double tap needs no one-time id.
    """
    stored = game_or_404(token, "g")
    form = StakeForm()
    if not form.validate_on_submit():
        return _render(stored, form), 422
    store.set_settle(stored.row, form.stake.data or "", form.currency.data or DEFAULT_CURRENCY)
    return redirect(url_for("summary.page", kind="g", token=token, _anchor="settle"), 303)


def _render(stored: store.StoredGame, form: StakeForm) -> str:
    game = stored.game
    return render_template(
        "summary/page.html",
        stored=stored,
        game=game,
        stats=game_stats(game),
        chart=game_chart(game, id="running-chart") if game.rows else None,
        settled=stored_settlement(game, stored.row.settle),
        settle_rule=settle_rule(game),
        form=form,
        roles=((DECLARER, _l("As declarer")), (OPPONENT, _l("As opponent"))),
    )
