"""The game page, its deals, its history, export, undo and "play again"."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import locale, persian_digits
from scorekeeper.present.sheet_view import SheetView, sheet_view
from scorekeeper.scoring import Game, chip_moves, chip_nets, dump, load
from scorekeeper.storage import limits, links, store
from scorekeeper.storage.models import ChangeRow
from scorekeeper.util.memo import Memo
from scorekeeper.web.common.assets import compressed_once
from scorekeeper.web.common.forms import EmptyForm, new_submission_id
from scorekeeper.web.common.lookup import game_or_404, remember
from scorekeeper.web.printing.prerender import prerender_sheet

from .history import changes

bp = Blueprint("games", __name__)
KINDS = "<any(g, v):kind>"


@bp.get(f"/{KINDS}/<token>")
def page(kind: str, token: str) -> ResponseReturnValue:
    """Show the sheet, whose turn it is, and what is owed."""
    stored = game_or_404(token, kind)
    remember(kind, token)
    return _page(stored, "games/page.html")


# Live sheet: every open page asks every two seconds whether the game changed, sending the ETag
# it has. The answer is usually a 304 from one indexed query, so an open page costs the server
# a few milliseconds a minute and holds no worker between polls. Server-sent events would need a
# worker (or thread) per open page and a way to tell every worker and machine of a change;
# polling needs nothing but the database all of them already share.
@bp.get(f"/{KINDS}/<token>/live")
def live(kind: str, token: str) -> ResponseReturnValue:
    """The changing part of the game page, or 304 when the page already shows this state."""
    known = store.current_stamp(token)
    # Authorized first, as the page itself is: a link of the other kind is no such page, whatever
    # ETag the request carries.
    if known is None or known[1] != (kind == "g"):
        abort(404)
    stamp = known[0]
    etag = _etag(kind, stamp)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        found = _shared_fragment(token, stamp) if kind == "v" else None
        if found is None:
            # The game as it is now, which may be a later state than the stamp read half a second
            # ago: the answer's ETag names the state it shows (set by _page).
            return _no_cache(_page(game_or_404(token, kind), "games/_live.html"))
        response = found
    response.set_etag(etag, weak=True)
    return _no_cache(response)


def _no_cache(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-cache"
    return response


def _etag(kind: str, stamp: str) -> str:
    """The page's ETag: the game's stamp (one state for good), language and digits."""
    return f"{kind}{stamp}-{locale()}{'-p' if persian_digits() else ''}"


def _fresh_form(stamp: str) -> EmptyForm:
    """A button form for the state shown, even when the request posted an older one."""
    form = EmptyForm()
    form.version.data = stamp
    form.submission.data = new_submission_id()
    return form


# Rendered once per state (stamp), language and digits, whoever asks: fifty phones following one game
# get the same sheet (and, on the read-only link, the same whole live fragment) without fifty renders.
VIEWS: Memo[tuple[str, str], SheetView] = Memo(256)
SHEETS: Memo[tuple[object, ...], Markup] = Memo(256)
FRAGMENTS: Memo[tuple[object, ...], str] = Memo(256)


def view_of(stored: store.StoredGame) -> SheetView:
    """The game's sheet view, laid out once per state."""
    key = (stored.row.edit_hash, stored.stamp)
    return VIEWS.get(key) or VIEWS.put(key, sheet_view(stored.game))


def sheet_html(stored: store.StoredGame, view: SheetView, full: bool) -> Markup:
    """The scoresheet's HTML, rendered once per state, link kind, language, digits and width."""
    key = (stored.row.edit_hash, stored.stamp, stored.editable, locale(), persian_digits(), full)
    found = SHEETS.get(key)
    if found is None:
        html = render_template("games/_sheet.html", stored=stored, view=view, full_sheet=full)
        found = SHEETS.put(key, Markup(html))
    return found


def _page(stored: store.StoredGame, template: str, notice: str | None = None, status: int = 200) -> Response:
    etag = _etag("g" if stored.editable else "v", stored.stamp)
    full = request.args.get("sheet") == "full"
    shared = template == "games/_live.html" and not stored.editable and notice is None
    if shared:
        key = _fragment_key(stored.row.view_hash, stored.stamp)
        body = FRAGMENTS.get(key) or FRAGMENTS.put(key, _render(stored, template, notice, full))
        response = compressed_once(body, key)
    else:
        response = Response(_render(stored, template, notice, full), status=status)
    response.set_etag(etag, weak=True)
    return response


def _fragment_key(view_hash: str, stamp: str) -> tuple[object, ...]:
    """What the read-only live fragment depends on: every phone with the same key gets the same."""
    return ("game", view_hash, stamp, locale(), persian_digits(), request.args.get("sheet") == "full")


def _shared_fragment(token: str, stamp: str) -> Response | None:
    """The read-only live fragment of this state if already rendered: no query, no render."""
    key = _fragment_key(links.digest(token), stamp)
    body = FRAGMENTS.get(key)
    return None if body is None else compressed_once(body, key)


def _render(stored: store.StoredGame, template: str, notice: str | None, full: bool) -> str:
    undone = _undone(stored) if stored.editable else None
    undone_contract = undone_declarer = None
    if undone is not None and undone.before is not None and undone.position is not None:
        undone_contract = stored.game.rules.game.contract(str(undone.before["contract"]))
        undone_declarer = stored.game.plan.declarers[undone.position]
    view = view_of(stored)
    return render_template(
        template,
        stored=stored,
        view=view,
        sheet_html=sheet_html(stored, view, full),
        turn=stored.game.next_turn(),
        form=_fresh_form(stored.stamp),
        again=_fresh_form(stored.stamp),
        notice=notice,
        etag=_etag("g" if stored.editable else "v", stored.stamp),
        undone=undone if undone_contract is not None else None,
        full_sheet=full,
        undone_contract=undone_contract,
        undone_declarer=undone_declarer,
        corrected=_corrected(stored) if stored.editable else None,
    )


def _corrected(stored: store.StoredGame) -> tuple[int, list[Markup]] | None:
    """The correction the page was opened after (?corrected=N), in words: the deal's number and
    what changed, while it is still the game's last change."""
    wanted = request.args.get("corrected", "")
    if not wanted.isdecimal() or len(wanted) > 3:
        return None
    last = store.last_change(stored.row)
    if (
        last is None
        or last.kind != "edit"
        or last.version != stored.version
        or last.position != int(wanted) - 1
    ):
        return None
    if last.before is None or last.after is None:
        return None
    return int(wanted), changes(last.before, last.after, stored.game.rules)


@bp.get(f"/{KINDS}/<token>/deal/<int:number>")
def deal(kind: str, token: str, number: int) -> str:
    """Show one deal's six pairs and what each paid."""
    stored = game_or_404(token, kind)
    view = view_of(stored)
    if not 1 <= number <= len(view.rows):
        abort(404)
    row = view.rows[number - 1]
    paid = {tuple(sorted((p.payer, p.payee))): p for p in row.scored.payments}
    chips = chip_moves(row.scored) if stored.game.rules.game.doubling else None
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
    stored = game_or_404(token, kind)
    rules = stored.game.rules

    def change_words(before: dict[str, object], after: dict[str, object]) -> list[Markup]:
        return changes(before, after, rules)

    return render_template(
        "games/history.html", stored=stored, changes=store.history(stored.row), change_words=change_words
    )


@bp.post("/g/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    """Remove the last deal (the page then offers to put it back)."""
    stored = game_or_404(token, "g")
    if not stored.game.deals:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    last = len(stored.game.deals) - 1
    return _change(stored, lambda: stored.game.undo(), "undo", last)


@bp.post("/g/<token>/redo")
def redo(token: str) -> ResponseReturnValue:
    """Put back the deal just undone, if nothing changed since."""
    stored = game_or_404(token, "g")
    undone = _undone(stored)
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
    if form.version.data != stored.stamp:
        # A repeat of a change already made carries the state before it (see deals._entry).
        done = store.answered(stored, form.submission.data)
        return redirect(done, 303) if done is not None else _changed(stored.token)
    try:
        game = changed()
        limits.check("change")  # an undo or a put-back keeps a row of history, as a deal does
        version = store.save(stored, stored.version, game, kind, position, (form.submission.data, location))
        prerender_sheet(stored, version)
    except store.Conflict:
        if store.answered(stored, form.submission.data) is not None:
            return redirect(location, 303)
        return _changed(stored.token)
    return redirect(location, 303)


def _undone(stored: store.StoredGame) -> ChangeRow | None:
    """The last change, when it undid a deal and nothing changed since: it can be put back."""
    last = store.last_change(stored.row)
    return last if last is not None and last.kind == "undo" and last.version == stored.version else None


@bp.post("/g/<token>/again")
def again(token: str) -> ResponseReturnValue:
    """Start a new game with the same players and rules; the next player declares first."""
    stored = game_or_404(token, "g")
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    # A double tap sends the button's one-time id twice: the second is sent to the first new game.
    done = store.answered(stored, form.submission.data)
    if done is not None:
        return redirect(done, 303)
    old = stored.game
    once = store.Once(stored, form.submission.data, lambda edit: url_for("games.page", kind="g", token=edit))
    try:
        created = store.create(
            Game(old.players, (old.first_declarer + 1) % len(old.players), old.rules),
            once=once,
            group=store.membership(stored),  # the next game of a club's table stays in the club
        )
    except store.Conflict:
        return redirect(store.answered(stored, form.submission.data) or url_for("home.index"), 303)
    return redirect(url_for("games.page", kind="g", token=created.edit_token), 303)


def _changed(token: str) -> ResponseReturnValue:
    notice = _("This game changed on another phone; nothing was undone. Here is the sheet as it is now.")
    return _page(game_or_404(token, "g"), "games/page.html", notice, 409)
