"""The game page, its deals, its history, export, undo and "play again"."""

from __future__ import annotations

import json
from itertools import combinations

from flask import Blueprint, abort, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import store
from ..scoring import Game, dump
from .forms import EmptyForm
from .lookup import game_or_404
from .sheet_view import sheet_view

bp = Blueprint("games", __name__)
KINDS = "<any(g, v):kind>"


@bp.get(f"/{KINDS}/<token>")
def page(kind: str, token: str) -> str:
    """Show the sheet, whose turn it is, and what is owed."""
    stored = game_or_404(token, kind)
    return render_template(
        "games/page.html",
        stored=stored,
        view=sheet_view(stored.game),
        turn=stored.game.next_turn(),
        form=EmptyForm(version=str(stored.version)),
    )


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


@bp.get(f"/{KINDS}/<token>/export.json")
def export(kind: str, token: str) -> Response:
    """Download the game as a barbu-game/1 file."""
    stored = game_or_404(token, kind)
    body = json.dumps(dump(stored.game), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="barbu-game-{stored.row.id}.json"'},
    )


@bp.post("/g/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """Remove the last deal."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not stored.game.deals:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    if not form.validate_on_submit():
        abort(400)
    if form.version.data != str(stored.version):
        return _changed(stored.token)
    try:
        store.save(stored, stored.version, stored.game.undo(), "undo", len(stored.game.deals) - 1)
    except store.Conflict:
        return _changed(stored.token)
    return redirect(url_for("games.page", kind="g", token=token), 303)


@bp.post("/g/<token>/again")
def again(token: str) -> Response:
    """Start a new game with the same players and rules; the next player declares first."""
    stored = game_or_404(token, "g")
    if not EmptyForm().validate_on_submit():
        abort(400)
    old = stored.game
    row = store.create(Game(old.players, (old.first_declarer + 1) % 4, old.rules))
    return redirect(url_for("games.page", kind="g", token=row.edit_token), 303)


def _changed(token: str) -> ResponseReturnValue:
    stored = game_or_404(token, "g")
    return render_template(
        "games/page.html",
        stored=stored,
        view=sheet_view(stored.game),
        turn=stored.game.next_turn(),
        form=EmptyForm(version=str(stored.version)),
        notice=_("This game changed on another phone; nothing was undone. Here is the sheet as it is now."),
    ), 409
