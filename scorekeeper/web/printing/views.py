"""Printable sheets: the blank-sheet form, the blank PDF, and a game's filled PDF (cached)."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from scorekeeper.present.i18n import persian_digits
from scorekeeper.scoring import BARBU, GAMES, Rules
from scorekeeper.storage import limits
from scorekeeper.util.filenames import disposition
from scorekeeper.web.common.lookup import game_or_404

from . import cache, layout, render
from .filled import ORIENTATIONS, PAPERS, render_filled

bp = Blueprint("sheets", __name__)


def _paper() -> tuple[str, str]:
    paper = request.args.get("paper", "a4")
    orientation = request.args.get("orientation", "portrait")
    return (paper if paper in PAPERS else "a4", orientation if orientation in ORIENTATIONS else "portrait")


def _pdf_response(data: bytes, content_disposition: str) -> Response:
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": content_disposition})


SHEET_FLAGS = ("capot", "last_two")
"""The rule options a blank sheet may be asked for as boxes to tick."""


def blank_rules() -> Rules:
    """The rules a blank sheet is drawn for, from the query: the game, how many play, and the
    options that change its rows (anything else is left at the game's default)."""
    args = request.args
    game = GAMES.get(args.get("game", ""), BARBU)
    wanted = args.get("players", "")
    players = (
        int(wanted)
        if wanted.isdecimal() and len(wanted) < 3 and int(wanted) in game.players
        else game.players[-1 if game.id == "french" else 0]
    )
    settings: dict[str, object] = {}
    if game.option("deck") and args.get("deck") == "32":
        settings["deck"] = 32  # fewer tricks and hearts, and the short deck's standard points
    for key in SHEET_FLAGS:  # they change the key of points and the rules the sheet states
        if game.option(key) and args.get(key) == "y":
            settings[key] = True
    if game.option("ravage_city") and args.get("contracts") == "ravage-city":
        settings["ravage_city"] = True
    if game.option("rubbers") and args.get("rubbers") == "1":
        settings["rubbers"] = 1
    if game.option("sequence") and args.get("sequence") == "fixed":
        settings["sequence"] = "fixed"
    return Rules(game, players, tuple(settings.items()))  # type: ignore[arg-type]


@bp.get("/sheets/blank")
def blank_form() -> str:
    """Show the form for a blank sheet: the game, names, paper, orientation, contracts."""
    rules = blank_rules()
    return render_template(
        "printing/blank_form.html",
        papers=PAPERS,
        orientations=ORIENTATIONS,
        rules=rules,
        games=list(GAMES.values()),
        deals=deals_of_choices(rules),
        flags=[o for key in SHEET_FLAGS if (o := rules.game.option(key)) is not None],
    )


# The choices of the blank sheet's form that change its rows: (option, value) each.
CHOICES = {
    "seven": ("ravage_city", False),
    "ravage-city": ("ravage_city", True),
    "three": ("rubbers", 3),
    "one": ("rubbers", 1),
}


def deals_of_choices(rules: Rules) -> dict[str, tuple[int, int]]:
    """How many contracts and deals each choice the game offers gives, from the rules themselves."""
    found = {}
    for name, (key, value) in CHOICES.items():
        if rules.game.option(key):
            chosen = Rules(rules.game, rules.players, ((key, value),))
            found[name] = (len(chosen.contracts), chosen.total_deals)
    return found


@bp.get("/sheets/blank.pdf")
def blank_pdf() -> ResponseReturnValue:
    """A blank sheet to score by hand, on one page."""
    paper, orientation = _paper()
    rules = blank_rules()
    names = tuple(request.args.get(f"player_{s}", "").strip()[:40] for s in range(rules.players))
    # Cached by everything that changes the bytes; only a sheet not seen before is rendered.
    settings = [[k, v] for k, v in rules.settings]
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
