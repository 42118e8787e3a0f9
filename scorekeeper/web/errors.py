"""Error pages in the app's own look, so a player always has a way back."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

bp = Blueprint("errors", __name__)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[str, int]:
    """Show a short page for 400, 404, 405, 413 and the like."""
    messages = {
        404: _("There is no such page. The link may be mistyped, or the game may be gone."),
        413: _("That file is too large."),
    }
    code = error.code or 500
    message = messages.get(code, _("The request could not be handled (%(code)s).", code=code))
    return render_template("errors/error.html", code=code, message=message), code
