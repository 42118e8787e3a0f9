"""New game: four names in seating order, the first declarer, and the rules."""

from __future__ import annotations

import secrets

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import store
from ..scoring import SCHEMES, STANDARD, Game, GameError, Rules
from .forms import NewGameForm
from .language import describe
from .rules_form import RULE_CHOICES, build_rules, fill_points, points_report

bp = Blueprint("new_game", __name__)


def _form() -> NewGameForm:
    form = NewGameForm()
    for name, choices in RULE_CHOICES.items():
        getattr(form, name).choices = choices()
    form.first_declarer.choices = {"random": _("Draw at random")} | {
        str(s): _("Player %(n)s", n=s + 1) for s in range(4)
    }
    return form


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Show the new-game form, or create the game and open it."""
    form = _form()
    if request.method == "GET":
        fill_points(form, STANDARD)
        names = request.args.getlist("player")[:4]
        for seat, name in enumerate(names):
            getattr(form, f"player_{seat}").data = name
    report = None
    if form.validate_on_submit():
        rules, report = build_rules(form)
        action = request.form.get("action", "create")
        if action == "balance" and report is not None:
            fill_points(form, report.balanced)
            rules, report = build_rules(form)
        elif action == "create" and rules is not None:
            game = _game(form, rules)
            if game is not None:
                row = store.create(game)
                return redirect(url_for("games.page", kind="g", token=row.edit_token), 303)
    elif request.method == "POST" and form.scheme.data == "custom":
        _, report = build_rules(form)
    return render_template(
        "new_game/new.html", form=form, report=report or points_report(form), schemes=SCHEMES
    )


def _game(form: NewGameForm, rules: Rules) -> Game | None:
    players = tuple(getattr(form, f"player_{s}").data for s in range(4))
    first = form.first_declarer.data
    seat = secrets.randbelow(4) if first == "random" else int(first)
    try:
        return Game(players, seat, rules)
    except GameError as error:
        for problem in error.problems:
            field = problem.field.replace("players[", "player_").rstrip("]")
            target = getattr(form, field, form.first_declarer)
            same = "same name" in problem.message
            message = _("Two players cannot have the same name.") if same else describe(problem)
            target.errors = [*target.errors, message]
        return None
