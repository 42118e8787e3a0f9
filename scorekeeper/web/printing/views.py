"""Printable sheets: the blank-sheet form, the blank PDF, and a game's filled PDF (cached)."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from scorekeeper.present.i18n import persian_digits
from scorekeeper.scoring import BARBU, GAMES, GameKind
from scorekeeper.scoring.gamefile_rules import dump_makeup
from scorekeeper.storage import limits
from scorekeeper.util.filenames import disposition
from scorekeeper.web.common.lookup import game_or_404

from . import cache, layout, render
from .blank import BlankSheetForm, blank_options, blank_rules, label, usual_players
from .blank import blank_form as form_class
from .filled import ORIENTATIONS, PAPERS, render_filled

bp = Blueprint("sheets", __name__)


def _paper() -> tuple[str, str]:
    paper = request.args.get("paper", "a4")
    orientation = request.args.get("orientation", "portrait")
    return (paper if paper in PAPERS else "a4", orientation if orientation in ORIENTATIONS else "portrait")


def _pdf_response(data: bytes, content_disposition: str) -> Response:
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": content_disposition})


def _blank_game() -> GameKind:
    return GAMES.get(request.args.get("game", ""), BARBU)


def _blank_page(form: BlankSheetForm, game: GameKind, players: int) -> str:
    form.game.data = game.id  # the game shown, whatever the link named
    label(form, game, players)
    return render_template(
        "printing/blank_form.html",
        form=form,
        game=game,
        games=list(GAMES.values()),
        options=blank_options(game),
    )


@bp.get("/sheets/blank")
def blank_form() -> str:
    """Show the form for a blank sheet: the game, names, paper, orientation, contracts."""
    game = _blank_game()
    # Choices in the link are shown chosen; a table size the game does not play falls back to the usual one.
    form = form_class(game)(formdata=request.args or None)
    if form.players.data not in game.players:
        form.players.data = usual_players(game)
    return _blank_page(form, game, form.players.data)


@bp.get("/sheets/blank.pdf")
def blank_pdf() -> ResponseReturnValue:
    """A blank sheet to score by hand, on one page; the form again, its errors by the fields, if
    something asked for is not offered."""
    game = _blank_game()
    form = form_class(game)(formdata=request.args)
    rules = blank_rules(form, game) if form.validate() else None
    if rules is None:
        players = form.players.data if form.players.data in game.players else usual_players(game)
        return _blank_page(form, game, players), 422
    paper, orientation = form.paper.data, form.orientation.data
    names = tuple(form[f"player_{s}"].data or "" for s in range(rules.players))
    # Cached by everything that changes the bytes; only a sheet not seen before is rendered.
    settings: list[list[object]] = [[k, v] for k, v in rules.settings]
    if rules.salad is not None:
        settings.append(["salad", dump_makeup(rules.salad)])
    key = cache.blank_key(
        paper, orientation, rules.game.id, rules.players, settings, names, str(get_locale()), persian_digits()
    )
    data = cache.get_blank(key)
    if data is None:
        limits.check("pdf")
        html = render_template(
            "printing/sheet.html",
            layout=layout.blank(names, rules),
            paper=PAPERS[paper],
            orientation=orientation,
            printed=None,
        )
        data = render.pdf(html, cached=lambda: cache.get_blank(key))
        cache.put_blank(key, data)
    return _pdf_response(data, 'inline; filename="barbu-sheet.pdf"')


@bp.get("/<any(g, v):kind>/<token>/sheet.pdf")
def filled_pdf(kind: str, token: str) -> ResponseReturnValue:
    """The game's sheet as PDF: rendered once per state, paper and language, then cached."""
    stored = game_or_404(token, kind)
    paper, orientation = _paper()
    data = render_filled(stored, paper, orientation, limited=True)
    # Rendered (or found) first: a sheet the server refused to render is no sheet asked for.
    cache.remember_asked(stored.row, cache.Asked(paper, orientation, str(get_locale()), persian_digits()))
    return _pdf_response(data, disposition(stored.game.players, stored.row.created_at, ".pdf", "inline"))
