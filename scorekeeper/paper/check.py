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

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.scoring import Contract, Rules

from .sheet import PaperSheet


class Kind(StrEnum):
    """What a finding is about."""

    ROW = "row"
    """A row whose sum is not its contract's total."""
    ROW_NO_CONTRACT = "row-no-contract"
    """A row without a contract whose sum is the total of no contract its declarer has left."""
    REPEATED = "repeated"
    """A period that gives a contract (or one of a choice) more than once."""
    BLOCK = "block"
    """A complete period whose rows do not add up to what the points give."""
    RUNNING = "running"
    """A written running total that is not the sum of the deal scores above it."""
    RUNNING_LINE = "running-line"
    """A line of written running totals that does not add up to what the deals so far come to."""
    GAME = "game"
    """A complete sheet whose rows do not add up to the game's total."""


@dataclass(frozen=True)
class Finding:
    """One thing that does not add up. Rows, rounds, periods and seats count from 0.

    `got` is the figure or sum found; `expected` what it should be (several values when the
    declarers' choices leave it open), nearest first for a row without a contract.
    """

    kind: Kind
    got: int = 0
    expected: tuple[int, ...] = ()
    row: int | None = None
    seat: int | None = None
    round: int | None = None
    period: int | None = None
    contract: Contract | None = None
    inferred: bool = False
    """ROW: the contract is not written; it is the only one its declarer has left."""
    contracts: tuple[Contract, ...] = ()
    """ROW_NO_CONTRACT: the contracts with the nearest total; REPEATED: the contracts repeated."""
    rows: tuple[int, ...] = ()
    """BLOCK: the period's rows; REPEATED: the rows that give it."""
    since: int | None = None
    """RUNNING: compared with the running total after round `since` plus the deals since, the
    deals above it not all being typed."""
    carried: tuple[int, ...] = ()
    """RUNNING, RUNNING_LINE: later rounds whose running totals carry the same difference on."""
    among: tuple[int, ...] = ()
    """BLOCK, when every row adds up to a contract's total: the rows without a contract written that
    add up to a total the block has once too often; one of them should add up to `should`."""
    should: int | None = None

    @property
    def difference(self) -> int:
        """How far `got` is from the nearest value it should be."""
        return self.got - min(self.expected, key=lambda e: (abs(self.got - e), e)) if self.expected else 0


@dataclass(frozen=True)
class Tally:
    """How much of the sheet could be checked."""

    rows: int
    periods: int
    running: int
    complete: bool


@dataclass(frozen=True)
class Findings:
    """The findings, and what the check learnt on the way."""

    found: tuple[Finding, ...]
    maybe: tuple[tuple[Contract, ...], ...]
    """For each row typed without a contract whose sum fits: the contracts it could be."""
    inferred: tuple[Contract | None, ...]
    """For each row without a written contract: the contract its declarer has left, if only one."""
    tally: Tally
    suspect: Suspect | None = None
    """The one figure that, corrected, would make the whole sheet add up, when only one would."""


@dataclass(frozen=True)
class Suspect:
    """A figure to look at first: a deal score (`row`) or a written running total (`round`)."""

    seat: int
    written: int
    likely: int
    """The figure that would make everything add up."""
    row: int | None = None
    round: int | None = None


def _sums(sets: list[set[int]]) -> set[int]:
    """Every total of one value from each set."""
    found = {0}
    for values in sets:
        found = {a + b for a in found for b in values}
    return found


class _Contracts:
    """Each row's contract (written, fixed or the one left) and each period's possible totals."""

    def __init__(self, sheet: PaperSheet) -> None:
        self.rules = sheet.rules
        self.found: list[Finding] = []
        n = len(sheet.rows)
        self.known: list[Contract | None] = [sheet.contract(i) for i in range(n)]
        self.inferred: list[Contract | None] = [None] * n
        self.open: list[tuple[Contract, ...]] = [()] * n
        self.shapes: list[list[Counter[int]]] = [[] for _ in sheet.periods]
        self.totals: list[set[int] | None] = [self._period(p, rows) for p, rows in enumerate(sheet.periods)]

    def _period(self, period: int, rows: tuple[int, ...]) -> set[int] | None:
        """Look at one period's contracts; what its rows may add up to (None: the contracts
        written repeat one, so they do not say)."""
        slots = self.rules.menu.slots
        used: dict[int, list[int]] = {}
        for i in rows:
            contract = self.known[i]
            if contract is not None:
                used.setdefault(_slot(slots, contract), []).append(i)
        blank = [i for i in rows if self.known[i] is None]
        twice = [given for _s, given in sorted(used.items()) if len(given) > 1]
        for given in twice:
            repeated = tuple(dict.fromkeys(k for i in given if (k := self.known[i]) is not None))
            self.found.append(Finding(Kind.REPEATED, period=period, rows=tuple(given), contracts=repeated))
        if twice:
            for i in blank:
                self.open[i] = self.rules.contracts
            return None
        free = [slot for s, slot in enumerate(slots) if s not in used]
        for i in blank:
            self.open[i] = tuple(k for slot in free for k in slot)
        if len(blank) == 1 and len(free) == 1 and len(free[0]) == 1:
            self.inferred[blank[0]] = self.known[blank[0]] = free[0][0]
        # A slot counts its contract as written, or any of its choices while none is.
        chosen = [[self.known[used[s][0]]] if s in used else slot for s, slot in enumerate(slots)]
        sets = [{self.rules.contract_total(k) for k in pick if k} for pick in chosen]
        # The row totals the period may have, as a bag (few: only Barbette's last slot is a choice).
        self.shapes[period] = [Counter(pick) for pick in itertools.islice(itertools.product(*sets), 16)]
        return _sums(sets)


def _slot(slots: tuple[tuple[Contract, ...], ...], contract: Contract) -> int:
    return next(s for s, slot in enumerate(slots) if contract in slot)


def find(sheet: PaperSheet) -> Findings:
    """Everything that does not add up on `sheet`, in the order of the sheet (no suspect named)."""
    rules = sheet.rules
    contracts = _Contracts(sheet)
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
            want = rules.contract_total(contract)
            if total != want:
                inferred = contracts.inferred[i] is not None
                found.append(Finding(Kind.ROW, total, (want,), row=i, contract=contract, inferred=inferred))
            continue
        fits = tuple(k for k in contracts.open[i] if rules.contract_total(k) == total)
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
    running, running_checked, checked_cells = _running(sheet)
    found += running
    found += _lines(sheet, contracts, checked_cells)
    complete = all(row.complete for row in sheet.rows)
    if complete and None not in contracts.totals:
        expected = _sums([t for t in contracts.totals if t is not None])
        got = sum(row.total or 0 for row in sheet.rows)
        if got not in expected:
            found.append(Finding(Kind.GAME, got, tuple(sorted(expected))))
    tally = Tally(rows_checked, periods_checked, running_checked, complete)
    return Findings(tuple(_ordered(sheet, found)), tuple(maybe), tuple(contracts.inferred), tally)


def _among(
    sheet: PaperSheet, contracts: _Contracts, period: int, rows: tuple[int, ...]
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


def _running(sheet: PaperSheet) -> tuple[list[Finding], int, set[tuple[int, int]]]:
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
                found[head] = _with_carried(carried, r)
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


def _with_carried(finding: Finding, round: int) -> Finding:
    return replace(finding, carried=(*finding.carried, round))


def _lines(sheet: PaperSheet, contracts: _Contracts, checked: set[tuple[int, int]]) -> list[Finding]:
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
            found[-1] = last = _with_carried(last, r)
            continue
        found.append(finding)
        last = finding
    return found


def _so_far(sheet: PaperSheet, contracts: _Contracts, end: int) -> set[int] | None:
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
        sets.append({sum(sheet.rules.contract_total(k) for k in known if k is not None)})
    return _sums(sets)


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


__all__ = ["Finding", "Findings", "Kind", "Suspect", "Tally", "find"]
