"""New game: the game first, then the names in seating order, the first declarer and the rules."""

from __future__ import annotations

import secrets

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import BARBU, GAMES, Game, GameError, GameKind, Rules
from scorekeeper.storage import groups, store
from scorekeeper.storage.store import StoredGame
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import recent_games, showing
from scorekeeper.web.common.rules_form import (
    NewGameForm,
    fill_points,
    fill_salad,
    new_game_form,
    points_fields,
    scheme_choices,
)
from scorekeeper.web.common.rules_reading import build_rules, report_for
from scorekeeper.web.common.security import mark_private

bp = Blueprint("new_game", __name__)


def _game_and_players() -> tuple[GameKind, int]:
    """The game and player count asked for: a switch button, the form's hidden fields, or the link."""
    values = request.values
    game = GAMES.get(values.get("switch_game") or values.get("game") or "", BARBU)
    wanted = values.get("switch_players") or values.get("players") or ""
    usual = 4 if 4 in game.players else game.players[0]
    count = int(wanted) if wanted.isdecimal() and len(wanted) < 3 and int(wanted) in game.players else usual
    if "switch_game" in values:
        count = usual
    return game, count


def _form(game: GameKind, players: int) -> NewGameForm:
    form = new_game_form(game, players)()
    form.scheme.choices = scheme_choices(game)
    form.first_declarer.choices = [("random", _("Draw at random"))] + [
        (str(s), (form[f"player_{s}"].data or "").strip() or _("Player %(n)s", n=s + 1))
        for s in range(players)
    ]
    form.game.data, form.players.data = game.id, str(players)
    return form


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Show the new-game form, or create the game and open it."""
    game, players = _game_and_players()
    form = _form(game, players)
    group = groups.by_edit_token(request.values.get("group"))
    if group is not None:
        mark_private()  # the form carries the group's edit link
    switching = "switch_game" in request.form or "switch_players" in request.form
    if request.method == "GET" or switching:
        form.scheme.data = form.scheme.data if request.method == "GET" else "standard"
        if "switch_game" in request.form:
            # Only the names carry over to another game: its rules start from its own defaults
            # (Barbette's one compulsory double, not Barbu's two).
            for option in game.options:
                default = option.default
                form[option.key].data = default if isinstance(default, bool) else str(default)
            fill_salad(form, None)
        fill_points(form, Rules.of(game, players).scheme, game, players)
        for seat, name in enumerate(request.args.getlist("player")[:players]):
            form[f"player_{seat}"].data = name
        like = _table_like(request.args.get("like", ""))
        if like is not None and request.method == "GET":
            game, players = like.game.rules.game, len(like.game.players)
            form = _form(game, players)
            _fill_like(form, like.game)
        return render_template(
            "new_game/new.html",
            form=form,
            game=game,
            players=players,
            group=group,
            **_page(form, game, players),
        )
    report = None
    if form.validate_on_submit():
        rules, report = build_rules(form, game, players)
        action = request.form.get("action", "create")
        if action == "balance" and report is not None and report.balanced is not None:
            fill_points(form, report.balanced, game, players)
            rules, report = build_rules(form, game, players)
        elif action == "create" and rules is not None:
            created = _game(form, rules)
            if created is not None:
                made = store.create(created, group=group.membership() if group is not None else None)
                return redirect(url_for("games.page", kind="g", token=made.edit_token), 303)
    elif form.scheme.data == "custom" or "salad_parts" in form:
        # Said with the names' refusals, not only once they are right.
        rules, report = build_rules(form, game, players)
    return render_template(
        "new_game/new.html",
        form=form,
        game=game,
        players=players,
        report=report,
        group=group,
        **_page(form, game, players),
    )


def _page(form: NewGameForm, game: GameKind, players: int) -> dict[str, object]:
    standard = Rules.of(game, players)
    return {
        "games": list(GAMES.values()),
        "points": points_fields(form, game, players),
        "standard": standard,
        "tables": _recent_tables(),
    }


def _recent_tables(limit: int = 3) -> list[tuple[str, StoredGame]]:
    """Tables that played on this phone lately: the same players and rules, one tap away."""
    seen, tables = set(), []
    for entry, kind, stored in recent_games(limit=8):
        game = stored.game
        key = (game.players, game.rules)
        if key not in seen:
            seen.add(key)
            tables.append((entry, kind, stored))
    return [(entry, stored) for entry, _kind, stored in showing(tables[:limit])]


def _table_like(entry: str) -> StoredGame | None:
    """The game of a recent-games entry of this browser (and only of this browser's list)."""
    if entry.startswith("g/"):
        mark_private()  # the page's own address holds the edit link (its language links repeat it)
    return next((stored for e, _kind, stored in recent_games(limit=8) if e == entry), None)


def _fill_like(form: NewGameForm, game: Game) -> None:
    """The new-game form holding the players and rules of `game`."""
    rules = game.rules
    for seat, name in enumerate(game.players):
        form[f"player_{seat}"].data = name
    # As at the table: the player left of the last game's first declarer starts this one.
    form.first_declarer.data = str((game.first_declarer + 1) % len(game.players))
    form.first_declarer.choices = {"random": _("Draw at random")} | {
        str(s): n for s, n in enumerate(game.players)
    }
    for key, value in rules.settings:
        form[key].data = value if isinstance(value, bool) else str(value)
    fill_salad(form, rules.salad)
    named = {name for name, _points in rules.game.schemes}
    if rules.scheme.name in named or (rules.scheme.name == "standard" and not named):
        form.scheme.data = rules.scheme.name
    else:
        form.scheme.data = "custom"
    fill_points(form, rules.scheme, rules.game, rules.players)


def _game(form: NewGameForm, rules: Rules) -> Game | None:
    n = rules.players
    players = tuple(form[f"player_{s}"].data for s in range(n))
    first = form.first_declarer.data
    seat = secrets.randbelow(n) if first not in {str(s) for s in range(n)} else int(first)
    try:
        return Game(players, seat, rules)
    except GameError as error:
        for problem in error.problems:
            field = problem.field.replace("players[", "player_").rstrip("]")
            target = form._fields.get(field, form.first_declarer)
            same = "same name" in problem.message
            message = _("Two players cannot have the same name.") if same else describe(problem)
            target.errors = [*target.errors, message]
        return None


__all__ = ["bp", "report_for"]
