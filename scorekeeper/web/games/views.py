"""The game page, its deals, its history, export, undo and "play again"."""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import Game, chip_moves, chip_nets, dump, load
from scorekeeper.scoring.words import N_
from scorekeeper.storage import evening_stops, groups, store
from scorekeeper.storage.models import ChangeRow, NameChangeRow
from scorekeeper.web.changes import Change, NextGame, write
from scorekeeper.web.common.forms import EmptyForm
from scorekeeper.web.common.live import page_etag
from scorekeeper.web.common.lookup import game_or_404, remember

from .history import changes, sitting, stake_change
from .page import fresh_form, render_page, shared_fragment, undone_change, view_of

bp = Blueprint("games", __name__)
KINDS = "<any(g, v):kind>"


@bp.get(f"/{KINDS}/<token>")
def page(kind: str, token: str) -> ResponseReturnValue:
    """Show the sheet, whose turn it is, and what is owed."""
    stored = game_or_404(token, kind)
    remember(kind, token)
    return render_page(stored, "games/page.html")


# Live sheet: every open page asks every two seconds whether the game changed, sending the ETag
# it has. The answer is usually a 304 from one indexed query, so an open page costs the server
# a few milliseconds a minute and holds no worker between polls. Server-sent events would need a
# worker (or thread) per open page and a way to tell every worker and machine of a change;
# polling needs nothing but the database all of them already share.
@bp.get(f"/{KINDS}/<token>/live")
def live(kind: str, token: str) -> ResponseReturnValue:
    """The changing part of the game page, or 304 when the page already shows this state."""
    stamp = _stamp(kind, token, fresh=False)
    if not request.if_none_match.contains_weak(page_etag(kind, stamp)):
        # About to send a sheet: the state is read from the database, not as this worker
        # remembers it, which may be older than what another server already showed this phone
        # (nginx keeps the read-only answers a moment, deploy/nginx-site.conf: an older one kept
        # would take the phone's sheet back for that long).
        stamp = _stamp(kind, token, fresh=True)
    etag = page_etag(kind, stamp)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        found = shared_fragment(token, stamp) if kind == "v" else None
        if found is None:
            # The game as it is now, which may be a later state than the stamp just read (a save
            # may commit between the two): the answer's ETag names the state it shows (render_page).
            return _live_answer(kind, render_page(game_or_404(token, kind), "games/_live.html"))
        response = found
    response.set_etag(etag, weak=True)
    return _live_answer(kind, response)


def _live_answer(kind: str, response: Response) -> Response:
    """Phones ask each time (no-cache). Behind nginx, which keeps the read-only link's answers a
    moment (deploy/nginx-site.conf), this one is kept to the end of this second by this server's
    clock (X-Accel-Expires, which nginx keeps to itself): its own validity counts whole seconds, one
    to two, and a follower would see a deal a second later instead of half a second."""
    response.headers["Cache-Control"] = "no-cache"
    if kind == "v" and current_app.config.get("TRUSTED_PROXIES"):
        response.headers["X-Accel-Expires"] = f"@{int(time.time())}"
    return response


def _stamp(kind: str, token: str, fresh: bool) -> str:
    """The game's stamp, authorized first as the page itself is: a link of the other kind is no
    such page, whatever ETag the request carries."""
    known = store.current_stamp(token, fresh)
    if known is None or known[1] != (kind == "g"):
        abort(404)
    return known[0]


@bp.get(f"/{KINDS}/<token>/deal/<int:number>")
def deal(kind: str, token: str, number: int) -> str:
    """Show one deal's six pairs and what each paid."""
    stored = game_or_404(token, kind)
    view = view_of(stored)
    if not 1 <= number <= len(view.rows):
        abort(404)
    row = view.rows[number - 1]
    paid = {tuple(sorted((p.payer, p.payee))): p for p in row.scored.payments}
    played = stored.game.rules.game  # French Barbu's penalties are not settled in chips
    chips = chip_moves(row.scored) if played.doubling and not played.lower_wins else None
    return render_template(
        "games/deal.html",
        stored=stored,
        view=view,
        row=row,
        pairs=list(combinations(range(len(stored.game.players)), 2)),
        payments=paid,
        chips=chips,
        nets=chip_nets(row.scored),
    )


@bp.get(f"/{KINDS}/<token>/history")
def history(kind: str, token: str) -> str:
    """Show every change made to the game, newest first."""
    return history_page(game_or_404(token, kind))


def history_page(stored: store.StoredGame, notice: str | None = None) -> str:
    """The history, with an undo beside the latest replacement while the game still has it."""
    rules = stored.game.rules

    def change_words(before: dict[str, object], after: dict[str, object], position: int) -> list[Markup]:
        return changes(before, after, rules, sitting(stored.game, position))

    found = _with_name_changes(stored)
    undoable = _latest_replacement(stored, found) if stored.editable else None
    return render_template(
        "games/history.html",
        stored=stored,
        changes=found,
        change_words=change_words,
        stake_words=stake_change,
        undoable=undoable,
        form=fresh_form(stored.stamp) if undoable else None,
        notice=notice,
    )


def _latest_replacement(stored: store.StoredGame, found: list[ChangeRow | NameChangeRow]) -> ChangeRow | None:
    """The history row of the game's latest replacement (newest first in `found`), if it has one."""
    if not stored.game.substitutes:
        return None
    sub = stored.game.substitutes[-1]
    said = {"seat": sub.seat, "from_deal": sub.from_deal, "name": sub.name}
    rows = (c for c in found if isinstance(c, ChangeRow) and c.kind == "substitute")
    return next((c for c in rows if {k: (c.after or {}).get(k) for k in said} == said), None)


def _with_name_changes(stored: store.StoredGame) -> list[ChangeRow | NameChangeRow]:
    """The game's changes, and its group's merges of a spelling its players bear, newest first:
    a merge changes how the group counts the game's players, not the game (no new version)."""
    found: list[ChangeRow | NameChangeRow] = [*store.history(stored.row)]
    if stored.row.group_id is not None:
        found += groups.name_changes(stored.row.group_id, list(stored.game.players))
    return sorted(found, key=lambda change: change.at, reverse=True)


@bp.post("/g/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """Remove the last deal (the page then offers to put it back)."""
    stored = game_or_404(token, "g")
    if not stored.game.deals:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    # A table ended at its fair stop takes no new deal, so a deal undone there could never be
    # entered again and would drop out of the evening's result.
    if evening_stops.stopped_after(stored.row) is not None:
        return render_page(stored, "games/page.html", _(STOPPED_NOT_UNDONE), 409)
    last = len(stored.game.deals) - 1
    return _change(stored, lambda: stored.game.undo(), "undo", last)


@bp.post("/g/<token>/redo")
def redo(token: str) -> ResponseReturnValue:
    """Put back the deal just undone, if nothing changed since."""
    stored = game_or_404(token, "g")
    undone = undone_change(stored)
    if undone is None or undone.before is None:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    hand = undone.before
    # From the game as folded at the version found, not from its rows read now: another phone may
    # have put the deal back meanwhile, and it would then be in the hands twice.
    doc = dump(stored.game)
    again = len(stored.game.deals)
    return _change(stored, lambda: load({**doc, "hands": [*doc["hands"], hand]}), "redo", again)


def _change(
    stored: store.StoredGame, changed: Callable[[], Game], kind: str, position: int
) -> ResponseReturnValue:
    """Store the game `changed()` makes as the next version, made on the version the form shows."""
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    location = url_for("games.page", kind="g", token=stored.token)
    change = Change(changed, kind, position, location)
    done = write(stored, form.version.data, form.submission.data, change)
    return redirect(done, 303) if done is not None else _changed(stored.token, NOT_UNDONE)


@bp.post("/g/<token>/again")
def again(token: str) -> ResponseReturnValue:
    """Start a new game with the same players and rules; the next player declares first."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    # A double tap sends the button's one-time id twice: the second is sent to the first new game.
    change = NextGame(lambda edit: url_for("games.page", kind="g", token=edit))
    done = write(stored, form.version.data, form.submission.data, change)
    return redirect(done, 303) if done is not None else _changed(stored.token, NOT_STARTED)


NOT_UNDONE = N_("This game changed on another phone; nothing was undone. Here is the sheet as it is now.")
STOPPED_NOT_UNDONE = N_(
    "This table was ended at its fair stop: its deals are the evening's result, and none can be undone."
)
NOT_STARTED = N_(
    "This game changed on another phone; no new game was started. Here is the sheet as it is now."
)


def _changed(token: str, notice: str) -> ResponseReturnValue:
    return render_page(game_or_404(token, "g"), "games/page.html", _(notice), 409)
