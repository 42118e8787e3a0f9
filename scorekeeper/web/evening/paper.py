"""A table without phones: its scorer types the sheet into the paper check, opened from the
evening's table on the group's edit link; once the sheet adds up, a button on the check joins it
to the evening as that table's result (its totals and deals: a sheet holds no deal's details, so
the table's game itself stays without deals)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.paper import PaperSheet, check
from scorekeeper.storage import db, evening_paper, groups, limits, paper_checks
from scorekeeper.storage.models import EveningRow
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.lookup import group_or_404

from .loading import bp, load


@bp.post("/gr/<token>/evenings/<int:number>/tables/<int:game_id>/paper")
def open_paper(token: str, number: int, game_id: int) -> ResponseReturnValue:
    """Open the table's paper check (a new one, filled with its names and rules, the first time)."""
    group = group_or_404(token, "gr")
    loaded = load(group, number)
    if not Form().validate_on_submit():
        abort(400)
    game = next((g.game for g in groups.games(group.row) if g.row.id == game_id), None)
    if game is None or not any(t.game_id == game_id for r in loaded.rounds for t in r.tables):
        abort(404)
    limits.check("create")
    blank = PaperSheet.blank(game.rules, game.players, game.first_declarer)
    check_token = evening_paper.open_check(loaded.row, game_id, token, blank)
    return redirect(url_for("paper.kept", token=check_token, evening=number, table=game_id), 303)


@dataclass(frozen=True)
class Joining:
    """What the check's page offers: join the evening's table with `deals` deals, once it adds up."""

    evening: int
    table: int
    deals: int
    """Deals typed from the first row on, each complete (0: none, or a gap, or a figure missing)."""
    rows: int
    """The deals the sheet has rows for: a table that joins with fewer counts only those tonight."""
    adds_up: bool
    joined: bool


def _asked(check_token: str) -> tuple[EveningRow, int] | None:
    """The evening and table the check's address names, when the check was opened from it."""
    evening, table = request.args.get("evening", ""), request.args.get("table", "")
    if not (evening.isdecimal() and table.isdecimal() and len(evening) < 10 and len(table) < 10):
        return None
    row = db.session().get(EveningRow, int(evening))
    if row is None or not evening_paper.is_tables(row, int(table), check_token):
        return None
    return row, int(table)


def _played(sheet: PaperSheet) -> int:
    """How many deals the sheet holds: complete rows from the first, the rest blank."""
    played = next((i for i, row in enumerate(sheet.rows) if not row.complete), len(sheet.rows))
    return played if all(row.blank for row in sheet.rows[played:]) else 0


@bp.app_template_global()
def evening_joining(kept: paper_checks.KeptCheck) -> Joining | None:
    """The join offered on a kept check's page, when it was opened from an evening's table."""
    asked = _asked(kept.token)
    if asked is None:
        return None
    row, table = asked
    played = _played(kept.sheet)
    adds_up = played > 0 and not check(kept.sheet).found
    joined = any(evening_paper.joined(one, table) for one in row.plan.get("rounds", []))
    return Joining(row.id, table, played, len(kept.sheet.rows), adds_up, joined)


@bp.post("/check/<check_token>/join")
def join(check_token: str) -> ResponseReturnValue:
    """Join the checked sheet to the evening's table it was opened from, if it adds up."""
    kept = paper_checks.find(check_token)
    if kept is None:
        abort(404)
    if not Form().validate_on_submit():
        abort(400)
    asked, offer = _asked(check_token), evening_joining(kept)
    if asked is None or offer is None:
        abort(404)
    if not offer.adds_up:  # the check's page says what does not add up
        return redirect(
            url_for("paper.kept", token=check_token, evening=offer.evening, table=offer.table), 303
        )
    limits.check("change")
    sheet = kept.sheet
    totals = [sum(row.scores[s] or 0 for row in sheet.rows) for s in range(sheet.rules.players)]
    evening_paper.join(asked[0], offer.table, totals, offer.deals)
    return redirect(
        url_for("paper.kept", token=check_token, evening=offer.evening, table=offer.table, joined=1), 303
    )
