"""Home: start a new game, or reopen one of the games recently opened here."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .forms import EmptyForm
from .lookup import forget, recent_games

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """Show the start page."""
    return render_template("home/index.html", recent=recent_games(), form=EmptyForm())


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


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so that it may look after every page."""
    response = current_app.send_static_file("js/sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response
