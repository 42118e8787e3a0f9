"""Game files in and out of the browser: import a barbu-game/1 file, export JSON or CSV."""

from __future__ import annotations

import csv
import io
import json

from flask import Blueprint, Response, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.file import FileField, FileRequired

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.sheet_view import sheet_view
from scorekeeper.scoring import GameError, dump, loads
from scorekeeper.scoring.marks import letters, marks_of
from scorekeeper.storage import store
from scorekeeper.util.filenames import disposition
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.language import describe
from scorekeeper.web.common.lookup import game_or_404, remember

bp = Blueprint("transfer", __name__)
MAX_FILE = 100 * 1024  # a complete game with long names is about 20 KB
COLUMNS = (
    "deal",
    "declarer",
    "dealer",
    "contract",
    "trump",
    "rank",
    "player",
    "doubles",
    "raw",
    "score",
    "total",
    "sitter",
)
"""`player` names the seat (by its first player, as the game file does) and `total` is the seat's
running total; `sitter` is who sat there in that deal, a substitute after a player left, and the
declarer and dealer are named so too."""


class ImportForm(Form):
    file = FileField(validators=[FileRequired()])


@bp.route("/import", methods=["GET", "POST"])
def import_game() -> ResponseReturnValue:
    """Create a game from an uploaded barbu-game/1 file, after checking it whole."""
    form = ImportForm()
    problems: list[str] = []
    if form.validate_on_submit():
        data = form.file.data.read(MAX_FILE + 1)
        if len(data) > MAX_FILE:
            problems = [
                _("The file is larger than %(kb)s KB; a game file is much smaller.", kb=MAX_FILE // 1024)
            ]
        else:
            try:
                game = loads(data)
            except GameError as error:
                problems = [describe(p, with_deal=True) for p in error.problems]
            else:
                created = store.create(game, kind="import")
                remember("g", created.edit_token)
                return redirect(url_for("games.page", kind="g", token=created.edit_token), 303)
    elif form.file.errors:
        problems = [_("Choose a game file.")]
    status = 422 if problems else 200
    return render_template("transfer/import.html", form=form, problems=problems), status


@bp.get("/<any(g, v):kind>/<token>/export.json")
def export_json(kind: str, token: str) -> Response:
    """Download the game as a barbu-game/1 file."""
    stored = game_or_404(token, kind)
    body = json.dumps(dump(stored.game), ensure_ascii=False, indent=2)
    return _download(
        body, "application/json", disposition(stored.game.players, stored.row.created_at, ".json")
    )


def spreadsheet_safe(cell: object) -> object:
    """Text a spreadsheet would read as a formula gets a leading apostrophe; numbers stay numbers."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell


@bp.get("/<any(g, v):kind>/<token>/export.csv")
def export_csv(kind: str, token: str) -> Response:
    """Download the sheet as CSV: one row per deal per seat, with who sat there."""
    stored = game_or_404(token, kind)
    game = stored.game
    marks = letters(game.players)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for row in sheet_view(game).rows:
        scored = row.scored
        d = scored.roles.declarer
        sitting = game.seated(scored.number - 1)
        for seat, cell in enumerate(row.cells):
            writer.writerow(
                spreadsheet_safe(value)
                for value in (
                    scored.number,
                    sitting[d],
                    sitting[scored.roles.dealer],
                    scored.deal.contract.name,
                    scored.deal.trump.value if scored.deal.trump else "",
                    scored.deal.rank or "",
                    game.players[seat],
                    marks_of(seat, scored.deal, d, game.rules).text(marks, d),
                    cell.raw,
                    cell.score,
                    scored.running[seat],
                    sitting[seat],
                )
            )
    return _download(out.getvalue(), "text/csv", disposition(game.players, stored.row.created_at, ".csv"))


def _download(body: str, mimetype: str, content_disposition: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": content_disposition})
