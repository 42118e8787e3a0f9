"""A group's pages: create a group, its page (leaderboards, the night's tables, its games), live."""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import locale, persian_digits
from scorekeeper.storage import evenings, groups, store
from scorekeeper.storage.store import StoredGame
from scorekeeper.util.memo import Memo
from scorekeeper.web.common import organiser
from scorekeeper.web.common.assets import compressed_once
from scorekeeper.web.common.forms import new_submission_id
from scorekeeper.web.common.live import page_etag
from scorekeeper.web.common.lookup import group_or_404, keep_first
from scorekeeper.web.common.security import mark_private
from scorekeeper.web.common.share import public_base

from .charts import average, charts
from .figures import Figures, Filter, figures, made_once, night, settled
from .forms import (
    MergeForm,
    NewGroupForm,
    ProvisionalForm,
    SeasonForm,
)
from .ratings import game_kind, strength

bp = Blueprint("groups", __name__)
KINDS = "<any(gr, gv):kind>"


@bp.route("/groups/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    """Show the new-group form, or create the group and open it."""
    form = NewGroupForm()
    form.name.label.text = _("Name of the group")
    if form.validate_on_submit():
        created = groups.create(" ".join((form.name.data or "").split()))
        return redirect(url_for("groups.page", kind="gr", token=created.edit_token), 303)
    if form.name.errors and groups.storable(form.name.data or ""):
        form.name.errors = [_("Give the group a name of at most %(n)s characters.", n=groups.NAME_LIMIT)]
    return render_template("groups/new.html", form=form), 422 if form.errors else 200


@bp.get(f"/{KINDS}/<token>")
def page(kind: str, token: str) -> ResponseReturnValue:
    """Show the group: tonight's tables, leaderboards over the chosen dates, players, games."""
    stored = group_or_404(token, kind)
    _remember(f"{kind}/{token}")
    if stored.editable:
        organiser.remember(
            token
        )  # this phone is the organiser's: its evenings' locked tables take its changes
    return render_page(stored)


GROUPS_KEPT = 6


def _remember(entry: str) -> None:
    """Put a group's link first in this browser's list of groups, for the start page."""
    keep_first("groups", entry, GROUPS_KEPT)


@bp.app_template_global()
def group_of(stored: StoredGame) -> tuple[str, str] | None:
    """The group a game page links back to, as (name, read-only link's token): a game's link gives
    no more than the group's read-only link, kept sealed under the game's (see `links`)."""
    group = groups.of_game(stored.row)
    token = store.group_link(stored) if group is not None else None
    return None if group is None or token is None else (group.name, token)


@bp.app_template_global()
def groups_opened() -> list[tuple[str, groups.StoredGroup]]:
    """The groups this browser opened lately, newest first, as (kind, group)."""
    found = []
    for entry in session.get("groups", [])[:GROUPS_KEPT]:
        kind, _sep, token = str(entry).partition("/")
        stored = groups.find(token)
        if stored is not None and stored.editable == (kind == "gr"):
            found.append((kind, stored))
    if any(stored.editable for _kind, stored in found):
        mark_private()
    return found


def render_page(
    stored: groups.StoredGroup,
    form: MergeForm | None = None,
    status: int = 200,
    notice: str | None = None,
    season_form: SeasonForm | None = None,
    rating_form: ProvisionalForm | None = None,
) -> Response:
    chosen = Filter.of(request.args)

    def show(state: str) -> tuple[Figures, dict[str, Markup], str]:
        shown = figures(stored.row, state, chosen)
        return shown, charts(stored.row, state, chosen, shown), _fragment(stored, state)

    state, (shown, drawn, live_part) = settled(state_of(stored.token), show)
    if form is None:
        form = MergeForm()
    merged = sorted(shown.names.merges.items())
    form.fill(shown.names.spellings())
    form.version.data = groups.names_version(stored.row)  # the merges this page shows
    body = render_template(
        "groups/page.html",
        stored=stored,
        chosen=chosen,
        figures=shown,
        charts=drawn,
        live=live_part,
        links=stored.game_links(shown.games),
        etag=page_etag("gr" if stored.editable else "gv", state),
        merge_form=form,
        merge_notice=notice,
        new_submission_id=new_submission_id,
        season_form=(season_form or SeasonForm()).labelled(),
        evenings=evenings.of_group(stored),
        rating_form=(rating_form or ProvisionalForm()).labelled(shown.provisional),
        merged=[(shown.names.spelling.get(alias, alias), name) for alias, name in merged],
    )
    response = Response(body, status=422 if chosen.errors else status)
    # The edit page carries edit links; security.private() marks it no-store, as a game's.
    response.headers["Cache-Control"] = "no-cache"
    return response


# As a game's live sheet (see games.live): every open group page asks every two seconds, with the
# ETag it has; the answer is usually a 304 from one indexed query (groups.state), and a changed
# night is rendered once per state and language for every phone that asks.
@bp.get(f"/{KINDS}/<token>/live")
def live(kind: str, token: str) -> ResponseReturnValue:
    """The night's tables and ranking, or 304 when the page already shows them."""
    found = groups.state(token)
    # Authorized first, as the page itself is: a link of the other kind is no such page, whatever
    # ETag the request carries.
    if found is None or found[1] != (kind == "gr"):
        abort(404)
    state = found[0]
    etag = page_etag(kind, state)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        stored = group_or_404(token, kind)
        # The state this answer shows, which its ETag names: the group may have moved on since the
        # state was last read (half a second ago at most), and then the answer shows the new one.
        state, body = settled(state, lambda s: _fragment(stored, s))
        etag = page_etag(kind, state)
        # Every phone following the night gets the same bytes: compressed once per state.
        key = ("group", stored.row.edit_hash, state, stored.editable, locale(), persian_digits())
        response = compressed_once(body, key)
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


def state_of(token: str) -> str:
    """The group's state read now (the page itself, not a poll)."""
    found = groups.state(token, fresh=True)
    return "" if found is None else found[0]


FRAGMENTS: Memo[tuple[object, ...], str] = Memo(256)


def _fragment(stored: groups.StoredGroup, state: str) -> str:
    """The live part of the page, rendered once per group state, link kind, language and digits."""
    key = (stored.row.edit_hash, state, stored.editable, locale(), persian_digits())

    def make() -> str:
        tonight = night(stored.row, state)
        links = stored.game_links(tonight.games)
        return render_template("groups/_live.html", stored=stored, night=tonight, links=links)

    return made_once(FRAGMENTS, key, ("fragment", stored.row.edit_hash), make)


@bp.app_template_global()
def group_link(kind: str, token: str) -> str:
    """The full address of a group's edit ("gr") or view ("gv") link."""
    return public_base() + url_for("groups.page", kind=kind, token=token)


bp.add_app_template_filter(average, "average")
bp.add_app_template_filter(strength, "strength")
bp.add_app_template_global(game_kind, "rated_kind")
