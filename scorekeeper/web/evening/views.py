"""A group's club evening: plan it on the group's edit link, seat each next round, its tables, the
big screen and the players' guide cards."""

from __future__ import annotations

import secrets

from flask import abort, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.evening import seat_round
from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import GAMES
from scorekeeper.scoring.awards import awards
from scorekeeper.storage import evenings, groups, limits
from scorekeeper.storage.group_names import fold
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.common.organiser import remember

from . import card, paper, screen, slips, stop  # noqa: F401  (their views join the blueprint)
from .form import MAX_ROUNDS, EveningForm, NextRoundForm
from .loading import KINDS, Loaded, bp, group_names, load, met_before
from .organiser_form import AdjustmentForm, ApprovalForm, ButtonForm
from .word import word

__all__ = ["bp"]


@bp.route("/gr/<token>/evenings/new", methods=["GET", "POST"])
def new(token: str) -> ResponseReturnValue:
    """Show the form that plans an evening, or plan it, seat round 1, store its tables and open it."""
    group = group_or_404(token, "gr")
    form = EveningForm()
    played = groups.games(group.row)
    form.fill(group_names(group, played), {g: _(GAMES[g].name) for g in GAMES})
    if form.validate_on_submit():
        limits.check("change")
        names, seed, sizes = form.players(), secrets.randbelow(2**31), form.chosen_sizes()
        first = seat_round([], range(len(names)), sizes, seed, met_before(group, played, names))
        chosen = {size: str(form[f"game_{size}"].data) for size in (3, 4, 5)}
        planned = evenings.Planned(chosen, sorted(sizes), int(form.rounds.data or 1), seed)
        row = evenings.create(group, planned, names, first, form.round_length())
        return redirect(url_for("evening.page", kind="gr", token=token, number=row.id), 303)
    if "csrf_token" in form.errors:
        abort(400)
    form.our_words()
    if form.rounds.errors:
        form.rounds.errors = [_("Choose from 1 to %(n)s rounds.", n=MAX_ROUNDS)]
    return render_template("evening/new.html", form=form, group=group), 422 if form.errors else 200


def _next_form(loaded: Loaded) -> NextRoundForm | None:
    """The form that seats the next round, while the evening has rounds to come."""
    if len(loaded.rounds) >= int(loaded.row.plan.get("planned", 1)):
        return None
    form = NextRoundForm()
    form.fill_present(loaded.names)
    form.allowed = frozenset(int(s) for s in loaded.row.plan.get("sizes", [3, 4, 5]))
    return form


def _evening(template: str, group: groups.StoredGroup, kind: str, loaded: Loaded, **more: object) -> str:
    """An evening's page or big screen: its rounds, standings and awards as they stand."""
    said = word(group, loaded, detail=template == "evening/page.html")
    return render_template(
        template,
        group=group,
        kind=kind,
        row=loaded.row,
        rounds=loaded.rounds,
        standings=said.standings,
        word=said,
        awards=awards(loaded.games),
        **more,
    )


def _page(
    group: groups.StoredGroup, kind: str, loaded: Loaded, form: NextRoundForm | None, **more: object
) -> str:
    next_form = form if group.editable else None
    if group.editable:  # the organiser's forms (organiser.py), empty unless one was sent
        more.setdefault("adjust_form", AdjustmentForm(formdata=None).fill(loaded))
        more.setdefault("button", ButtonForm(formdata=None))
        more.setdefault("approval", ApprovalForm(formdata=None))
    page = "evening/page.html"
    return _evening(page, group, kind, loaded, players=loaded.names, next_form=next_form, **more)


def page_of(group: groups.StoredGroup, kind: str, loaded: Loaded, **more: object) -> str:
    """The evening's page as `page` shows it, with `more` (a form of the organiser's sent back)."""
    return _page(group, kind, loaded, _prefilled(loaded), **more)


def _prefilled(loaded: Loaded) -> NextRoundForm | None:
    """The next round's form, everyone of the round before ticked."""
    form = _next_form(loaded)
    if form is not None:
        last = loaded.rounds[-1]
        form.present.data = sorted({p for t in last.tables for p in t.players} | set(last.sitting_out))
    return form


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>")
def page(kind: str, token: str, number: int) -> ResponseReturnValue:
    """Show the evening: every round's tables, each with its link and QR code, and the standings."""
    group = group_or_404(token, kind)
    if group.editable:
        remember(token)  # this phone is the organiser's: a locked table takes its changes
    return page_of(group, kind, load(group, number))


@bp.post("/gr/<token>/evenings/<int:number>/next")
def next_round(token: str, number: int) -> ResponseReturnValue:
    """Seat the next round for the players here now, and store its tables."""
    group = group_or_404(token, "gr")
    loaded = load(group, number)
    form = _next_form(loaded)
    if form is None:
        return redirect(url_for("evening.page", kind="gr", token=token, number=number), 303)
    if form.validate_on_submit():
        limits.check("change")
        # a walk-in typed as someone who played earlier tonight ("ann" for Ann) is that player
        known = {fold(n): n for n in loaded.names}
        here = [known.get(fold(n), n) for n in form.players()]
        names = loaded.names + [n for n in here if n not in set(loaded.names)]
        present = [names.index(n) for n in here]
        earlier = met_before(group, loaded.earlier, names)
        one = seat_round(loaded.done(names), present, form.allowed, loaded.row.seed, earlier)
        evenings.add_round(group, loaded.row, names, one, form.round_length())
        anchor = f"#round-{len(loaded.rounds) + 1}"
        return redirect(url_for("evening.page", kind="gr", token=token, number=number) + anchor, 303)
    if "csrf_token" in form.errors:
        abort(400)
    form.our_words()
    return _page(group, "gr", loaded, form), 422
