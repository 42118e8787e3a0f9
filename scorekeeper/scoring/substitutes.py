"""A player replaced at their seat mid-game: the seat plays on unchanged (its contracts left, the
doubles it owes), while each deal's score goes to whoever sat there at that deal.

Seats are what the rules fold, so the deals keep naming a seat by its name in `players`; a
substitute changes only who is credited from `from_deal` (a deal number, 1 for the first) on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidi import has_direction_controls
from .errors import Problem, collect
from .scored import ScoredDeal


@dataclass(frozen=True)
class Substitute:
    """`name` sits at `seat` (0-based, clockwise as in `players`) from deal `from_deal` on."""

    seat: int
    from_deal: int
    name: str


def _name_problem(name: str, field: str, taken: list[str]) -> Problem | None:
    if name != name.strip():
        return Problem.of(field, "{name!r}: a name may not start or end with spaces", name=name)
    if not 1 <= len(name) <= 40:
        return Problem.of(field, "{name!r}: a name has 1 to 40 characters", name=name)
    if has_direction_controls(name):
        return Problem.of(
            field,
            "{name!r}: a name may not hold invisible characters that turn text round",
            name=name,
        )
    if name.casefold() in taken:
        return Problem.of(field, "{name!r} is already at the table", name=name)
    return None


def check_substitutes(subs: tuple[Substitute, ...], players: tuple[str, ...], total: int) -> None:
    """GameError naming `substitutes[i].field` unless every substitute takes a seat of the table
    from a deal after the first and within the game, under a name nobody at it has had."""
    problems: list[Problem] = []
    taken = [p.casefold() for p in players]
    last: dict[int, int] = {}
    for i, sub in enumerate(subs):
        field = f"substitutes[{i}]"
        if not 0 <= sub.seat < len(players):
            problems.append(Problem.of(f"{field}.seat", "a seat is 0 to {last}", last=len(players) - 1))
        elif not 2 <= sub.from_deal <= total:
            problems.append(
                Problem.of(
                    f"{field}.from_deal",
                    "a player is replaced from deal 2 to {total}",
                    total=total,
                )
            )
        elif sub.from_deal <= last.get(sub.seat, 0):
            problems.append(
                Problem.of(
                    f"{field}.from_deal",
                    "the seat's earlier replacement is from deal {n}; a later one comes after it",
                    n=last[sub.seat],
                )
            )
        else:
            last[sub.seat] = sub.from_deal
        problem = _name_problem(sub.name, f"{field}.name", taken)
        if problem is not None:
            problems.append(problem)
        taken.append(sub.name.casefold())
    collect(problems)


def seated(players: tuple[str, ...], subs: Sequence[Substitute], index: int) -> tuple[str, ...]:
    """Who sits at each seat in the deal at 0-based `index`."""
    names = list(players)
    for sub in sorted(subs, key=lambda s: s.from_deal):
        if sub.from_deal <= index + 1:
            names[sub.seat] = sub.name
    return tuple(names)


def people(players: tuple[str, ...], subs: Sequence[Substitute]) -> tuple[str, ...]:
    """Everyone who sat at the table: the players, then the substitutes in the file's order."""
    return (*players, *(s.name for s in subs))


def person_totals(
    players: tuple[str, ...], subs: Sequence[Substitute], rows: Sequence[ScoredDeal]
) -> dict[str, int]:
    """Each person's total: the seat's score of every deal they sat in."""
    totals = dict.fromkeys(people(players, subs), 0)
    for index, row in enumerate(rows):
        for name, score in zip(seated(players, subs, index), row.score, strict=True):
            totals[name] += score
    return totals


def deals_played(players: tuple[str, ...], subs: Sequence[Substitute], rows: int) -> dict[str, int]:
    """How many of the first `rows` deals each person sat in."""
    counts = dict.fromkeys(people(players, subs), 0)
    for index in range(rows):
        for name in seated(players, subs, index):
            counts[name] += 1
    return counts
