"""The Salad's make-up in French Barbu (`rules.salad`): which contracts it adds together, whether
their values are halved, and whether it scores as a penalty or a reward.

Each thing a Salad may add is one `Piece`: what its result records, how it scores, and whose
points it takes. The default make-up is the four of the rules reference (No tricks, No hearts,
No queens, Barbu, whole values, a penalty), and is the `contracts.SALAD` entry itself; another
make-up is a contract built here, once per make-up, with the parts its pieces record.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from . import contracts as c
from .errors import Problem
from .games import GameKind, Menu
from .parts import Part
from .points import Points
from .scoring_rules import PerTaker, PerUnit, Scoring, Together
from .words import C_, N_


class Scored(StrEnum):
    """Whether the Salad's points are penalties (French Barbu's own points) or, signs turned, rewards."""

    PENALTY = "penalty"
    REWARD = "reward"


@dataclass(frozen=True)
class Piece:
    """One thing a Salad may add up. It is priced by the values of the contract `priced_by`, from
    the value `first` on (the last trick takes the last of No first or last trick's two values)."""

    id: str
    short: str
    parts: tuple[Part, ...]
    scoring: Scoring
    priced_by: str
    first: int = 0


PIECES: dict[str, Piece] = {
    piece.id: piece
    for piece in (
        Piece("no-tricks", c.NO_TRICKS.short, (c.TRICKS_TAKEN,), PerUnit("tricks"), "no-tricks"),
        Piece("no-hearts", c.NO_HEARTS_FRENCH.short, (c.HEARTS_TAKEN,), PerUnit("hearts"), "no-hearts"),
        Piece("no-queens", c.NO_QUEENS.short, (c.QUEENS_TAKEN,), PerUnit("queens"), "no-queens"),
        Piece("barbu", c.BARBU.short, (c.KING,), PerTaker(("king",)), "barbu"),
        Piece("last-trick", C_("contract", "Last trick"), (c.LAST,), PerTaker(("last",)), "no-first-last", 1),
        Piece(
            "no-last-two",
            c.NO_LAST_TWO.short,
            (c.PENULTIMATE, c.LAST),
            PerTaker(("penultimate", "last")),
            "no-last-two",
        ),
    )
}
"""Every piece a Salad may add, in the order the deal form and the sheet give them."""


@dataclass(frozen=True)
class Makeup:
    """A Salad's make-up: the pieces it adds (ids of `PIECES`), halved or whole, penalty or reward."""

    parts: tuple[str, ...] = ("no-tricks", "no-hearts", "no-queens", "barbu")
    halved: bool = False
    scored: Scored = Scored.PENALTY

    @property
    def sign(self) -> int:
        return -1 if self.scored is Scored.REWARD else 1


DEFAULT = Makeup()


def filled(game: GameKind, makeup: Makeup | None) -> tuple[Makeup | None, list[Problem]]:
    """The make-up a table of `game` plays (the default when left out, None in a game without a
    Salad), its pieces in the order of `PIECES`, and what is wrong with the one given."""
    if game.contract("salad") is None:
        refused = Problem.of("rules.salad", "{key!r} is not a rule of {game}", key="salad", game=game)
        return None, [] if makeup is None else [refused]
    given = makeup or DEFAULT
    found: list[Problem] = []
    if not given.parts:
        found.append(Problem.of("rules.salad.parts", "give at least one part"))
    choices = ", ".join(map(repr, PIECES))
    for i, part in enumerate(given.parts):
        field = f"rules.salad.parts[{i}]"
        if part not in PIECES:
            found.append(
                Problem.of(field, "{part!r} is not a Salad part ({choices})", part=part, choices=choices)
            )
        elif part in given.parts[:i]:
            found.append(Problem.of(field, "{part!r} is given twice", part=part))
    if found:
        return given, found
    return Makeup(tuple(p for p in PIECES if p in given.parts), given.halved, Scored(given.scored)), []


def halving_problems(makeup: Makeup | None, points: Points) -> list[Problem]:
    """A problem when a halved make-up would halve an odd value: scores stay whole numbers."""
    found = []
    for piece in (PIECES[p] for p in makeup.parts) if makeup and makeup.halved else ():
        odd = [v for v in (points.get(piece.priced_by) or ())[piece.first :] if v % 2]
        if odd:
            found.append(
                Problem.of(
                    "rules.salad.halved",
                    "halving needs even values, not {n} ({c!r})",
                    c=piece.priced_by,
                    n=odd[0],
                )
            )
    return found


def pricing(game: GameKind, makeup: Makeup) -> tuple[c.Contract, ...]:
    """The contracts whose values the Salad takes: they must be given even when not played."""
    priced = dict.fromkeys(PIECES[p].priced_by for p in makeup.parts if p in PIECES)
    return tuple(k for k in game.contracts if k.id in priced)


@functools.cache
def salad(makeup: Makeup) -> c.Contract:
    """The Salad contract of `makeup` (a normal one): `contracts.SALAD` itself for the default."""
    if makeup == DEFAULT:
        return c.SALAD
    parts: dict[str, Part] = {}
    for piece in (PIECES[p] for p in makeup.parts):
        for part in piece.parts:
            parts.setdefault(part.key, part)
    if "king" in parts and "hearts" in parts:
        parts["king"] = c.SALAD.part("king")  # whoever took the king took a heart
    return c.Contract(
        "salad",
        N_("Salad"),
        c.SALAD.short,
        makeup.scored is Scored.REWARD,
        tuple(parts.values()),
        Together(makeup.parts, makeup.halved, makeup.sign),
    )


def served(menu: Menu, makeup: Makeup | None) -> Menu:
    """`menu` with the Salad of `makeup` in place of the default one."""
    if makeup is None or makeup == DEFAULT:
        return menu
    made = salad(makeup)
    slots = tuple(tuple(made if k is c.SALAD else k for k in slot) for slot in menu.slots)
    return Menu(slots, menu.fixed)
