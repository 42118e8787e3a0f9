"""Each row's contract on a paper sheet (written, fixed by the rules, or the only one left to its
declarer) and what each period's rows may add up to."""

from __future__ import annotations

import itertools
from collections import Counter

from scorekeeper.scoring import Contract

from .findings import Finding, Kind
from .sheet import PaperSheet


def sums(sets: list[set[int]]) -> set[int]:
    """Every total of one value from each set."""
    found = {0}
    for values in sets:
        found = {a + b for a in found for b in values}
    return found


class Contracts:
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
                used.setdefault(slot_of(slots, contract), []).append(i)
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
        sets = [{t for k in pick if k for t in self.rules.deal_totals(k)} for pick in chosen]
        # The row totals the period may have, as a bag (few: only Barbette's last slot is a choice).
        self.shapes[period] = [Counter(pick) for pick in itertools.islice(itertools.product(*sets), 16)]
        return sums(sets)


def slot_of(slots: tuple[tuple[Contract, ...], ...], contract: Contract) -> int:
    return next(s for s, slot in enumerate(slots) if contract in slot)
