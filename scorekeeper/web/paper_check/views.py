"""Check a paper sheet: choose the game and type the names, then each deal's figures; the page
says what does not add up. Nothing is stored unless the player asks to keep the check."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict
from wtforms import SelectChoice

from scorekeeper.paper import Findings, PaperSheet, check
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.vocabulary import option_phrase
from scorekeeper.scoring import BARBU, GAMES, GameKind, Rules
from scorekeeper.storage import limits
from scorekeeper.storage import paper_checks as paper_store
from scorekeeper.web.common.rules_form import RulesForm, fill_points, points_fields, scheme_choices
from scorekeeper.web.common.rules_reading import build_rules
from scorekeeper.web.common.security import mark_private
from scorekeeper.web.common.sheet_options import sheet_options

from .forms import GridForm, grid_data, grid_form, read_sheet, setup_form
from .grid import grid_view
from .words import who

bp = Blueprint("paper", __name__, url_prefix="/check")


def _table(values: MultiDict[str, str]) -> tuple[GameKind, int, str | None]:
    """The game and table size asked for, and what is wrong with them, if anything."""
    game = GAMES.get(values.get("game") or BARBU.id)
    if game is None:
        return BARBU, 4, _("Choose one of the games.")
    usual = 4 if 4 in game.players else game.players[0]
    wanted = values.get("players") or str(usual)
    if not wanted.isdecimal() or len(wanted) > 2 or int(wanted) not in game.players:
        return game, usual, _("Choose how many play.")
    return game, int(wanted), None


def _setup(game: GameKind, players: int, values: MultiDict[str, str] | None) -> RulesForm:
    form = setup_form(game, players)(formdata=values, meta={"csrf": False})
    form.scheme.choices = scheme_choices(game)
    form.first_declarer.choices = [
        SelectChoice(str(s), form[f"player_{s}"].data or _("Player %(n)s", n=s + 1)) for s in range(players)
    ]
    form.game.data, form.players.data = game.id, str(players)
    if values is None or "scheme" not in values:
        fill_points(form, Rules.of(game, players).scheme, game, players)
    return form


def _setup_page(form: RulesForm, game: GameKind, players: int, problem: str | None = None) -> str:
    return render_template(
        "paper_check/setup.html",
        form=form,
        game=game,
        players=players,
        games=list(GAMES.values()),
        options=sheet_options(game, players),
        points=points_fields(form, game, players),
        problem=problem,
    )


@bp.get("")
def setup() -> str:
    """Show the choice of game, names and rules."""
    game, players, _problem = _table(request.args)
    values = request.args if "scheme" in request.args else None
    return _setup_page(_setup(game, players, values), game, players)


@bp.route("/sheet", methods=["GET", "POST"])
def sheet() -> ResponseReturnValue:
    """Show the grid for the game chosen; check what was typed, or keep it when asked."""
    game, players, problem = _table(request.args)
    form = _setup(game, players, request.args)
    rules = None
    if problem is None and form.validate():
        rules, _report = build_rules(form, game, players)
    if rules is None:
        return _setup_page(form, game, players, problem), 422
    names = tuple(form[f"player_{s}"].data or "" for s in range(players))
    blank = PaperSheet.blank(rules, names, int(form.first_declarer.data or 0))
    return _grid(blank, None)


@bp.route("/<token>", methods=["GET", "POST"])
def kept(token: str) -> ResponseReturnValue:
    """Show a kept check again, checked, for correcting; keep the corrections when asked."""
    found = paper_store.find(token)
    if found is None:
        abort(404)
    mark_private()  # its address is the check's only key, as an edit link is a game's
    return _grid(found.sheet, found)


def _grid(sheet: PaperSheet, kept: paper_store.KeptCheck | None) -> ResponseReturnValue:
    form_class = grid_form(sheet.rules)
    if request.method == "GET":
        form = form_class(data=grid_data(sheet)) if kept else form_class()
        return _grid_page(sheet, form, check(sheet) if kept else None, kept)
    form = form_class()
    valid = form.validate_on_submit()
    typed = read_sheet(form, PaperSheet.blank(sheet.rules, sheet.names, sheet.first))
    if request.form.get("action") == "keep" and valid:
        if kept is None:
            limits.check("create")
            token = paper_store.keep(typed)
        else:
            paper_store.update(kept, typed)
            token = kept.token
        return redirect(url_for("paper.kept", token=token, kept=1, **_joining()), 303)
    page = _grid_page(typed, form, check(typed), kept)
    page.status_code = 200 if valid else 422
    return page


def _joining() -> dict[str, Any]:
    """The evening's table a check was opened from (`web/evening/paper.py`), kept in its address."""
    return {k: v for k in ("evening", "table") if (v := request.args.get(k, "")).isdecimal() and len(v) < 10}


def _layout(rules: Rules) -> list[str]:
    """The rule options that shape the sheet, where they differ from the game's usual ones."""
    options = sheet_options(rules.game, rules.players)
    phrases = (option_phrase(option, rules.setting(option.key)) for option in options)
    return [p for p in phrases if p]


def _grid_page(
    sheet: PaperSheet, form: GridForm, findings: Findings | None, kept: paper_store.KeptCheck | None
) -> Response:
    body = render_template(
        "paper_check/grid.html",
        sheet=sheet,
        form=form,
        view=grid_view(sheet, form, findings),
        kept=kept,
        names=[who(sheet, s) for s in range(sheet.rules.players)],
        layout=_layout(sheet.rules),
        action=url_for("paper.kept", token=kept.token, **_joining())
        if kept
        else request.full_path.rstrip("?"),
        totals={k.id: sheet.rules.contract_total(k) for k in sheet.rules.contracts},
        change=None
        if kept
        else f"{url_for('paper.setup')}?{urlencode(list(request.args.items(multi=True)))}",
    )
    return make_response(body)
