"""Pointing at the one figure to suspect: the single correction that makes the whole sheet add up.

Each finding proposes corrections: a row that is off, each of its figures moved by the difference;
a running total that is off, the running total itself, or one of the player's deal scores it
covers; a line of running totals, each of its figures. A proposal counts only if the sheet with it
has no finding at all, so a cell is named only when the row and the column agree on it, and
only when no other single correction would do as well.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from .check import find
from .findings import Finding, Findings, Kind, Suspect
from .sheet import PaperSheet

Fix = tuple[str, int, int, int]
"""("row", row, seat, value) or ("round", round, seat, value)."""


MOST_FINDINGS = 6
"""One wrong figure makes at most this many findings: its row, its block, its running total (later
ones carrying it on), two lines of running totals and the game. More cannot have a single cause,
so no correction is tried (which also bounds the work a sheet full of mistakes costs)."""


def check(sheet: PaperSheet) -> Findings:
    """Every finding on `sheet`, and the one figure to suspect when the findings allow it."""
    findings = find(sheet)
    if not findings.found or len(findings.found) > MOST_FINDINGS:
        return findings
    proposals: set[Fix] = set()
    for finding in findings.found:
        proposals |= _proposals(sheet, finding)
    # A row that adds up to its contract's total now would not after one of its figures changed.
    wrong = {f.row for f in findings.found if f.kind in (Kind.ROW, Kind.ROW_NO_CONTRACT)}
    wrong |= {i for f in findings.found for i in f.among}
    balanced = {
        i
        for i, row in enumerate(sheet.rows)
        if row.complete and i not in wrong and (sheet.contract(i) or findings.inferred[i])
    }
    tried = [fix for fix in sorted(proposals) if fix[0] != "row" or fix[1] not in balanced]
    good = [fix for fix in tried if not find(_apply(sheet, fix)).found]
    if len(good) != 1:
        return findings
    where, index, seat, value = good[0]
    if where == "row":
        written = sheet.rows[index].scores[seat]
        suspect = Suspect(seat, written or 0, value, row=index)
    else:
        suspect = Suspect(seat, sheet.running[index][seat] or 0, value, round=index)
    return replace(findings, suspect=suspect)


def _apply(sheet: PaperSheet, fix: Fix) -> PaperSheet:
    where, index, seat, value = fix
    return sheet.with_score(index, seat, value) if where == "row" else sheet.with_running(index, seat, value)


def _proposals(sheet: PaperSheet, finding: Finding) -> set[Fix]:
    rules = sheet.rules
    fixes: set[Fix] = set()
    match finding.kind:
        case Kind.ROW | Kind.ROW_NO_CONTRACT if finding.row is not None:
            scores = sheet.rows[finding.row].scores
            wanted = set(finding.expected)
            if finding.kind is Kind.ROW_NO_CONTRACT:
                wanted |= {t for k in rules.contracts for t in rules.deal_totals(k)}
            for seat, score in enumerate(scores):
                fixes |= {("row", finding.row, seat, (score or 0) + w - finding.got) for w in wanted}
        case Kind.RUNNING if finding.seat is not None and finding.round is not None:
            seat, r = finding.seat, finding.round
            fixes.add(("round", r, seat, finding.expected[0]))
            ends = sheet.round_ends
            start = 0 if finding.since is None else ends[finding.since] + 1
            shift = finding.got - finding.expected[0]
            for i in range(start, ends[r] + 1):
                score = sheet.rows[i].scores[seat]
                if score is not None:
                    fixes.add(("row", i, seat, score + shift))
        case Kind.BLOCK if finding.should is not None:
            for i in finding.among:
                scores = sheet.rows[i].scores
                shift = finding.should - (sheet.rows[i].total or 0)
                fixes |= {("row", i, seat, (score or 0) + shift) for seat, score in enumerate(scores)}
        case Kind.RUNNING_LINE if finding.round is not None:
            r = finding.round
            for seat, written in enumerate(sheet.running[r]):
                fixes |= {("round", r, seat, (written or 0) + w - finding.got) for w in finding.expected}
        case Kind.ROW | Kind.ROW_NO_CONTRACT | Kind.RUNNING | Kind.BLOCK | Kind.RUNNING_LINE:
            pass  # without the figure it would change (a block of several rows), nothing to propose
        case Kind.REPEATED | Kind.GAME:
            pass  # a contract given twice, or the game's total: no one figure explains it
        case _:
            assert_never(finding.kind)
    return fixes
