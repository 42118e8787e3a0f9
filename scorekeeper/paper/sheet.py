"""A paper scoresheet as the players typed it: each deal's scores and contract, if given, and
the running totals written under each round. Nothing is computed here; `check.py` compares."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from scorekeeper.scoring import Contract, Rules
from scorekeeper.scoring.scoring_rules import Scoring, Values, total
from scorekeeper.scoring.seating import Plan, plan

Figure = int | None
"""A figure as typed: a whole number, or None for a blank cell."""


@dataclass(frozen=True)
class PaperRow:
    """One deal's line: a deal score per player (in seating order) and the contract, if given."""

    scores: tuple[Figure, ...]
    contract: Contract | None = None

    @cached_property
    def complete(self) -> bool:
        """True when every player's score is written."""
        return None not in self.scores

    @property
    def blank(self) -> bool:
        """True when nothing of the row is typed."""
        return self.contract is None and all(s is None for s in self.scores)

    @property
    def typed(self) -> int:
        """How many of the scores are written."""
        return sum(s is not None for s in self.scores)

    @cached_property
    def total(self) -> int | None:
        """The sum of the scores, None while one is missing."""
        return sum(s for s in self.scores if s is not None) if self.complete else None


@dataclass(frozen=True)
class PaperSheet:
    """The typed sheet: one row per deal of the whole game (blank rows not yet played), one line of
    running totals per round (`Plan.rounds`: where the sheet shows them), and the players' names
    (blank when not typed) in seating order; `first` is the first declarer's (or dealer's) seat."""

    rules: Rules
    rows: tuple[PaperRow, ...]
    running: tuple[tuple[Figure, ...], ...]
    names: tuple[str, ...]
    first: int = 0

    def __post_init__(self) -> None:
        n, rules = self.rules.players, self.rules
        if len(self.names) != n or not 0 <= self.first < n:
            raise ValueError(f"a sheet of {rules.game} has {n} players")
        if len(self.rows) != rules.total_deals or len(self.running) != self.rounds:
            raise ValueError(f"a sheet of these rules has {rules.total_deals} rows and {self.rounds} rounds")
        for row in self.rows:
            if len(row.scores) != n:
                raise ValueError(f"a row has {n} scores")
            if row.contract is not None and rules.contract(row.contract.id) is not row.contract:
                raise ValueError(f"{row.contract.id!r} is not a contract of {rules.game}")
        if any(len(line) != n for line in self.running):
            raise ValueError(f"a line of running totals has {n} figures")
        for index, row in enumerate(self.rows):
            forced = self.forced(index)
            if row.contract is not None and forced is not None and row.contract is not forced:
                raise ValueError(f"deal {index + 1} is {forced} in the fixed order")
            if row.contract is not None and row.contract not in rules.contracts:
                raise ValueError(f"{row.contract} is not played under these rules")

    @classmethod
    def blank(cls, rules: Rules, names: tuple[str, ...] = (), first: int = 0) -> PaperSheet:
        """An empty sheet for `rules`; names left out are blank."""
        n = rules.players
        names = tuple(names[:n]) + ("",) * (n - len(names[:n]))
        rounds = max(plan(rules, first).rounds) + 1
        rows = tuple(PaperRow((None,) * n) for _ in range(rules.total_deals))
        return cls(rules, rows, ((None,) * n,) * rounds, names, first)

    @property
    def plan(self) -> Plan:
        return plan(self.rules, self.first)

    @property
    def rounds(self) -> int:
        """How many lines of running totals the sheet has."""
        return max(self.plan.rounds) + 1

    @cached_property
    def round_ends(self) -> tuple[int, ...]:
        """The index of the last row of each round."""
        rounds = self.plan.rounds
        return tuple(max(i for i, r in enumerate(rounds) if r == k) for k in range(self.rounds))

    @cached_property
    def periods(self) -> tuple[tuple[int, ...], ...]:
        """The rows of each period (a declarer's deals, or a rubber), in order."""
        found = self.plan.periods
        return tuple(tuple(i for i, p in enumerate(found) if p == k) for k in range(self.rules.periods))

    def forced(self, index: int) -> Contract | None:
        """The contract the rules fix for the row at `index` (French Barbu's short form), if any."""
        menu = self.rules.menu
        if not menu.fixed:
            return None
        rows = self.periods[self.plan.periods[index]]
        slot = menu.slots[rows.index(index)]
        return slot[0] if len(slot) == 1 else None

    def contract(self, index: int) -> Contract | None:
        """The row's contract as written, or as the fixed order has it."""
        return self.rows[index].contract or self.forced(index)

    def with_score(self, index: int, seat: int, value: Figure) -> PaperSheet:
        """The sheet with one deal score changed."""
        row = self.rows[index]
        scores = (*row.scores[:seat], value, *row.scores[seat + 1 :])
        rows = (*self.rows[:index], replace(row, scores=scores), *self.rows[index + 1 :])
        return replace(self, rows=rows)

    def with_running(self, round: int, seat: int, value: Figure) -> PaperSheet:
        """The sheet with one written running total changed."""
        line = self.running[round]
        changed = (*line[:seat], value, *line[seat + 1 :])
        return replace(self, running=(*self.running[:round], changed, *self.running[round + 1 :]))


def deal_limit(rules: Rules) -> int:
    """No deal score is further from 0 than this under `rules`: a player's raw score is at most
    the most any one contract gives out in all, and each of the other players pays them at most
    twice the difference of two such scores."""

    def spread(scoring: Scoring, values: Values) -> int:
        # abs(): a Salad scored as a reward adds up its parts with the sign turned.
        return abs(total(scoring, tuple(abs(v) for v in values), rules.deck, counts, lookup))

    def lookup(id: str) -> tuple[Scoring, Values]:
        scoring, values = rules.lookup(id)
        return scoring, tuple(abs(v) for v in values)

    def counts(key: str) -> str:
        return next(k.counts_of(key) for k in rules.contracts if any(p.key == key for p in k.parts))

    most = max(spread(k.scoring, rules.values(k)) for k in rules.contracts)
    return max(most * (4 * rules.players - 3), 1)


def total_limit(rules: Rules) -> int:
    """No running total is further from 0 than this under `rules`."""
    return deal_limit(rules) * rules.total_deals
