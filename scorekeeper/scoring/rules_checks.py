"""What makes a table's rules legal: a number of players the game allows, a legal value for each
option (its default where none is given), and points for every contract in play. Each problem
names its field."""

from __future__ import annotations

from .contracts import Contract
from .errors import Problem
from .games import GameKind
from .options import Doubling, Flag, Number, Setting, check_value
from .points import POINT_LIMIT, Points
from .scoring_rules import Shared, size


def player_problems(game: GameKind, players: int) -> list[Problem]:
    """A problem if `game` is not played by `players`."""
    if players in game.players:
        return []
    low, high = game.players[0], game.players[-1]
    template = (
        "{game} needs {low} players, not {n}"
        if low == high
        else "{game} needs {low} to {high} players, not {n}"
    )
    return [Problem.of("players", template, prefix=False, game=game, low=low, high=high, n=players)]


def filled_settings(game: GameKind, given: dict[str, Setting]) -> tuple[dict[str, Setting], list[Problem]]:
    """Every option of `game` in its order, given or at its default, and what is wrong with them."""
    problems: list[Problem] = []
    filled: dict[str, Setting] = {}
    for option in game.options:
        default = option.default
        if option.key == "compulsory_doubles" and filled.get("doubling") == Doubling.NONE:
            default = 0
        value = given.pop(option.key, default)
        if not check_value(option, value):
            problems.append(_bad_value(option, value))
        filled[option.key] = value
    for key in given:
        problems.append(Problem.of(f"rules.{key}", "{key!r} is not a rule of {game}", game=game, key=key))
    if filled.get("doubling") == Doubling.NONE and filled.get("compulsory_doubles"):
        problems.append(
            Problem.of(
                "rules.compulsory_doubles",
                "there can be no compulsory doubles in a game without doubling",
                prefix=False,
            )
        )
    return filled, problems


def point_problems(
    game: GameKind, players: int, scheme: Points, in_play: tuple[Contract, ...]
) -> list[Problem]:
    """What is wrong with the points `scheme` gives the contracts of `game` (those `in_play` need theirs)."""
    problems = []
    given = {key for key, _ in scheme.values}
    for contract in game.contracts:
        want = size(contract.scoring, players)
        values = scheme.get(contract.id)
        field_name = f"rules.scheme.{contract.id}"
        if want == 0 or (values is None and contract not in in_play):
            continue
        if values is None:
            problems.append(Problem.of(field_name, "the points of {c!r} are missing", c=contract.id))
        elif len(values) != want:
            problems.append(
                Problem.of(field_name, "give one number")
                if want == 1
                else Problem.of(field_name, "give {n} numbers", n=want)
            )
        elif any(abs(v) > POINT_LIMIT for v in values):
            problems.append(
                Problem.of(field_name, "a value must be between −{limit} and {limit}", limit=POINT_LIMIT)
            )
        elif isinstance(contract.scoring, Shared) and values[0] % 12:
            problems.append(
                Problem.of(
                    field_name,
                    "Ravage City must be a multiple of 12 so that ties share it evenly, not {n}",
                    prefix=False,
                    n=values[0],
                )
            )
    known = {contract.id for contract in game.contracts}
    for key in sorted(given - known):
        problems.append(Problem.of("rules.scheme", "{key!r} is not a contract of {game}", key=key, game=game))
    return problems


def _choices(option: object) -> str:
    values = getattr(option, "values", ())
    return ", ".join(repr(str(v)) if isinstance(v, str) else str(v) for v in values)


def _bad_value(option: object, value: object) -> Problem:
    key = getattr(option, "key", "")
    if isinstance(option, Flag):
        return Problem.of(f"rules.{key}", "must be true or false")
    if isinstance(option, Number):
        return Problem.of(
            f"rules.{key}", "must be a whole number from {low} to {high}", low=option.low, high=option.high
        )
    return Problem.of(f"rules.{key}", "must be one of {choices}", choices=_choices(option))
