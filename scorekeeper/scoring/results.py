"""What is recorded after each contract, with its own checks and raw scores.

Results refer to players by seat (0 to 3). Each result checks itself when it
is made, so an impossible one never exists; `raw` turns it into the four raw
scores under a scheme.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .contracts import Contract
from .errors import N_, GameError, Problem, collect
from .scheme import Scheme

Seats = tuple[int, int, int, int]


class Result(Protocol):
    """The recorded outcome of one deal."""

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        """The four raw scores."""
        ...


# One sentence per kind of count, so that each can be translated whole.
COUNTS_ADD_UP = {
    "tricks": N_("tricks add up to {got}, not {total}"),
    "queens": N_("queens add up to {got}, not {total}"),
    "hearts": N_("hearts add up to {got}, not {total}"),
}


def _check_seat(field: str, seat: int) -> None:
    if not 0 <= seat < 4:
        raise GameError.one(field, "seat {seat} is not at the table", seat=seat)


def _check_counts(field: str, counts: tuple[int, ...], total: int) -> None:
    problems: list[Problem] = []
    if len(counts) != 4:
        problems.append(Problem.of(field, "need a count for each of the 4 players"))
    elif any(c < 0 for c in counts):
        problems.append(Problem.of(field, "a count cannot be negative"))
    elif sum(counts) != total:
        problems.append(Problem.of(field, COUNTS_ADD_UP[field], prefix=False, got=sum(counts), total=total))
    collect(problems)


def _times(per: int, counts: Seats) -> Seats:
    return (per * counts[0], per * counts[1], per * counts[2], per * counts[3])


@dataclass(frozen=True)
class Tricks:
    """Tricks each player took, in No tricks or Trumps."""

    tricks: Seats

    def __post_init__(self) -> None:
        _check_counts("tricks", self.tricks, 13)

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        per = scheme.trumps if contract is Contract.TRUMPS else scheme.no_tricks
        return _times(per, self.tricks)


@dataclass(frozen=True)
class Queens:
    """Queens each player took, in No queens."""

    queens: Seats

    def __post_init__(self) -> None:
        _check_counts("queens", self.queens, 4)

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        return _times(scheme.no_queens, self.queens)


@dataclass(frozen=True)
class LastTwo:
    """Who took the twelfth and the thirteenth trick, in No last two."""

    penultimate: int
    last: int

    def __post_init__(self) -> None:
        _check_seat("penultimate", self.penultimate)
        _check_seat("last", self.last)

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        scores = [0, 0, 0, 0]
        scores[self.penultimate] += scheme.no_last_two[0]
        scores[self.last] += scheme.no_last_two[1]
        return (scores[0], scores[1], scores[2], scores[3])


@dataclass(frozen=True)
class Hearts:
    """Hearts each player took, and who took the ace, in No hearts."""

    hearts: Seats
    ace: int

    def __post_init__(self) -> None:
        _check_counts("hearts", self.hearts, 13)
        _check_seat("ace", self.ace)
        if self.hearts[self.ace] < 1:
            raise GameError.one("ace", "whoever took the ace of hearts took at least one heart")

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        scores = list(_times(scheme.heart, self.hearts))
        scores[self.ace] += scheme.ace - scheme.heart
        return (scores[0], scores[1], scores[2], scores[3])


@dataclass(frozen=True)
class King:
    """Who took the king of hearts, in Barbu."""

    king: int

    def __post_init__(self) -> None:
        _check_seat("king", self.king)

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        scores = [0, 0, 0, 0]
        scores[self.king] = scheme.barbu
        return (scores[0], scores[1], scores[2], scores[3])


@dataclass(frozen=True)
class Dominoes:
    """The order in which the players went out, first out first."""

    order: Seats

    def __post_init__(self) -> None:
        if sorted(self.order) != [0, 1, 2, 3]:
            raise GameError.one("order", "list every player exactly once")

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        scores = [0, 0, 0, 0]
        for place, seat in enumerate(self.order):
            scores[seat] = scheme.dominoes[place]
        return (scores[0], scores[1], scores[2], scores[3])


@dataclass(frozen=True)
class Ravage:
    """The player, or tied players, with the most cards of one suit, in Ravage City."""

    most: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.most:
            raise GameError.one("most", "name at least one player")
        for seat in self.most:
            _check_seat("most", seat)
        if len(set(self.most)) != len(self.most):
            raise GameError.one("most", "a player is named twice")

    def raw(self, contract: Contract, scheme: Scheme) -> Seats:
        share = scheme.ravage_city // len(self.most)
        scores = [share if seat in self.most else 0 for seat in range(4)]
        return (scores[0], scores[1], scores[2], scores[3])


RESULT_TYPES: dict[Contract, type[Result]] = {
    Contract.NO_TRICKS: Tricks,
    Contract.NO_QUEENS: Queens,
    Contract.NO_LAST_TWO: LastTwo,
    Contract.NO_HEARTS: Hearts,
    Contract.BARBU: King,
    Contract.TRUMPS: Tricks,
    Contract.DOMINOES: Dominoes,
    Contract.RAVAGE_CITY: Ravage,
}
"""The kind of result each contract records."""
