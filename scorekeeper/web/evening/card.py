"""A player's guide card, on their phone: round by round, their table, seat and opponents, the
round now at the top, following the evening live."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import segno
from flask import Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.storage import evenings, groups
from scorekeeper.storage.group_names import fold
from scorekeeper.storage.models import EveningRow
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.common.share import public_base

from .follow import current_etag, found_or_404, poll
from .loading import KINDS, Loaded, TableView, bp, load


@dataclass(frozen=True)
class CardLine:
    """One round of a player's guide card: the table, the seat, the game and the opponents."""

    round: int
    table: TableView | None
    seat: int
    opponents: tuple[str, ...]


def card_lines(loaded: Loaded, name: str) -> list[CardLine]:
    """Where `name` sits in each round seated so far (no table: they sit it out)."""
    lines = []
    for one in loaded.rounds:
        table = next((t for t in one.tables if name in t.players or name in t.now), None)
        seats = (table.now or table.players) if table else ()
        # A substitute at the seat they took over; who left, at the seat they had.
        seat = seats.index(name) if name in seats else table.players.index(name) if table else -1
        opponents = tuple(p for p in seats if p != name)
        lines.append(CardLine(one.number, table, seat, opponents))
    return lines


def _context(group: groups.StoredGroup, kind: str, number: int, player: int) -> dict[str, object]:
    loaded = load(group, number)
    names = loaded.names
    # A player's number is their place in the evening's names, which a walk-in shifts: the links
    # carry the name too, and the name wins, so that a card opened (or a link handed out) before
    # a late arrival stays that player's card.
    wanted = fold(request.args.get("name", ""))
    player = next((i for i, n in enumerate(names) if wanted and fold(n) == wanted), player)
    if not 0 <= player < len(names):
        abort(404)
    name = names[player]
    lines = card_lines(loaded, name)
    live = url_for("evening.card_live", kind=kind, token=group.token, number=number, player=player, name=name)
    return {"group": group, "kind": kind, "row": loaded.row, "name": name, "lines": lines, "live_url": live}


def _nothing(_row: object) -> str:
    return ""


def _own(name: str) -> Callable[[EveningRow], str]:
    """What of the evening's games `name`'s card shows: their own tables' stamps."""
    return lambda row: evenings.stamps_of(row, name)


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/players/<int:player>")
def card(kind: str, token: str, number: int, player: int) -> ResponseReturnValue:
    """A player's guide card: round by round, where they sit and whom they play."""
    group = group_or_404(token, kind)
    row = found_or_404(group, number)
    # Read before the page is made (as current_etag says); a link without the name, which no page
    # gives out, follows the whole group.
    name = request.args.get("name", "")
    etag = current_etag(kind, token, row, _own(name) if name else _nothing, whole_group=not name)
    return render_template("evening/card.html", etag=etag, **_context(group, kind, number, player))


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/players/<int:player>/qr.svg")
def card_qr(kind: str, token: str, number: int, player: int) -> ResponseReturnValue:
    """The QR code of the player's card on the group's read-only link, to scan from the evening page."""
    group = group_or_404(token, kind)
    shown = _context(group, kind, number, player)
    view = group.view_token
    if view is None:
        abort(404)
    target = public_base() + url_for(
        "evening.card", kind="gv", token=view, number=number, player=player, name=shown["name"]
    )
    out = io.BytesIO()
    segno.make(target, error="m").save(out, kind="svg", scale=4, border=3, xmldecl=False, title=target)
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/players/<int:player>/live")
def card_live(kind: str, token: str, number: int, player: int) -> ResponseReturnValue:
    """The guide card's rounds, or 304 when the phone already shows them."""

    def make(group: groups.StoredGroup) -> str:
        return render_template("evening/_card.html", **_context(group, kind, number, player))

    name = request.args.get("name", "")
    return poll(kind, token, number, _own(name) if name else _nothing, make, whole_group=not name)
