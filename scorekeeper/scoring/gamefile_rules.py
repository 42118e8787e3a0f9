"""Reading and writing the `rules` object of a `barbu-game/1` file, for every game.

Which keys a game accepts, their values and defaults all come from the game's
description (`games.py`, `options.py`); nothing here names a particular option.
"""

from __future__ import annotations

from typing import Any

from .errors import FormatError, GameError
from .games import BARBU, GAMES, GameKind
from .options import Number, Setting
from .points import Points, between
from .rules import Rules
from .salad import DEFAULT, PIECES, Makeup, Scored
from .scoring_rules import ByPlace, HeartsAndAce, size

FORMAT = "barbu-game/1"
"""The format name every game file carries."""

GAME_KEY = "game"
SCHEME_KEY = "scheme"
HEART_KEYS = ("heart", "ace")
LATER_DEFAULTS = (("deck", 52), ("capot", False))
SALAD_KEY = "salad"
SALAD_KEYS = ("parts", "halved", "scored")


def fail(field: str, template: str, **params: Any) -> FormatError:
    """A FormatError for `field`, its message prefixed with the field (see `Problem.of`)."""
    return FormatError.one(field, template, **params)


def is_int(value: object) -> bool:
    """True for a JSON integer (JSON true and false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def expect_object(value: object, field: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """`value` as an object with only `allowed` keys, or a FormatError."""
    if not isinstance(value, dict):
        raise fail(field, "must be an object")
    unknown = [k for k in value if k not in allowed]
    if unknown:
        raise fail(field, "unknown key {key!r}", key=unknown[0])
    return value


def _int(value: object, field: str) -> int:
    if not is_int(value):
        raise fail(field, "must be a whole number")
    assert isinstance(value, int)
    return value


def game_of(value: object) -> GameKind:
    """The game a `rules` object names (Barbu when it names none); FormatError for an unknown one."""
    if not isinstance(value, dict) or GAME_KEY not in value:
        return BARBU
    name = value[GAME_KEY]
    if not isinstance(name, str) or name not in GAMES:
        raise fail(f"rules.{GAME_KEY}", "must be one of {choices}", choices=", ".join(map(repr, GAMES)))
    return GAMES[name]


def _values(value: object, field: str, scoring: Any, players: int) -> tuple[int, ...]:
    want = size(scoring, players)
    if isinstance(scoring, HeartsAndAce):
        hearts = expect_object(value, field, HEART_KEYS)
        if not all(k in hearts for k in HEART_KEYS):
            raise fail(field, "give both 'heart' and 'ace'")
        return tuple(_int(hearts[k], f"{field}.{k}") for k in HEART_KEYS)
    if want == 1:
        return (_int(value, field),)
    if isinstance(scoring, ByPlace) and isinstance(value, list) and len(value) == 2 < want:
        # The first and the last place alone: those between evenly spaced (points.between).
        return between(_int(value[0], f"{field}[0]"), _int(value[1], f"{field}[1]"), want)
    if not isinstance(value, list) or len(value) != want:
        raise fail(field, "must be a list of {count} whole numbers", count=want)
    return tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value))


def parse_points(value: dict[str, Any], game: GameKind, players: int) -> Points:
    """Players' own points from a points object; every contract the game plays must be given
    (Rules checks that, and the bounds)."""
    field = f"rules.{SCHEME_KEY}"
    priced = tuple(c.id for c in game.contracts if size(c.scoring, players))
    points = expect_object(value, field, priced)
    return Points.build(
        {
            key: _values(points[key], f"{field}.{key}", contract.scoring, players)
            for contract in game.contracts
            if (key := contract.id) in points
        }
    )


def _scheme(value: object, game: GameKind, players: int) -> Points | None:
    if value is None or (value == "standard" and game.schemes):
        return None  # the standard points of the table's deck (Rules fills them in)
    if isinstance(value, str):
        named = dict(game.schemes)
        if value not in named:
            raise fail(f"rules.{SCHEME_KEY}", "{value!r} is not a scheme", value=value)
        return named[value]
    if not isinstance(value, dict):
        raise fail(f"rules.{SCHEME_KEY}", "must be a scheme's name or a points object")
    return parse_points(value, game, players)


def _makeup(value: object) -> Makeup:
    """The Salad's make-up from `rules.salad` (each key left out keeps the default's); Rules
    checks the parts named."""
    field = f"rules.{SALAD_KEY}"
    given = expect_object(value, field, SALAD_KEYS)
    parts = given.get("parts", list(DEFAULT.parts))
    if not isinstance(parts, list) or not all(isinstance(p, str) for p in parts):
        raise fail(
            f"{field}.parts", "must be a list of parts ({choices})", choices=", ".join(map(repr, PIECES))
        )
    halved = given.get("halved", DEFAULT.halved)
    if not isinstance(halved, bool):
        raise fail(f"{field}.halved", "must be true or false")
    scored = given.get("scored", DEFAULT.scored.value)
    values = [v.value for v in Scored]
    if not isinstance(scored, str) or scored not in values:
        raise fail(f"{field}.scored", "must be one of {choices}", choices=", ".join(map(repr, values)))
    return Makeup(tuple(parts), halved, Scored(scored))


def dump_makeup(makeup: Makeup) -> dict[str, Any]:
    return {"parts": list(makeup.parts), "halved": makeup.halved, "scored": makeup.scored.value}


def parse_rules(value: object, players: int) -> Rules:
    """Rules from the `rules` object of a game file for `players` players (absent: the defaults)."""
    game = game_of(value)
    salad = (SALAD_KEY,) if game.contract(SALAD_KEY) is not None else ()
    keys = (GAME_KEY, SCHEME_KEY, *salad, *(o.key for o in game.options))
    raw = expect_object(value, "rules", keys)
    for option in game.options:
        if isinstance(option, Number) and option.key in raw:
            given = raw[option.key]
            if is_int(given) and not option.low <= given <= option.high:
                raise FormatError.one(
                    f"rules.{option.key}",
                    "compulsory doubles must be between {low} and {high}, not {n}",
                    prefix=False,
                    low=option.low,
                    high=option.high,
                    n=given,
                )
    settings = {k: v for k, v in raw.items() if k not in (GAME_KEY, SCHEME_KEY, SALAD_KEY)}
    makeup = _makeup(raw[SALAD_KEY]) if SALAD_KEY in raw else None
    try:
        if SCHEME_KEY in raw and raw[SCHEME_KEY] is None:  # null is no scheme, not "the default"
            raise fail(f"rules.{SCHEME_KEY}", "must be a scheme's name or a points object")
        points = _scheme(raw.get(SCHEME_KEY), game, players)
        return Rules(game, players, tuple(settings.items()), points, makeup)
    except FormatError:
        raise
    except GameError as error:
        raise FormatError(error.problems) from None


def dump_points(points: Points, game: GameKind, players: int) -> dict[str, Any]:
    """The points object of `points`."""
    out: dict[str, Any] = {}
    for contract in game.contracts:
        values = points.get(contract.id)
        if values is None or not size(contract.scoring, players):
            continue
        if isinstance(contract.scoring, HeartsAndAce):
            out[contract.id] = dict(zip(HEART_KEYS, values, strict=True))
        elif len(values) == 1 and size(contract.scoring, players) == 1:
            out[contract.id] = values[0]
        else:
            out[contract.id] = list(values)
    return out


def _setting(value: Setting) -> Setting:
    return value if isinstance(value, bool | int) else str(value)


def dump_rules(rules: Rules) -> dict[str, Any]:
    """The `rules` object: every option spelt out; Barbu's points by name, others' only when changed."""
    game = rules.game
    out: dict[str, Any] = {} if game is BARBU else {GAME_KEY: game.id}
    points = rules.scheme
    if game is BARBU:
        named = game.named_points(points.name, rules.players, rules.cards)
        out[SCHEME_KEY] = points.name if named == points else None
    if out.get(SCHEME_KEY) is None and points != rules.standard:
        out[SCHEME_KEY] = dump_points(points, game, rules.players)
    elif out.get(SCHEME_KEY) is None:
        out.pop(SCHEME_KEY, None)
    # The options added after files were first written are left out at their defaults, so that
    # those files read and write the same.
    out.update((k, _setting(v)) for k, v in rules.settings if (k, v) not in LATER_DEFAULTS)
    if rules.salad not in (None, DEFAULT):
        assert rules.salad is not None
        out[SALAD_KEY] = dump_makeup(rules.salad)
    return out
