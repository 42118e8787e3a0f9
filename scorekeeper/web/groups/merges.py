"""Merges of a group's spellings and merges undone, each on the merges the form was shown (the
group's names version), with a one-time id: the group page's edit link only."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.present.i18n import gettext as _
from scorekeeper.storage import groups, limits, store
from scorekeeper.web.common.forms import new_submission_id
from scorekeeper.web.common.lookup import group_or_404

from .figures import Filter, figures, settled
from .forms import MERGE_MOVED, UNMERGE_MOVED, MergeForm, UnmergeForm
from .views import render_page, state_of

bp = Blueprint("group_merges", __name__)


@bp.post("/gr/<token>/merge")
def merge(token: str) -> ResponseReturnValue:
    """Count one spelling of a name as another in this group, on the merges the form was shown."""
    stored = group_or_404(token, "gr")
    form = MergeForm()
    _state, shown = settled(state_of(token), lambda s: figures(stored.row, s, Filter()))
    form.fill(shown.names.spellings())
    if form.validate_on_submit() and form.alias.data and form.name.data:
        if form.version.data != groups.names_version(stored.row):
            return _moved(stored, form.submission.data, MERGE_MOVED, form)
        limits.check("change")
        try:
            if groups.merge(
                stored.row, form.alias.data, form.name.data, form.version.data, form.submission.data
            ):
                return redirect(_merges_of(token), 303)
        except store.Conflict:
            return _moved(stored, form.submission.data, MERGE_MOVED, form)
        form.name.errors = [_("These two spellings are already one player.")]
    elif "csrf_token" in form.errors:
        abort(400)
    return render_page(stored, form, 422)


@bp.post("/gr/<token>/unmerge")
def unmerge(token: str) -> ResponseReturnValue:
    """Count a merged spelling as a player of its own again."""
    stored = group_or_404(token, "gr")
    form = UnmergeForm()
    if not form.validate_on_submit():
        abort(400)
    if form.version.data != groups.names_version(stored.row):
        return _moved(stored, form.submission.data, UNMERGE_MOVED)
    limits.check("change")
    try:
        groups.unmerge(stored.row, (form.alias.data or "")[:80], form.version.data, form.submission.data)
    except store.Conflict:
        return _moved(stored, form.submission.data, UNMERGE_MOVED)
    return redirect(_merges_of(token), 303)


def _moved(
    stored: groups.StoredGroup, submission: str | None, notice: str, form: MergeForm | None = None
) -> ResponseReturnValue:
    """A form sent on merges the group has left: a repeat of one acted on is answered as the first
    was; anything else changed on another phone, and the page says so, the choices kept."""
    if groups.answered(stored.row, submission):
        return redirect(_merges_of(stored.token), 303)
    if form is not None:
        form.submission.data = new_submission_id()
    return render_page(group_or_404(stored.token, "gr"), form, 409, _(notice))


def _merges_of(token: str) -> str:
    return url_for("groups.page", kind="gr", token=token) + "#merges-title"
