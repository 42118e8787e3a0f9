"""Each written running total of a paper sheet against the deal scores above it; a difference
the later running totals carry on is told once."""

from __future__ import annotations

from dataclasses import replace

from .findings import Finding, Kind
from .sheet import PaperSheet


def running_totals(sheet: PaperSheet) -> tuple[list[Finding], int, set[tuple[int, int]]]:
    """Each written running total against the deal scores above it; the cells that could be
    checked one by one."""
    found: list[Finding] = []
    checked: set[tuple[int, int]] = set()
    ends = sheet.round_ends
    for seat in range(sheet.rules.players):
        column = [row.scores[seat] for row in sheet.rows]
        prefix: list[int | None] = []
        running: int | None = 0
        for figure in column:
            running = None if running is None or figure is None else running + figure
            prefix.append(running)
        previous: tuple[int, int] | None = None  # (round, written) of the last running total written
        head: int | None = None  # the finding whose difference the later running totals carry on
        for r, end in enumerate(ends):
            written = sheet.running[r][seat]
            if written is None:
                continue
            full = prefix[end]
            start = ends[previous[0]] + 1 if previous else 0
            span = column[start : end + 1]
            local = None if None in span else (previous[1] if previous else 0) + sum(s or 0 for s in span)
            previous = (r, written)
            if full is None and local is None:
                continue
            checked.add((r, seat))
            if full is not None and written == full:
                head = None
                continue
            if full is not None and local == written and head is not None:
                carried = found[head]
                found[head] = with_carried(carried, r)
                continue
            since = None if full is not None else previous_round(ends, start)
            want = full if full is not None else local
            assert want is not None
            if want == written:
                continue
            found.append(Finding(Kind.RUNNING, written, (want,), seat=seat, round=r, since=since))
            head = len(found) - 1
    return found, len(checked), checked


def previous_round(ends: tuple[int, ...], start: int) -> int | None:
    """The round whose last row is just before row `start`."""
    return next((r for r, end in enumerate(ends) if end == start - 1), None)


def with_carried(finding: Finding, round: int) -> Finding:
    return replace(finding, carried=(*finding.carried, round))
