"""What the check of a paper sheet finds: each finding's kind, where it is and the figures
compared (never words: the screen says them), what was checked, and the figure to suspect."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.scoring import Contract


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
