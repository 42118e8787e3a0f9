"""A group's club evening: plan it on the group's edit link, its tables, and the big screen."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.evening import Meetings, TableResult, meetings_of, plan, standings
from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import GAMES
from scorekeeper.storage import evenings, groups, limits
from scorekeeper.storage.group_names import fold
from scorekeeper.storage.models import EveningRow
from scorekeeper.web.common.security import mark_private

from .form import MAX_ROUNDS, EveningForm

bp = Blueprint("evening", __name__)
KINDS = "<any(gr, gv):kind>"


def group_or_404(token: str, kind: str) -> groups.StoredGroup:
    """The group behind an edit ("gr") or read-only ("gv") link; 404 if there is none."""
    found = groups.find(token)
    if found is None or found.editable != (kind == "gr"):
        abort(404)
    if found.editable:
        mark_private()
    return found


def group_names(group: groups.StoredGroup, games: list[groups.GroupGame]) -> list[str]:
    """The names seen in the group's games, merged spellings counted as one, in alphabetical order."""
    merged = groups.merges(group.row)
    names = {fold(merged.get(fold(p), p)): merged.get(fold(p), p) for g in games for p in g.game.players}
    return sorted(names.values(), key=fold)


def met_before(group: groups.StoredGroup, played: list[groups.GroupGame], names: list[str]) -> Meetings:
    """Who of `names` (by number) sat at one of the group's games together: kept apart tonight."""
    merged = groups.merges(group.row)
    number = {fold(n): i for i, n in enumerate(names)}
    tables = (
        [number[k] for k in (fold(merged.get(fold(p), p)) for p in g.game.players) if k in number]
        for g in played
    )
    return meetings_of(tables)


@bp.route("/gr/<token>/evenings/new", methods=["GET", "POST"])
def new(token: str) -> ResponseReturnValue:
    """Show the form that plans an evening, or plan it, store its tables and open it."""
    group = group_or_404(token, "gr")
    form = EveningForm()
    played = groups.games(group.row)
    form.fill(group_names(group, played), {g: _(GAMES[g].name) for g in GAMES})
    if form.validate_on_submit():
        limits.check("change")
        names, seed = form.players(), secrets.randbelow(2**31)
        rounds = int(form.rounds.data or 1)
        earlier = met_before(group, played, names)
        evening = plan([range(len(names))] * rounds, form.chosen_sizes(), seed, earlier)
        chosen = {size: str(form[f"game_{size}"].data) for size in (3, 4, 5)}
        row = evenings.create(group, evenings.Planned(names, chosen, evening, seed))
        return redirect(url_for("evening.page", kind="gr", token=token, number=row.id), 303)
    if "csrf_token" in form.errors:
        abort(400)
    if form.rounds.errors:
        form.rounds.errors = [_("Choose from 1 to %(n)s rounds.", n=MAX_ROUNDS)]
    return render_template("evening/new.html", form=form, group=group), 422 if form.errors else 200


@dataclass(frozen=True)
class TableView:
    number: int
    game: str
    players: tuple[str, ...]
    link: tuple[str, str] | None
    played: int
    total: int
    complete: bool


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[TableView]
    sitting_out: list[str]


def _evening(group: groups.StoredGroup, number: int) -> tuple[EveningRow, list[RoundView], list[TableResult]]:
    row = evenings.find(group, number)
    if row is None:
        abort(404)
    games = {g.row.id: g for g in groups.games(group.row)}
    links = group.game_links(list(games.values()))
    rounds, results = [], []
    for r, one in enumerate(row.plan.get("rounds", []), start=1):
        tables = []
        for t, game_id in enumerate(one.get("tables", []), start=1):
            found = games.get(game_id)
            if found is None:  # a table's game deleted since
                continue
            game = found.game
            played, total = len(game.rows), game.rules.total_deals
            view = TableView(
                t, _(game.rules.game.name), game.players, links.get(game_id), played, total, game.complete
            )
            tables.append(view)
            if played:
                totals = dict(zip(game.players, game.totals, strict=True))
                results.append(TableResult(totals, played, game.rules.game.lower_wins))
        rounds.append(RoundView(r, tables, list(one.get("sitting_out", []))))
    return row, rounds, results


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>")
def page(kind: str, token: str, number: int) -> ResponseReturnValue:
    """Show the evening: every round's tables, each with its link and QR code, and the standings."""
    group = group_or_404(token, kind)
    row, rounds, results = _evening(group, number)
    return render_template(
        "evening/page.html",
        group=group,
        kind=kind,
        row=row,
        rounds=rounds,
        standings=standings(results),
        players=everyone(rounds),
    )


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/screen")
def screen(kind: str, token: str, number: int) -> ResponseReturnValue:
    """The big screen: every table's progress and the standings, large, refreshing itself."""
    group = group_or_404(token, kind)
    row, rounds, results = _evening(group, number)
    return render_template(
        "evening/screen.html", group=group, kind=kind, row=row, rounds=rounds, standings=standings(results)
    )


def everyone(rounds: list[RoundView]) -> list[str]:
    """Every player of the evening, in alphabetical order: the guide cards' order."""
    names = {n for r in rounds for t in r.tables for n in t.players} | {
        n for r in rounds for n in r.sitting_out
    }
    return sorted(names, key=fold)


@dataclass(frozen=True)
class CardLine:
    """One round of a player's guide card: the table, the seat, the game and the opponents."""

    round: int
    table: TableView | None
    seat: int
    opponents: tuple[str, ...]


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/players/<int:player>")
def card(kind: str, token: str, number: int, player: int) -> ResponseReturnValue:
    """A player's guide card: round by round, where they sit and whom they play."""
    group = group_or_404(token, kind)
    row, rounds, _results = _evening(group, number)
    names = everyone(rounds)
    if not 0 <= player < len(names):
        abort(404)
    name, lines = names[player], []
    for one in rounds:
        table = next((t for t in one.tables if name in t.players), None)
        seat = table.players.index(name) if table else -1
        opponents = tuple(p for p in table.players if p != name) if table else ()
        lines.append(CardLine(one.number, table, seat, opponents))
    return render_template("evening/card.html", group=group, kind=kind, row=row, name=name, lines=lines)
