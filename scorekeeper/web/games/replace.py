"""Replacing a player who leaves mid-game: the new player takes the seat from the next deal on, with
its contracts left and the doubles it owes (see scoring.substitutes)."""

from __future__ import annotations

import dataclasses

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import HiddenField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import lazy_gettext as _l
from scorekeeper.scoring import GameError
from scorekeeper.scoring.words import N_
from scorekeeper.storage import evening_stops, store
from scorekeeper.web.changes import SubstituteChange, write
from scorekeeper.web.common.forms import EmptyForm, Form, new_submission_id, no_direction_controls
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import game_or_404

from .page import render_page
from .views import history_page

bp = Blueprint("game_replace", __name__)


class ReplaceForm(Form):
    """Who leaves (by seat) and who takes their seat."""

    version = HiddenField()
    submission = HiddenField(default=new_submission_id)
    seat = SelectField(_l("Who leaves"), coerce=int, validate_choice=True)
    name = StringField(
        _l("Who takes the seat"),
        filters=[lambda v: v.strip() if isinstance(v, str) else v],
        validators=[InputRequired(), Length(max=40), no_direction_controls],
    )


def _form(stored: store.StoredGame, formdata: bool = True) -> ReplaceForm:
    form = ReplaceForm() if formdata else ReplaceForm(formdata=None)
    sitting = stored.game.seated(len(stored.game.deals))
    form.seat.choices = list(enumerate(sitting))
    return form


@bp.route("/g/<token>/replace", methods=["GET", "POST"])
def replace(token: str) -> ResponseReturnValue:
    """Show the form, or keep the replacement and go back to the sheet (nothing is kept if the form
    is wrong, or if the game changed since it was shown)."""
    stored = game_or_404(token, "g")
    if stored.game.complete or not stored.game.deals:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    # A table ended at its fair stop takes no more deals: nobody is left to take a seat for. A form
    # shown before the stop and sent after it is told why nothing was kept.
    if evening_stops.stopped_after(stored.row) is not None:
        if request.method == "POST":
            return render_page(stored, "games/page.html", _(STOPPED_NOT_REPLACED), 409)
        return redirect(url_for("games.page", kind="g", token=token), 303)
    form = _form(stored)
    if not form.validate_on_submit():
        return _render(stored, form), 422 if form.is_submitted() else 200
    location = url_for("games.page", kind="g", token=token)
    change = SubstituteChange(form.seat.data, form.name.data or "", location)
    try:
        done = write(stored, form.version.data, form.submission.data, change)
    except GameError as error:
        for problem in error.problems:
            field = form.seat if problem.field.endswith(".seat") else form.name
            # By the form's own field, the file's field name ("substitutes[0].name: ") is left out.
            field.errors = [*field.errors, describe(dataclasses.replace(problem, message=""))]
        return _render(stored, form), 422
    if done is not None:
        return redirect(done, 303)
    fresh = game_or_404(token, "g")
    form.submission.data = new_submission_id()
    return _render(fresh, form, _(CHANGED)), 409


@bp.post("/g/<token>/replace/undo")
def undo(token: str) -> ResponseReturnValue:
    """Take back the latest replacement: the seat's deals from it on go back to who sat before."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    history = url_for("games.history", kind="g", token=token)
    if not stored.game.substitutes:
        return redirect(history, 303)
    change = SubstituteChange(0, "", history, undo=True)
    done = write(stored, form.version.data, form.submission.data, change)
    if done is not None:
        return redirect(done, 303)
    return history_page(game_or_404(token, "g"), _(NOT_UNDONE)), 409


STOPPED_NOT_REPLACED = N_(
    "This table was ended at its fair stop: it takes no more deals, so nobody takes a seat at it."
    " Nothing was saved."
)
NOT_UNDONE = N_(
    "This game changed on another phone; the replacement was not undone. Here is the history now."
)
CHANGED = N_(
    "This game changed on another phone since this page was shown; nobody was replaced."
    " Send the form again to replace the player now."
)


def _render(stored: store.StoredGame, form: ReplaceForm, notice: str | None = None) -> str:
    form.version.data = stored.stamp  # the state this page shows
    return render_template(
        "games/replace.html", stored=stored, form=form, notice=notice, number=len(stored.game.deals) + 1
    )
