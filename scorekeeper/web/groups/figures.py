"""What a group page shows, worked out once per group state and dates chosen, whoever asks."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import TypeVar

from flask import abort
from werkzeug.datastructures import MultiDict

from scorekeeper.present.group_stats import Board, Names, Records, between, boards, records, tonight
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.ratings import Ratings, rated
from scorekeeper.present.rivals import Ladder, Rivals, ladders, rivals
from scorekeeper.present.seasons import SeasonFigures, season_figures
from scorekeeper.scoring.awards import Award, awards
from scorekeeper.scoring.ladder import MAX_BEST
from scorekeeper.scoring.rating import PROVISIONAL, in_date_order
from scorekeeper.storage import groups
from scorekeeper.storage.groups import GroupGame
from scorekeeper.storage.models import GroupRow
from scorekeeper.storage.seasons import provisional_games
from scorekeeper.storage.seasons import seasons as group_seasons
from scorekeeper.util.memo import K, Memo, V
from scorekeeper.web.common.numbers import parse_int


@dataclass(frozen=True)
class Filter:
    """The dates the leaderboards cover, as typed in the page's GET form, and what was wrong."""

    start: date | None = None
    end: date | None = None
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    best: int | None = None
    """The best-N ladder's N, when one is asked for."""

    @classmethod
    def of(cls, args: MultiDict[str, str]) -> Filter:
        typed = {k: (args.get(k) or "").strip()[:40] for k in ("from", "to", "best")}
        found: dict[str, date | None] = {}
        errors = {}
        for key, value in typed.items():
            if key == "best":
                continue
            found[key] = None
            if value:
                try:
                    found[key] = date.fromisoformat(value)
                except ValueError:
                    errors[key] = _("Give a date as year-month-day, e.g. 2026-03-31.")
        start, end = found["from"], found["to"]
        if start and end and start > end:
            errors["to"] = _("The last day comes before the first.")
        try:
            best = parse_int(typed["best"])
        except ValueError:
            best = 0
        if best is not None and not 1 <= best <= MAX_BEST:
            best = None
            errors["best"] = _("Give a number of games from 1 to %(n)s.", n=MAX_BEST)
        return cls(start, end, typed, errors, best)

    @property
    def key(self) -> tuple[date | None, date | None, int | None]:
        return (self.start, self.end, self.best)


@dataclass(frozen=True)
class Figures:
    """The group page's figures over the dates chosen."""

    games: list[GroupGame]
    names: Names
    boards: list[Board]
    counted: int
    records: list[Records]
    ratings: tuple[Ratings, ...] = ()
    """From every finished game of the group, whatever the dates chosen: a rating is its history."""
    rivals: tuple[Rivals, ...] = ()
    ladders: tuple[Ladder, ...] = ()
    seasons: tuple[SeasonFigures, ...] = ()
    provisional: int = PROVISIONAL
    """The group's number of games a rating stays provisional."""
    awards: tuple[Award, ...] = ()
    """Earned in the deals of the games counted (the dates chosen: a club night's, say)."""


@dataclass(frozen=True)
class Night:
    """Tonight's tables, newest first, and the ranking of the players at them; and every game of
    the group (a table's link may be sealed under an older game's, see groups.game_links)."""

    games: list[GroupGame]
    tables: list[GroupGame]
    names: Names
    boards: list[Board]


# Figures by (group's edit link's hash, state, dates): the state changes with any game or merge of the
# group and never comes back (see groups.state), so a page read by many phones folds and adds up
# the group's games once. What they keep is copied out of the rows (groups.GameInfo), never a row.
FIGURES: Memo[tuple[object, ...], Figures] = Memo(128)
NIGHTS: Memo[tuple[object, ...], Night] = Memo(128)


def _games(row: GroupRow, state: str) -> tuple[list[GroupGame], Names]:
    """The group's folded games and who is who, as they are in `state`; StateMoved when the group
    is found in another state once they are read (on PostgreSQL each statement reads its own
    moment), so that nothing is kept under a state it is not of."""
    played = groups.games(row)
    names = Names(played, groups.merges(row))
    found = groups.state_by_hash(row.edit_hash, fresh=True)
    now = None if found is None else found[0]
    if now != state:
        raise groups.StateMoved(now or state)
    return played, names


T = TypeVar("T")
SETTLE = 10


def settled(state: str, show: Callable[[str], T]) -> tuple[str, T]:
    """`show(state)`, or, if the group moved on while it was read, `show` of the state it moved to;
    and the state shown (which the page's ETag names)."""
    for _attempt in range(SETTLE):
        try:
            return state, show(state)
        except groups.StateMoved as moved:
            state = moved.state
    abort(503)  # changing faster than it can be read, which no club does: ask again in a moment


# When a table saves a deal, every phone following the night asks for the new state within two
# seconds; on one worker they would all work it out at once. One works it out, the others wait
# for it and find it made (gunicorn's gevent workers make this lock cooperative).
_LOCKS: Memo[object, threading.Lock] = Memo(256)
_MAKING = threading.Lock()


def one_at_a_time(key: object) -> threading.Lock:
    """The lock under which this worker makes one thing of a group (its figures: its id)."""
    with _MAKING:
        return _LOCKS.get(key) or _LOCKS.put(key, threading.Lock())


def made_once(memo: Memo[K, V], key: K, lock: object, make: Callable[[], V]) -> V:
    """`memo[key]`, made by `make` if missing, by one request of this worker while the others wait
    for it (a new state of a busy group would otherwise be worked out by every poll at once)."""
    found = memo.get(key)
    if found is not None:
        return found
    with one_at_a_time(lock):
        return memo.get(key) or memo.put(key, make())


def figures(row: GroupRow, state: str, chosen: Filter) -> Figures:
    """The leaderboards and lists of the group over the dates chosen."""

    def make() -> Figures:
        periods = group_seasons(row)  # read before the state is checked, as the games are
        provisional = provisional_games(row)
        played, names = _games(row, state)
        counted = between(played, chosen.start, chosen.end)
        held = tuple(season_figures(p, played, names) for p in periods)
        oldest_first = in_date_order((one.game, one.row.created_at) for one in played)
        ratings = rated(oldest_first, names, provisional)
        ledger = rivals(counted, names)
        shown = boards(counted, names)
        best = ladders(counted, names, chosen.best) if chosen.best else ()
        figured = (records(counted, names), ratings, ledger, best, held, provisional)
        won = awards((one.game for one in counted), names.shown)
        return Figures(played, names, shown, len(counted), *figured, awards=won)

    return made_once(FIGURES, (row.edit_hash, state, chosen.key), row.edit_hash, make)


def night(row: GroupRow, state: str) -> Night:
    """Tonight's tables and ranking."""

    def make() -> Night:
        played, names = _games(row, state)
        tables = tonight(played, datetime.now(UTC))
        return Night(played, tables, names, boards(tables, names))

    return made_once(NIGHTS, (row.edit_hash, state), row.edit_hash, make)
