"""The game page, its deals, its history, export, undo and "play again"."""

from __future__ import annotations

from itertools import combinations

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from .. import store
from ..scoring import Game
from .forms import EmptyForm, new_submission_id
from .lookup import game_or_404
from .sheet_view import sheet_view

bp = Blueprint("games", __name__)
KINDS = "<any(g, v):kind>"


@bp.get(f"/{KINDS}/<token>")
def page(kind: str, token: str) -> ResponseReturnValue:
    """Show the sheet, whose turn it is, and what is owed."""
    return _page(game_or_404(token, kind), "games/page.html")


# Live sheet: every open page asks every two seconds whether the game changed, sending the ETag
# it has. The answer is usually a 304 from one indexed query, so an open page costs the server
# a few milliseconds a minute and holds no worker between polls. Server-sent events would need a
# worker (or thread) per open page and a way to tell every worker and machine of a change;
# polling needs nothing but the database all of them already share.
@bp.get(f"/{KINDS}/<token>/live")
def live(kind: str, token: str) -> ResponseReturnValue:
    """The changing part of the game page, or 304 when the page already shows this version."""
    version = store.current_version(token)
    if version is None:
        abort(404)
    etag = _etag(kind, version)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = _page(game_or_404(token, kind), "games/_live.html")
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _etag(kind: str, version: int) -> str:
    return f"{kind}{version}-{get_locale()}"


def _fresh_form(version: int) -> EmptyForm:
    """A button form for the version shown, even when the request posted an older one."""
    form = EmptyForm()
    form.version.data = str(version)
    form.submission.data = new_submission_id()
    return form


def _page(stored: store.StoredGame, template: str, notice: str | None = None, status: int = 200) -> Response:
    etag = _etag("g" if stored.editable else "v", stored.version)
    body = render_template(
        template,
        stored=stored,
        view=sheet_view(stored.game),
        turn=stored.game.next_turn(),
        form=_fresh_form(stored.version),
        again=_fresh_form(stored.version),
        notice=notice,
        etag=etag,
    )
    response = Response(body, status=status)
    response.set_etag(etag, weak=True)
    return response


@bp.get(f"/{KINDS}/<token>/deal/<int:number>")
def deal(kind: str, token: str, number: int) -> str:
    """Show one deal's six pairs and what each paid."""
    stored = game_or_404(token, kind)
    view = sheet_view(stored.game)
    if not 1 <= number <= len(view.rows):
        abort(404)
    row = view.rows[number - 1]
    paid = {tuple(sorted((p.payer, p.payee))): p for p in row.scored.payments}
    return render_template(
        "games/deal.html",
        stored=stored,
        view=view,
        row=row,
        pairs=list(combinations(range(4), 2)),
        payments=paid,
    )


@bp.get(f"/{KINDS}/<token>/history")
def history(kind: str, token: str) -> str:
    """Show every change made to the game, newest first."""
    stored = game_or_404(token, kind)
    return render_template("games/history.html", stored=stored, changes=store.history(stored.row))


@bp.post("/g/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """Remove the last deal."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not stored.game.deals:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    if not form.validate_on_submit():
        abort(400)
    location = url_for("games.page", kind="g", token=token)
    done = store.answered(stored.row.id, form.submission.data)
    if done is not None:
        return redirect(done, 303)
    if form.version.data != str(stored.version):
        return _changed(stored.token)
    try:
        last = len(stored.game.deals) - 1
        store.save(stored, stored.version, stored.game.undo(), "undo", last, (form.submission.data, location))
    except store.Conflict:
        if store.answered(stored.row.id, form.submission.data) is not None:
            return redirect(location, 303)
        return _changed(stored.token)
    return redirect(location, 303)


@bp.post("/g/<token>/again")
def again(token: str) -> ResponseReturnValue:
    """Start a new game with the same players and rules; the next player declares first."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    # A double tap sends the button's one-time id twice: the second is sent to the first new game.
    done = store.answered(stored.row.id, form.submission.data)
    if done is not None:
        return redirect(done, 303)
    old = stored.game
    once = store.Once(
        stored.row.id,
        form.submission.data,
        stored.version,
        lambda edit_token: url_for("games.page", kind="g", token=edit_token),
    )
    try:
        row = store.create(Game(old.players, (old.first_declarer + 1) % 4, old.rules), once=once)
    except store.Conflict:
        return redirect(store.answered(stored.row.id, form.submission.data) or url_for("home.index"), 303)
    return redirect(url_for("games.page", kind="g", token=row.edit_token), 303)


def _changed(token: str) -> ResponseReturnValue:
    notice = _("This game changed on another phone; nothing was undone. Here is the sheet as it is now.")
    return _page(game_or_404(token, "g"), "games/page.html", notice, 409)
