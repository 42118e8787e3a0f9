"""What a typed paper sheet gets wrong, and where, by how much.

The checks are the ones players make on paper, each run only where the figures it needs are typed:

- a row adds up to its contract's total (the contract written, fixed by the rules, or the only one
  left to its declarer); a row without a contract adds up to the total of a contract still open
  to its declarer;
- a period (a declarer's deals, or a rubber) adds up to what the points give for it, once every
  row of it is typed (Barbette's open choice of Trumps or Dominoes allows either total);
- each written running total equals the sum of the player's deal scores above it (else the
  previous written running total plus the deals since), a difference carried on by the later
  running totals told once;
- a line of running totals adds up to what the deals so far come to, where the rows themselves
  are not typed for checking the figures one by one;
- a complete sheet adds up to the game's total.

A finding carries where it is and the figures compared, never words: the screen says them.
"""

from __future__ import annotations

from collections import Counter

from scorekeeper.scoring import Contract, Rules

from .findings import Finding, Findings, Kind, Tally
from .periods import Contracts, sums
from .running import running_totals, with_carried
from .sheet import PaperSheet


def find(sheet: PaperSheet) -> Findings:
    """Everything that does not add up on `sheet`, in the order of the sheet (no suspect named)."""
    rules = sheet.rules
    contracts = Contracts(sheet)
    found = list(contracts.found)
    maybe: list[tuple[Contract, ...]] = [()] * len(sheet.rows)
    rows_checked = 0
    for i, row in enumerate(sheet.rows):
        total = row.total
        if total is None:
            continue
        rows_checked += 1
        contract = contracts.known[i]
        if contract is not None:
            wants = tuple(sorted(rules.deal_totals(contract), key=abs))  # a capot's turned total last
            if total not in wants:
                inferred = contracts.inferred[i] is not None
                found.append(Finding(Kind.ROW, total, wants, row=i, contract=contract, inferred=inferred))
            continue
        fits = tuple(k for k in contracts.open[i] if total in rules.deal_totals(k))
        if fits:
            maybe[i] = fits
        else:
            found.append(_no_contract(rules, i, total, contracts.open[i] or rules.contracts))
    periods_checked = 0
    for period, rows in enumerate(sheet.periods):
        totals = [sheet.rows[i].total for i in rows]
        expected = contracts.totals[period]
        if expected is None or None in totals:
            continue
        periods_checked += 1
        got = sum(t for t in totals if t is not None)
        if got not in expected:
            among, should = _among(sheet, contracts, period, rows)
            found.append(
                Finding(
                    Kind.BLOCK,
                    got,
                    tuple(sorted(expected)),
                    period=period,
                    rows=rows,
                    among=among,
                    should=should,
                )
            )
    running, running_checked, checked_cells = running_totals(sheet)
    found += running
    found += _lines(sheet, contracts, checked_cells)
    complete = all(row.complete for row in sheet.rows)
    if complete and None not in contracts.totals:
        expected = sums([t for t in contracts.totals if t is not None])
        got = sum(row.total or 0 for row in sheet.rows)
        if got not in expected:
            found.append(Finding(Kind.GAME, got, tuple(sorted(expected))))
    tally = Tally(rows_checked, periods_checked, running_checked, complete)
    return Findings(tuple(_ordered(sheet, found)), tuple(maybe), tuple(contracts.inferred), tally)


def _among(
    sheet: PaperSheet, contracts: Contracts, period: int, rows: tuple[int, ...]
) -> tuple[tuple[int, ...], int | None]:
    """Where to look in a block whose rows each add up to a contract's total but not together: when
    one row total too many and one too few explain it, the rows (without a contract written) that
    have the total found once too often, and the total one of them should have."""
    have = Counter(t for i in rows if (t := sheet.rows[i].total) is not None)
    answers = set()
    for shape in contracts.shapes[period]:
        extra, missing = have - shape, shape - have
        if extra.total() == 1 and missing.total() == 1:
            (wrong,), (should,) = extra, missing
            where = tuple(i for i in rows if sheet.rows[i].total == wrong and contracts.known[i] is None)
            if where:
                answers.add((where, should))
    if len(answers) != 1:
        return (), None
    return answers.pop()


def _no_contract(rules: Rules, index: int, total: int, open: tuple[Contract, ...]) -> Finding:
    distance = min(abs(rules.contract_total(k) - total) for k in open)
    nearest = tuple(k for k in open if abs(rules.contract_total(k) - total) == distance)
    values = tuple(dict.fromkeys(rules.contract_total(k) for k in nearest))
    return Finding(Kind.ROW_NO_CONTRACT, total, values, row=index, contracts=nearest)


def _lines(sheet: PaperSheet, contracts: Contracts, checked: set[tuple[int, int]]) -> list[Finding]:
    """Each fully written line of running totals against what the deals so far come to, where
    its figures could not all be checked one by one."""
    found: list[Finding] = []
    n = sheet.rules.players
    last: Finding | None = None
    for r, end in enumerate(sheet.round_ends):
        line = sheet.running[r]
        expected = _so_far(sheet, contracts, end)
        if None in line or expected is None or all((r, s) in checked for s in range(n)):
            last = None
            continue
        got = sum(v or 0 for v in line)
        if got in expected:
            last = None
            continue
        finding = Finding(Kind.RUNNING_LINE, got, tuple(sorted(expected)), round=r)
        if last is not None and last.difference == finding.difference and r < len(sheet.round_ends) - 1:
            found[-1] = last = with_carried(last, r)
            continue
        found.append(finding)
        last = finding
    return found


def _so_far(sheet: PaperSheet, contracts: Contracts, end: int) -> set[int] | None:
    """What the rows up to `end` add up to, None when the contracts do not say."""
    sets: list[set[int]] = []
    for period, rows in enumerate(sheet.periods):
        mine = [i for i in rows if i <= end]
        if len(mine) == len(rows):
            totals = contracts.totals[period]
            if totals is None:
                return None
            sets.append(totals)
            continue
        known = [contracts.known[i] for i in mine]
        if any(k is None for k in known) or contracts.totals[period] is None:
            return None
        sets.append(sums([set(sheet.rules.deal_totals(k)) for k in known if k is not None]))
    return sums(sets)


def _ordered(sheet: PaperSheet, found: list[Finding]) -> list[Finding]:
    """Findings in the order of the sheet: by the row they concern, a round's after its rows."""
    ends = sheet.round_ends
    last = len(sheet.rows)

    def place(f: Finding) -> tuple[float, int]:
        if f.row is not None:
            return (f.row, 0)
        if f.kind is Kind.REPEATED:
            return (f.rows[-1], 1)
        if f.kind is Kind.BLOCK:
            end = f.rows[-1]
            return (ends[sheet.plan.rounds[end]] + 0.5, 3)
        if f.round is not None:
            return (ends[f.round] + 0.5, 2)
        return (last, 4)

    return sorted(found, key=place)


__all__ = ["find"]
