"""A group's seasons: naming one, forgetting one (its games stay); and the rating's setting."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.present.i18n import gettext as _
from scorekeeper.storage import limits, seasons
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.lookup import group_or_404

from .forms import ProvisionalForm, SeasonForm
from .views import render_page

bp = Blueprint("group_seasons", __name__)


def _back(token: str) -> ResponseReturnValue:
    return redirect(url_for("groups.page", kind="gr", token=token) + "#seasons-title", 303)


@bp.post("/gr/<token>/seasons")
def add(token: str) -> ResponseReturnValue:
    """Name a season of the group; a problem is said next to its field, nothing stored."""
    stored = group_or_404(token, "gr")
    form = SeasonForm()
    if form.validate_on_submit():
        limits.check("change")
        first, last = form.days
        if seasons.add(stored.row, form.name.data or "", first, last):
            return _back(token)
        form.name.errors = [_("The group has a season of this name already.")]
    elif "csrf_token" in form.errors:
        abort(400)
    return render_page(stored, status=422, season_form=form)


@bp.post("/gr/<token>/seasons/remove")
def remove(token: str) -> ResponseReturnValue:
    """Forget a season of the group."""
    stored = group_or_404(token, "gr")
    if not Form().validate_on_submit():
        abort(400)
    chosen = (request.form.get("season") or "")[:20]
    if not chosen.isascii() or not chosen.isdigit():
        abort(400)
    limits.check("change")
    seasons.remove(stored.row, int(chosen))
    return _back(token)


@bp.post("/gr/<token>/rating")
def rating(token: str) -> ResponseReturnValue:
    """Set how many games a rating stays provisional in the group."""
    stored = group_or_404(token, "gr")
    form = ProvisionalForm()
    if form.validate_on_submit():
        limits.check("change")
        seasons.set_provisional_games(stored.row, form.number)
        return redirect(url_for("groups.page", kind="gr", token=token) + "#ratings-title", 303)
    if "csrf_token" in form.errors:
        abort(400)
    return render_page(stored, status=422, rating_form=form)
