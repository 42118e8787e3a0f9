"""The organiser's word on an evening as its pages show it: the standings with the adjustments
(and what they were before them), whether they are approved as they stand, and on the group's
edit link each table's lock and the changes made to it after it finished."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from scorekeeper.evening import Standing, TableResult, standings
from scorekeeper.scoring import Contract, Rules
from scorekeeper.storage import groups, organiser
from scorekeeper.storage.evening_stops import STOP
from scorekeeper.storage.models import AdjustmentRow, ChangeRow

from .loading import Loaded, TableView


@dataclass(frozen=True)
class Adjusted:
    """An adjustment as the page lists it, with the round and table it was made at."""

    row: AdjustmentRow
    round: int
    table: int


@dataclass(frozen=True)
class Late:
    """A change made to a table after it finished, as its log says it: when, whose, what."""

    at: datetime
    organiser: bool
    """Made by the organiser; otherwise through the table's own edit link."""
    kind: str
    """"add", "edit", "undo", "redo", "stake", "substitute", "unreplace" or "stop" (listed when
    the table had finished before, then lost its last deal)."""
    deal: int | None
    contract: Contract | None
    seat: tuple[str, str] | None = None
    """A replacement made or undone: who took the seat, and whose seat it was."""
    uncounted: bool = False
    """A change to a deal after the table's fair stop: it does not count tonight."""


SEATS = ("substitute", "unreplace")


def _late(change: ChangeRow, rules: Rules, stop: int | None) -> Late:
    hand = change.after if change.kind not in ("undo", "unreplace") else change.before
    wanted = hand.get("contract") if isinstance(hand, dict) and change.kind != "stake" else None
    contract = rules.game.contract(wanted) if isinstance(wanted, str) else None
    deal = change.position + 1 if change.position is not None else None
    if change.kind == STOP and isinstance(change.after, dict):
        deal = int(change.after.get("deals", 0))  # the deal it ended after
    seat = None
    if change.kind in SEATS and isinstance(hand, dict):
        seat = (str(hand.get("name", "")), str(hand.get("replaced", "")))
    uncounted = stop is not None and deal is not None and change.kind != STOP and deal > stop
    return Late(change.at, change.made_by == "organiser", change.kind, deal, contract, seat, uncounted)


@dataclass(frozen=True)
class Word:
    standings: list[Standing]
    original: dict[str, Fraction]
    """A player's points before the adjustments, for those whose points they changed."""
    adjustments: list[Adjusted]
    provisional: bool
    approved_at: datetime | None
    fingerprint: str
    """What the standings shown are made of: the approval form sends it back."""
    late: dict[int, list[Late]] = field(default_factory=dict)
    """By table (game id): the changes made after it finished (the group's edit link only)."""
    locks: dict[int, datetime] = field(default_factory=dict)
    """By table (game id): when the organiser locked it (the group's edit link only)."""


def tables(loaded: Loaded) -> list[tuple[int, TableView]]:
    """Every table of the evening with the number of its round."""
    return [(r.number, t) for r in loaded.rounds for t in r.tables]


def adjusted_results(loaded: Loaded, adjustments: list[AdjustmentRow]) -> list[TableResult]:
    """Each table's result as it counts tonight (its game up to a fair stop, or its paper sheet)
    with the adjustments added to its players' scores."""
    extra: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for one in adjustments:
        extra[one.game_id][one.player] += one.points
    results = []
    for _round, table in tables(loaded):
        more = extra.get(table.game_id, {})
        base = table.result
        if base is None:  # no deal played: only an adjustment (a score for a deal not played) counts
            if not more:
                continue
            rules = loaded.tonight[table.game_id].game.rules
            base = TableResult(dict.fromkeys(table.players, 0), 0, rules.game.lower_wins)
        totals = {p: total + more.get(p, 0) for p, total in base.totals.items()}
        results.append(replace(base, totals=totals))
    return results


def word(group: groups.StoredGroup, loaded: Loaded, detail: bool = False) -> Word:
    """The standings as the organiser's word leaves them, and with `detail` (the evening's page on
    the group's edit link) the tables' locks and late changes."""
    row = loaded.row
    adjustments = organiser.adjustments(row)
    shown = standings(adjusted_results(loaded, adjustments))
    before = {s.name: s.points for s in standings(loaded.results)}
    original = {s.name: before.get(s.name, Fraction(0)) for s in shown if before.get(s.name) != s.points}
    at = {t.game_id: (r, t.number) for r, t in tables(loaded)}
    listed = [Adjusted(a, *at[a.game_id]) for a in adjustments if a.game_id in at]
    stamps = ((game_id, loaded.tonight[game_id].row.stamp) for game_id in at)
    fingerprint = organiser.fingerprint(stamps, adjustments)
    approval = organiser.approval(row)
    provisional = approval is None or approval.fingerprint != fingerprint
    approved_at = None if approval is None else approval.at
    made = Word(shown, original, listed, provisional, approved_at, fingerprint)
    if not (detail and group.editable):
        return made
    # A game is made at version 0 and each deal entered is a version: one that finished and was
    # changed after has a version above its number of deals. Only those, and the tables ended at
    # their fair stop (the stop is a version of its own), have their history read.
    versions = {t.game_id: int(loaded.tonight[t.game_id].row.stamp.split(".")[0]) for _r, t in tables(loaded)}
    totals = {t.game_id: t.total for _r, t in tables(loaded) if t.stopped or versions[t.game_id] > t.total}
    stops = {t.game_id: t.played for _r, t in tables(loaded) if t.stopped}
    late = {
        game_id: [_late(c, loaded.tonight[game_id].game.rules, stops.get(game_id)) for c in changes]
        for game_id, changes in organiser.after_finish(totals).items()
    }
    return replace(made, late=late, locks=organiser.locks(list(versions)))
