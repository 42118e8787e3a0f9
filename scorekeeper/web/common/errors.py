"""Error pages in the app's own look, so a player always has a way back."""

from __future__ import annotations

from flask import Blueprint, Response, render_template
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import ngettext
from scorekeeper.storage.organiser import Locked

bp = Blueprint("errors", __name__)


def _wait(seconds: int) -> str:
    """When to try again, in whole minutes, or seconds under a minute."""
    if seconds < 60:
        return str(ngettext("Try again in %(num)s second.", "Try again in %(num)s seconds.", max(seconds, 1)))
    minutes = -(-seconds // 60)
    return str(ngettext("Try again in %(num)s minute.", "Try again in %(num)s minutes.", minutes))


def _message(code: int, retry_after: int | None) -> str:
    messages = {
        404: _("There is no such page. The link may be mistyped, or the game may be gone."),
        408: _("The request took too long to arrive. Please send it again."),
        413: _("That file is too large."),
        429: _("Too many new games, imports, changes or printed sheets from this network for now."),
        503: _("The server is busy printing other sheets."),
    }
    message = messages.get(code, _("The request could not be handled (%(code)s).", code=code))
    if retry_after is not None:
        message = f"{message} {_wait(retry_after)}"
    return str(message)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response:
    """Show a short page for 400, 404, 405, 413, 429 and the like, keeping headers such as Retry-After."""
    code = error.code or 500
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    retry = next((v for k, v in headers if k.lower() == "retry-after"), None)
    message = _message(code, int(retry) if retry and retry.isdigit() else None)
    if request_ctx.url_adapter is None:
        # The request named a host no URL can be built for (say a label over 63 characters): the
        # page's links cannot be made, so the answer is plain text.
        return Response(f"{code}: {message}\n", code, headers, mimetype="text/plain")
    return Response(render_template("errors/error.html", code=code, message=message), code, headers)


@bp.app_errorhandler(Locked)
def locked(_error: Locked) -> Response:
    """A change refused because the club evening's organiser locked the table (the deal form says
    so itself, keeping the entry; undo and the stake come here)."""
    message = _(
        "The organiser of the club evening locked this finished table: only the organiser can change"
        " it now. Nothing was changed."
    )
    return Response(render_template("errors/error.html", code=423, message=message), 423)
