"""Joining a game from another phone: links and their QR codes, drawn on the server as SVG."""

from __future__ import annotations

import io
import ipaddress
import os

import segno
from flask import Blueprint, abort, current_app, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.web.common.lookup import game_or_404

bp = Blueprint("share", __name__)


def public_base() -> str:
    """The address other phones reach this server at.

    A page opened as localhost would hand out links no other phone can open;
    `make run` passes the machine's address on the local network instead.
    """
    host = request.host.rsplit(":", 1)[0].strip("[]")
    configured = current_app.config.get("PUBLIC_URL") or os.environ.get("SCOREKEEPER_PUBLIC_URL")
    if configured and (host == "localhost" or _is_loopback(host)):
        return str(configured).rstrip("/")
    return request.host_url.rstrip("/")


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def link(kind: str, token: str) -> str:
    """The full address of a game's edit ("g") or view ("v") link."""
    return public_base() + url_for("games.page", kind=kind, token=token)


@bp.get("/<any(g, v):kind>/<token>/qr/<any(view, edit):which>.svg")
def qr(kind: str, token: str, which: str) -> Response:
    """The QR code of a game's view link, or (from the edit link only) of its edit link."""
    stored = game_or_404(token, kind)
    if which == "edit" and not stored.editable:
        abort(404)
    shown = stored.token if which == "edit" else stored.view_token
    if shown is None:
        abort(404)
    target = link("g" if which == "edit" else "v", shown)
    out = io.BytesIO()
    segno.make(target, error="m").save(
        out, kind="svg", scale=5, border=3, dark="#000", light="#fff", xmldecl=False, title=target
    )
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response
