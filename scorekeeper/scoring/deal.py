"""One deal as players record it: contract, doubles and result."""

from __future__ import annotations

from dataclasses import dataclass

from .contracts import RANKS, Contract, Trump
from .doubles import Double
from .errors import Problem, collect
from .results import RESULT_TYPES, Result


@dataclass(frozen=True)
class Deal:
    """What was entered for one deal; `result` is None for a deal settled without play."""

    contract: Contract
    doubles: frozenset[Double] = frozenset()
    result: Result | None = None
    trump: Trump | None = None
    rank: str | None = None

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        if self.trump is not None and self.contract is not Contract.TRUMPS:
            problems.append(Problem.of("trump", "a trump suit is named only in Trumps"))
        if self.rank is not None:
            if self.contract is not Contract.DOMINOES:
                problems.append(Problem.of("rank", "a starting rank is named only in Dominoes"))
            elif self.rank not in RANKS:
                problems.append(
                    Problem.of("rank", "{rank!r} is not a rank (2 to 10, J, Q, K or A)", rank=self.rank)
                )
        expected = RESULT_TYPES[self.contract]
        if self.result is not None and not isinstance(self.result, expected):
            problems.append(
                Problem.of(
                    "result",
                    "a {contract} deal records a {kind}",
                    contract=self.contract,
                    kind=expected.__name__,
                )
            )
        if any(not (0 <= s < 4) for pair in self.doubles for s in pair):
            problems.append(Problem.of("doubles", "a seat is not at the table"))
        collect(problems)
