"""Domain errors that say which deal and which field is wrong, in a player's words."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Self

from .words import N_

__all__ = ["N_", "FormatError", "GameError", "Problem", "collect"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a game: the field it concerns and what is wrong.

    `deal` is the deal's number as players count it (1 for the first deal),
    or None for a problem with the game as a whole.
    """

    field: str
    message: str
    deal: int | None = None
    template: str = ""
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, field: str, template: str, *, prefix: bool = True, **params: object) -> Problem:
        """A problem whose message is `template` filled with `params`, after "field: " if `prefix`.

        The template and its parameters are kept so that the message can be
        given in the player's language; contracts among the parameters are
        named in words (a contract's or game's `str` is its English name).
        """
        text = template.format(**{k: v if isinstance(v, str | int) else str(v) for k, v in params.items()})
        message = f"{field}: {text}" if prefix else text
        return cls(field, message, None, template, tuple(params.items()))

    def __str__(self) -> str:
        return self.message if self.deal is None else f"deal {self.deal}: {self.message}"

    def in_deal(self, number: int) -> Problem:
        """Return this problem attributed to deal `number`."""
        return dataclasses.replace(self, deal=number)


class GameError(ValueError):
    """Raised for anything the rules forbid; carries every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))

    @classmethod
    def one(cls, field: str, template: str, *, prefix: bool = True, **params: object) -> Self:
        """Build an error holding a single problem (see `Problem.of`)."""
        return cls([Problem.of(field, template, prefix=prefix, **params)])

    def in_deal(self, number: int) -> Self:
        """Return the same error with every problem attributed to deal `number`."""
        return type(self)(p.in_deal(number) for p in self.problems)


class FormatError(GameError):
    """The game file is not a `barbu-game/1` document of the right shape."""


def collect(problems: list[Problem]) -> None:
    """Raise a GameError if `problems` is not empty."""
    if problems:
        raise GameError(problems)
