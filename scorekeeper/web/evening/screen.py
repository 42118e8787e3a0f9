"""The big screen: the round in play, table by table, the standings and the timer, for a TV read
from five metres; once a round is over, the next round's seating, name by name."""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.scoring.awards import awards
from scorekeeper.storage import groups
from scorekeeper.storage.group_names import fold
from scorekeeper.web.common.lookup import group_or_404

from .follow import current_etag, found_or_404, poll, timer_minute
from .loading import KINDS, Loaded, RoundView, bp, load
from .word import word


@dataclass(frozen=True)
class Place:
    """Where one player sits in a round, for the seating shown by name."""

    name: str
    table: int | None
    """None: sitting out."""
    seat: int
    game: str


def shown_round(rounds: list[RoundView]) -> RoundView | None:
    """The round the room is playing: the first not over (a next round seated early waits for
    it), or, when every round is over, the last."""
    return next((r for r in rounds if not r.over), rounds[-1] if rounds else None)


def seating(one: RoundView) -> list[Place]:
    """Every player of the round in alphabetical order, with their table and seat (1 on)."""
    places = [
        Place(name, table.number, seat + 1, table.game)
        for table in one.tables
        for seat, name in enumerate(table.players)
    ]
    places += [Place(name, None, 0, "") for name in one.sitting_out]
    return sorted(places, key=lambda p: fold(p.name))


def _context(group: groups.StoredGroup, kind: str, loaded: Loaded, now: float) -> dict[str, object]:
    shown = shown_round(loaded.rounds)
    ends = shown.ends if shown else None
    # Whole minutes left, rounded up; the poll's ETag moves every minute while the time runs.
    left = None if ends is None else max(0, -(-(ends - int(now)) // 60))
    fresh = shown is not None and not any(t.played for t in shown.tables)
    return {
        "group": group,
        "kind": kind,
        "row": loaded.row,
        "shown": shown,
        "planned": max(int(loaded.row.plan.get("planned", 1)), len(loaded.rounds)),
        "seated": len(loaded.rounds),
        "places": seating(shown) if shown and fresh else [],
        "minutes_left": left,
        # As the evening's page shows them: with the organiser's adjustments, provisional until approved.
        "word": (said := word(group, loaded)),
        "standings": said.standings,
        "awards": awards(loaded.games),
    }


def _fragment(group: groups.StoredGroup, kind: str, number: int) -> str:
    return render_template("evening/_screen.html", **_context(group, kind, load(group, number), time.time()))


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/screen")
def screen(kind: str, token: str, number: int) -> ResponseReturnValue:
    """The big screen, following the evening by itself (a poll, or a refresh without JavaScript)."""
    group = group_or_404(token, kind)
    etag = current_etag(kind, token, found_or_404(group, number), timer_minute)
    live = url_for("evening.screen_live", kind=kind, token=token, number=number)
    context = _context(group, kind, load(group, number), time.time())
    return render_template("evening/screen.html", etag=etag, live_url=live, **context)


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/screen/live")
def screen_live(kind: str, token: str, number: int) -> ResponseReturnValue:
    """The big screen's live part, or 304 when the screen already shows it."""
    return poll(kind, token, number, timer_minute, lambda group: _fragment(group, kind, number))
