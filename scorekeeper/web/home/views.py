"""Home: start a new game, or reopen one of the games recently opened here."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.web.common.forms import EmptyForm
from scorekeeper.web.common.lookup import forget, recent_games, showing

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """Show the start page."""
    return render_template("home/index.html", recent=showing(recent_games()), form=EmptyForm())


@bp.post("/forget")
def forget_game() -> Response:
    """Remove a game from this device's list (the game itself is kept)."""
    if EmptyForm().validate_on_submit():
        forget(request.form.get("entry", ""))
    return redirect(url_for("home.index"), 303)


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows for a page never opened before, when offline."""
    return render_template("home/offline.html")


# What the service worker keeps from its first day: enough for the offline page and a game page.
SHELL = (
    "css/app.css",
    "css/forms.css",
    "js/offline.js",
    "js/live.js",
    "js/deal.js",
    "icon.svg",
)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so that it may look after every page."""
    shell = [url_for("static", filename=name) for name in SHELL]
    source = Path(current_app.static_folder or "static", "js", "sw.js").read_text(encoding="utf-8")
    response = Response(f"const VERSIONED = {json.dumps(shell)};\n{source}", mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response
