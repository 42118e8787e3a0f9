"""A group in and out of the browser: download it as a zip of game files, import such a zip."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.file import FileField, FileRequired

from scorekeeper.present.i18n import gettext as _
from scorekeeper.storage import limits
from scorekeeper.util.filenames import disposition
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import group_or_404

from . import files as group_files

bp = Blueprint("group_transfer", __name__)


class GroupImportForm(Form):
    file = FileField(validators=[FileRequired()])


@bp.get("/<any(gr, gv):kind>/<token>/export.zip")
def export_zip(kind: str, token: str) -> Response:
    """Download the group as a zip: a barbu-game/1 file per game and group.json."""
    stored = group_or_404(token, kind)
    header = disposition([stored.row.name], stored.row.created_at, ".zip")
    return Response(
        group_files.export(stored), mimetype="application/zip", headers={"Content-Disposition": header}
    )


@bp.route("/groups/import", methods=["GET", "POST"])
def import_group() -> ResponseReturnValue:
    """Create a group from an uploaded zip, after checking every file in it; nothing is stored
    unless all of it can be."""
    form = GroupImportForm()
    problem = None
    details: list[str] = []
    if form.validate_on_submit():
        data = form.file.data.read(group_files.MAX_ZIP + 1)
        try:
            found = group_files.read(data)
        except group_files.ZipProblem as error:
            problem = str(error)
            details = [describe(p, with_deal=True) for p in error.problems]
        else:
            # The attempt counted one (limits.ENDPOINTS); the games it stores count the rest.
            limits.check("import", cost=len(found.games) - 1)
            created = group_files.store_group(found)
            return redirect(url_for("groups.page", kind="gr", token=created.edit_token), 303)
    elif form.file.errors:
        problem = _("Choose a zip file.")
    return render_template(
        "groups/import.html", form=form, problem=problem, details=details
    ), 422 if problem else 200
