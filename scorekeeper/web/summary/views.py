"""How the game went: the running totals as a chart and a table, points by contract and role,
doubles won and lost, and settling up at the stake the players agreed."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from wtforms import Field, HiddenField, StringField, ValidationError

from scorekeeper.present.charts import COLOURS
from scorekeeper.present.game_chart import game_chart
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.scoring import Game, GameError
from scorekeeper.scoring.settle import DEFAULT_CURRENCY, parse_currency, parse_stake
from scorekeeper.scoring.stats import DECLARER, OPPONENT, game_stats
from scorekeeper.scoring.streaks import places
from scorekeeper.scoring.words import N_
from scorekeeper.storage import stake, store
from scorekeeper.web.changes import StakeChange, write
from scorekeeper.web.common.forms import EmptyForm, Form, new_submission_id
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import game_or_404

from .words import settle_rule, stored_settlement

bp = Blueprint("summary", __name__)


def _refuse(error: GameError) -> ValidationError:
    return ValidationError(" ".join(describe(p) for p in error.problems))


class StakeForm(Form):
    """The stake per point and the currency the game is settled at."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)
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
    """Keep the stake and currency, then show the settlement (nothing is kept if either is wrong,
    or if the game changed since the form was shown: the form then holds what was entered)."""
    stored = game_or_404(token, "g")
    form = StakeForm()
    if not form.validate_on_submit():
        return _render(stored, form), 422
    wanted = {"stake": form.stake.data or "", "currency": form.currency.data or DEFAULT_CURRENCY}
    if wanted == stored.row.settle and form.version.data == stored.stamp:
        return redirect(_settled_at(token), 303)  # the stake it has: no change, no line of history
    return _write(stored, form, StakeChange(wanted, _settled_at(token)))


@bp.post("/g/<token>/summary/undo")
def undo_stake(token: str) -> ResponseReturnValue:
    """Put back the stake the last change replaced (none, if none was set before it)."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    last = stake.undoable(stored, store.last_change(stored.row))
    if last is None and form.version.data == stored.stamp:
        return redirect(_settled_at(token), 303)  # nothing to undo: the last change set no stake
    # Made on another state (last is None then): a repeat, or a change on another phone.
    before = last.before if last is not None else None
    return _write(stored, form, StakeChange(before, _settled_at(token)))


def _write(stored: store.StoredGame, form: StakeForm | EmptyForm, change: StakeChange) -> ResponseReturnValue:
    done = write(stored, form.version.data, form.submission.data, change)
    if done is not None:
        return redirect(done, 303)
    # Changed on another phone: the page as it is now, with the stake entered kept in the form.
    fresh = game_or_404(stored.token, "g")
    shown = form if isinstance(form, StakeForm) else StakeForm(formdata=None, data=fresh.row.settle or {})
    shown.submission.data = new_submission_id()
    return _render(fresh, shown, _(CHANGED)), 409


CHANGED = N_(
    "This game changed on another phone since this page was shown; the stake was not changed."
    " The settlement below is as it is now; send the form again to keep what it holds."
)


def _settled_at(token: str) -> str:
    return url_for("summary.page", kind="g", token=token, _anchor="settle")


def _render(stored: store.StoredGame, form: StakeForm, notice: str | None = None) -> str:
    game = stored.game
    form.version.data = stored.stamp  # the state this page shows
    return render_template(
        "summary/page.html",
        stored=stored,
        game=game,
        stats=game_stats(game),
        chart=game_chart(game, id="running-chart") if game.rows else None,
        settled=stored_settlement(game, stored.row.settle),
        settle_rule=settle_rule(game),
        form=form,
        undo=_undo_form(stored),
        notice=notice,
        roles=((DECLARER, _l("As declarer")), (OPPONENT, _l("As opponent"))),
        ranking=ranking(game),
    )


def ranking(game: Game) -> list[tuple[int, str, int, str]]:
    """(place, name, total, the colour of the player's line in the chart), best first."""
    placed = places(game.totals, game.rules.game.lower_wins)
    seats = sorted(range(len(game.players)), key=lambda s: (placed[s], s))
    return [(placed[s], game.players[s], game.totals[s], COLOURS[s % len(COLOURS)]) for s in seats]


def _undo_form(stored: store.StoredGame) -> tuple[EmptyForm, str] | None:
    """The button that puts the stake before the last change back, with what it was."""
    last = stake.undoable(stored, store.last_change(stored.row)) if stored.editable else None
    if last is None:
        return None
    form = EmptyForm(formdata=None)
    form.version.data = stored.stamp
    before = stored_settlement(stored.game, last.before)
    return form, (before.stake if before is not None else "")
