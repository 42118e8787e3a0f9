"""A fair stop, on the group's edit link: once a round's time has run out, end a table's game at
the last point where every player has declared equally often. Also the pace line of a table's
game page (minutes a deal, when the game would end)."""

from __future__ import annotations

import time

from flask import abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.evening.stop import Pace, fair_point, pace
from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import Game
from scorekeeper.scoring.words import N_
from scorekeeper.storage import evening_stops, limits
from scorekeeper.storage.store import Conflict, StoredGame
from scorekeeper.web.common.forms import Form
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.printing.prerender import schedule

from .loading import KINDS, Loaded, RoundView, TableView, bp, load


@bp.app_template_global()
def time_up(one: RoundView) -> bool:
    """The round has a time limit and its time has run out: a table may be ended."""
    return one.ends is not None and time.time() >= one.ends


@bp.app_template_global()
def evening_pace(stored: StoredGame) -> Pace | None:
    """A table's pace, when its game is a table of an evening's round with a time limit."""
    found = evening_stops.time_round(stored.row)
    if found is None or found[1].get("started") is None:
        return None
    if evening_stops.stopped_at(found[1], stored.row.id) is not None:
        return None  # ended at its fair stop: no finish to project
    _row, one = found
    started = int(one["started"])
    played = len(stored.game.deals)
    saved = evening_stops.saved_times(stored.row.id, played)
    ends = started + int(one["minutes"]) * 60
    return pace(started, ends, saved, stored.game.rules.total_deals, time.time())


@bp.app_template_global()
def evening_stop(stored: StoredGame) -> int | None:
    """The deal a table's game was ended after at its fair stop; None when it was not."""
    return evening_stops.stopped_after(stored.row)


def _table(loaded: Loaded, game_id: int) -> tuple[RoundView, TableView, Game]:
    """The table's round, the table, and its game as the evening counts it (`loaded.games` holds
    the tables' games in the order the rounds list them)."""
    index = 0
    for one in loaded.rounds:
        for table in one.tables:
            if table.game_id == game_id:
                return one, table, loaded.games[index]
            index += 1
    abort(404)


@bp.route(f"/{KINDS}/<token>/evenings/<int:number>/tables/<int:game_id>/stop", methods=["GET", "POST"])
def stop(kind: str, token: str, number: int, game_id: int) -> ResponseReturnValue:
    """Show where the table's game would end and the deals it drops, or end it there."""
    group = group_or_404(token, kind)
    loaded = load(group, number)
    one, table, game = _table(loaded, game_id)
    back = url_for("evening.page", kind=kind, token=token, number=number)
    refusal, status = None, 200
    if not group.editable:
        refusal, status = _("Only the organiser, on the group's edit link, can end a table."), 403
    elif table.complete:
        return redirect(back + f"#round-{one.number}", 303)
    elif not time_up(one):
        refusal, status = _("A table can be ended once its round's time has run out."), 409
    point = fair_point(game.plan.declarers, len(game.players), table.played)
    if refusal is None and point == 0:
        refusal, status = (
            _("The players have not yet all declared equally often: there is no point to end at."),
            409,
        )
    form = Form()
    moved = None
    if refusal is None and form.is_submitted():
        if not form.validate():
            abort(400)  # its CSRF token did not hold
        if request.form.get("point") != str(point):
            # A deal saved since the page was shown moved the point: the organiser confirms anew.
            moved, status = _(MOVED), 409
        else:
            limits.check("change")
            try:
                version = evening_stops.stop(loaded.row, game_id, point)
            except Conflict:  # a deal saved since this request read the table: read it again
                loaded = load(group, number)
                one, table, game = _table(loaded, game_id)
                if table.complete:  # stopped meanwhile (the organiser's other phone): done
                    return redirect(back + f"#round-{one.number}", 303)
                point = fair_point(game.plan.declarers, len(game.players), table.played)
                moved, status = _(MOVED), 409
            else:
                if table.link is not None and table.link[0] == "g":
                    # The sheet now says where the table ended: have it ready, as after a save.
                    schedule(current_app._get_current_object(), table.link[1], version)  # type: ignore[attr-defined]
                return redirect(back + f"#round-{one.number}", 303)
    context = {"group": group, "kind": kind, "row": loaded.row, "one": one, "table": table, "form": form}
    page = render_template("evening/stop.html", refusal=refusal, moved=moved, point=point, **context)
    return page, status


MOVED = N_("A deal was saved meanwhile, and the point moved: check it, then confirm again.")
