"""The evening feature's blueprint, and an evening as its pages show it, read from its games."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from flask import Blueprint, abort

from scorekeeper.evening import Meetings, Round, Table, TableResult, meetings_of
from scorekeeper.present.i18n import gettext as _
from scorekeeper.scoring import Game
from scorekeeper.storage import evening_paper, evening_stops, evenings, groups
from scorekeeper.storage.group_names import fold
from scorekeeper.storage.models import EveningRow

bp = Blueprint("evening", __name__)
KINDS = "<any(gr, gv):kind>"


def group_names(group: groups.StoredGroup, games: list[groups.GroupGame]) -> list[str]:
    """The names seen in the group's games, merged spellings counted as one, in alphabetical order."""
    merged = groups.merges(group.row)
    names = {fold(merged.get(fold(p), p)): merged.get(fold(p), p) for g in games for p in g.game.players}
    return sorted(names.values(), key=fold)


def met_before(group: groups.StoredGroup, played: list[groups.GroupGame], names: list[str]) -> Meetings:
    """Who of `names` (by number) sat at one of `played` together: kept apart tonight."""
    merged = groups.merges(group.row)
    number = {fold(n): i for i, n in enumerate(names)}
    tables = (
        [number[k] for k in (fold(merged.get(fold(p), p)) for p in g.game.players) if k in number]
        for g in played
    )
    return meetings_of(tables)


@dataclass(frozen=True)
class TableView:
    number: int
    game: str
    players: tuple[str, ...]
    """Clockwise from the first declarer."""
    link: tuple[str, str] | None
    played: int
    total: int
    complete: bool
    game_id: int = 0
    stopped: bool = False
    """Ended early by the organiser at its fair point (`played` deals count)."""
    paper: bool = False
    """Its result is its checked paper sheet, joined to the evening (final: the table is done)."""
    now: tuple[str, ...] = ()
    """Who sits at each seat now, a substitute in the seat they took over (`players` are the seats'
    first players, as the planner counts meetings); empty: as `players`."""
    result: TableResult | None = None
    """What the table counts for tonight (its game up to a stop, or its paper sheet); None: no deal."""


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[TableView]
    sitting_out: list[str]
    length: str = "full"
    """"full", "barbette" (at the tables of four) or "time"."""
    minutes: int | None = None
    started: int | None = None
    """When the round was seated, in seconds since the epoch (rounds stored before: None)."""

    @property
    def ends(self) -> int | None:
        """When a time-limited round's time runs out, in seconds since the epoch."""
        if self.length != "time" or not self.minutes or self.started is None:
            return None
        return self.started + self.minutes * 60

    @property
    def over(self) -> bool:
        """Every table of the round has finished its game."""
        return bool(self.tables) and all(t.complete for t in self.tables)


@dataclass(frozen=True)
class Loaded:
    row: EveningRow
    rounds: list[RoundView]
    results: list[TableResult]
    earlier: list[groups.GroupGame]
    """The group's games that are not this evening's."""
    games: list[Game]
    """This evening's games, as they stand."""
    tonight: dict[int, groups.GroupGame] = field(default_factory=dict)
    """This evening's games by id."""

    @property
    def names(self) -> list[str]:
        """Every player of the evening so far, in alphabetical order: the guide cards' order."""
        rounds = self.rounds
        # A substitute too: they sit at a table of the evening, and have a guide card.
        names = {n for r in rounds for t in r.tables for n in (*t.players, *t.now)} | {
            n for r in rounds for n in r.sitting_out
        }
        return sorted(names, key=fold)

    def done(self, names: list[str]) -> list[Round]:
        """The rounds seated so far, as the planner takes them: players by number in `names`."""
        number = {n: i for i, n in enumerate(names)}
        return [
            Round(
                tuple(Table(tuple(number[p] for p in t.players)) for t in r.tables),
                tuple(number[p] for p in r.sitting_out),
            )
            for r in self.rounds
        ]


def load(group: groups.StoredGroup, number: int) -> Loaded:
    """The evening `number` of the group, with its tables' games as they stand; 404 if none."""
    row = evenings.find(group, number)
    if row is None:
        abort(404)
    games = {g.row.id: g for g in groups.games(group.row)}
    links = group.game_links(list(games.values()))
    rounds, results, mine, played_tonight = [], [], set(), []
    for r, one in enumerate(row.plan.get("rounds", []), start=1):
        tables = []
        for t, game_id in enumerate(one.get("tables", []), start=1):
            found = games.get(game_id)
            if found is None:  # not a game of the group any more
                continue
            mine.add(game_id)
            game = found.game
            stop = evening_stops.stopped_at(one, game_id)
            if stop is not None:  # the deals after the fair stop do not count tonight
                game = game.upto(stop)
            played_tonight.append(game)
            played, total = len(game.rows), game.rules.total_deals
            name = _(game.rules.game.name)
            complete = game.complete or stop is not None
            totals = dict(zip(game.players, game.totals, strict=True))
            paper = evening_paper.joined(one, game_id)
            if paper is not None:  # its checked paper sheet is the table's result
                totals, played, complete = dict(zip(game.players, paper[0], strict=True)), paper[1], True
            link = links.get(game_id)
            view = TableView(t, name, game.players, link, played, total, complete, game_id, stop is not None)
            lower = game.rules.game.lower_wins
            result = (
                TableResult(totals, played, lower, sitters(game) if paper is None else {}) if played else None
            )
            now = game.seated(len(game.deals)) if game.substitutes else ()
            tables.append(replace(view, paper=paper is not None, result=result, now=now))
            if result is not None:
                results.append(result)
        minutes, started = one.get("minutes"), one.get("started")
        rounds.append(
            RoundView(
                r,
                tables,
                list(one.get("sitting_out", [])),
                str(one.get("length", "full")),
                int(minutes) if minutes else None,
                int(started) if started else None,
            )
        )
    earlier = [g for g in games.values() if g.row.id not in mine]
    tonight = {game_id: games[game_id] for game_id in mine}
    return Loaded(row, rounds, results, earlier, played_tonight, tonight)


def sitters(game: Game) -> dict[str, tuple[tuple[str, int, int], ...]]:
    """For each seat taken over mid-game: (person, deals played, total) of everyone who sat there."""
    played, totals = game.deals_played(), game.person_totals()
    found = {}
    for seat, name in enumerate(game.players):
        people = (name, *(s.name for s in game.substitutes if s.seat == seat))
        if len(people) > 1:
            found[name] = tuple((p, played[p], totals[p]) for p in people)
    return found
