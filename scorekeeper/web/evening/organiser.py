"""The organiser's word, on the group's edit link only: lock a finished table, adjust a player's
score at a table (or take an adjustment back), approve the standings as they stand."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorekeeper.present.i18n import gettext as _
from scorekeeper.storage import groups, limits, organiser
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.common.organiser import remember

from .loading import Loaded, bp, load
from .organiser_form import AdjustmentForm, ApprovalForm, ButtonForm
from .views import page_of
from .word import word

__all__ = ["bp"]

EVENING = "/gr/<token>/evenings/<int:number>"


def _back(token: str, number: int, anchor: str) -> Response:
    return redirect(url_for("evening.page", kind="gr", token=token, number=number, _anchor=anchor), 303)


def _opened(token: str, number: int) -> tuple[groups.StoredGroup, Loaded]:
    """The group (its edit link: this phone is the organiser's) and the evening."""
    group = group_or_404(token, "gr")
    remember(token)
    return group, load(group, number)


def _button(token: str, number: int) -> tuple[groups.StoredGroup, Loaded]:
    """As `_opened`, for a button: 400 if its form is not the page's (CSRF)."""
    opened = _opened(token, number)
    if not ButtonForm().validate_on_submit():
        abort(400)
    limits.check("change")
    return opened


@bp.post(f"{EVENING}/tables/<int:game_id>/lock")
def lock(token: str, number: int, game_id: int) -> ResponseReturnValue:
    """Lock a finished table (only the organiser changes it then), or unlock it."""
    _group, loaded = _button(token, number)
    table = next((t for r in loaded.rounds for t in r.tables if t.game_id == game_id), None)
    if table is None:
        abort(404)
    locking = request.form.get("lock") == "1"
    if locking and not table.complete:  # undone since the page was shown: nothing to lock
        abort(409)
    organiser.lock(loaded.row, game_id, locking)
    return _back(token, number, f"table-{game_id}")


@bp.post(f"{EVENING}/adjustments")
def adjust(token: str, number: int) -> ResponseReturnValue:
    """Keep an adjustment of a player's score at a table; a form with a mistake is shown again."""
    group, loaded = _opened(token, number)
    form = AdjustmentForm().fill(loaded)
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            abort(400)
        return page_of(group, "gr", loaded, adjust_form=form), 422
    limits.check("change")
    game_id, player, points, reason = form.read()
    organiser.adjust(loaded.row, game_id, player, points, reason, form.submission.data)
    return _back(token, number, "adjustments-title")


@bp.post(f"{EVENING}/adjustments/<int:adjustment>/remove")
def unadjust(token: str, number: int, adjustment: int) -> ResponseReturnValue:
    """Take an adjustment back: the table's score is as it was before it."""
    _group, loaded = _button(token, number)
    organiser.unadjust(loaded.row, adjustment)
    return _back(token, number, "adjustments-title")


@bp.post(f"{EVENING}/approve")
def approve(token: str, number: int) -> ResponseReturnValue:
    """Approve the standings as the page showed them; if anything changed since, show them again."""
    group, loaded = _opened(token, number)
    form = ApprovalForm()
    if not form.validate_on_submit():
        abort(400)
    limits.check("change")
    if form.fingerprint.data != word(group, loaded).fingerprint:
        moved = _("The standings changed since this page was shown: check them and approve them again.")
        return page_of(group, "gr", loaded, approval_moved=moved), 409
    organiser.approve(loaded.row, form.fingerprint.data)
    return _back(token, number, "standings-title")
