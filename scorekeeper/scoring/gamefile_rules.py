"""Reading and writing the `rules` object of a `barbu-game/1` file."""

from __future__ import annotations

from typing import Any

from .errors import FormatError, GameError
from .rules import Doubling, Rotation, Rules, Undoubled
from .scheme import SCHEMES, Scheme

RULE_KEYS = (
    "scheme",
    "ravage_city",
    "doubling",
    "redouble_all",
    "compulsory_doubles",
    "undoubled_negative",
    "rotation",
    "dealer_declares",
)
POINT_KEYS = (
    "no-tricks",
    "no-queens",
    "no-last-two",
    "no-hearts",
    "barbu",
    "trumps",
    "dominoes",
    "ravage-city",
)


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


def _ints(value: object, field: str, count: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise fail(field, "must be a list of {count} whole numbers", count=count)
    return tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value))


def _choice(raw: dict[str, Any], key: str, kind: Any, default: Any) -> Any:
    value = raw.get(key, default.value)
    try:
        return kind(value)
    except (ValueError, TypeError):
        choices = ", ".join(repr(k.value) for k in kind)
        raise fail(f"rules.{key}", "must be one of {choices}", choices=choices) from None


def _flag(raw: dict[str, Any], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise fail(f"rules.{key}", "must be true or false")
    return value


def parse_points(value: dict[str, Any], ravage_city: bool) -> Scheme:
    """A custom scheme from a points object."""
    field = "rules.scheme"
    points = expect_object(value, field, POINT_KEYS)
    required = POINT_KEYS if ravage_city else POINT_KEYS[:-1]
    missing = [k for k in required if k not in points]
    if missing:
        raise fail(field, "the points of {key!r} are missing", key=missing[0])
    hearts = expect_object(points["no-hearts"], f"{field}.no-hearts", ("heart", "ace"))
    if "heart" not in hearts or "ace" not in hearts:
        raise fail(f"{field}.no-hearts", "give both 'heart' and 'ace'")
    last_two = _ints(points["no-last-two"], f"{field}.no-last-two", 2)
    dominoes = _ints(points["dominoes"], f"{field}.dominoes", 4)
    try:
        return Scheme(
            no_tricks=_int(points["no-tricks"], f"{field}.no-tricks"),
            no_queens=_int(points["no-queens"], f"{field}.no-queens"),
            no_last_two=(last_two[0], last_two[1]),
            heart=_int(hearts["heart"], f"{field}.no-hearts.heart"),
            ace=_int(hearts["ace"], f"{field}.no-hearts.ace"),
            barbu=_int(points["barbu"], f"{field}.barbu"),
            trumps=_int(points["trumps"], f"{field}.trumps"),
            dominoes=(dominoes[0], dominoes[1], dominoes[2], dominoes[3]),
            ravage_city=_int(points.get("ravage-city", -36), f"{field}.ravage-city"),
        )
    except GameError as error:
        raise FormatError(error.problems) from None


def parse_rules(value: object) -> Rules:
    """Rules from the `rules` object of a game file (absent means the defaults)."""
    raw = expect_object(value, "rules", RULE_KEYS)
    ravage_city = _flag(raw, "ravage_city")
    scheme_value = raw.get("scheme", "standard")
    if isinstance(scheme_value, str):
        if scheme_value not in SCHEMES:
            raise fail("rules.scheme", "{value!r} is not a scheme", value=scheme_value)
        scheme = SCHEMES[scheme_value]
    else:
        scheme = parse_points(scheme_value, ravage_city)
    compulsory = raw.get("compulsory_doubles")
    if "compulsory_doubles" in raw and not is_int(compulsory):
        raise fail("rules.compulsory_doubles", "must be a whole number from 0 to 7")
    try:
        return Rules(
            scheme=scheme,
            ravage_city=ravage_city,
            doubling=_choice(raw, "doubling", Doubling, Doubling.STANDARD),
            redouble_all=_flag(raw, "redouble_all"),
            compulsory_doubles=compulsory,
            undoubled_negative=_choice(raw, "undoubled_negative", Undoubled, Undoubled.PLAY),
            rotation=_choice(raw, "rotation", Rotation, Rotation.BLOCKS),
            dealer_declares=_flag(raw, "dealer_declares"),
        )
    except GameError as error:
        raise FormatError(error.problems) from None


def dump_scheme(scheme: Scheme) -> str | dict[str, Any]:
    """A scheme's name, or its points object when it is custom."""
    if scheme.name is not None:
        return scheme.name
    return {
        "no-tricks": scheme.no_tricks,
        "no-queens": scheme.no_queens,
        "no-last-two": list(scheme.no_last_two),
        "no-hearts": {"heart": scheme.heart, "ace": scheme.ace},
        "barbu": scheme.barbu,
        "trumps": scheme.trumps,
        "dominoes": list(scheme.dominoes),
        "ravage-city": scheme.ravage_city,
    }


def dump_rules(rules: Rules) -> dict[str, Any]:
    """The `rules` object, every option spelt out."""
    return {
        "scheme": dump_scheme(rules.scheme),
        "ravage_city": rules.ravage_city,
        "doubling": rules.doubling.value,
        "redouble_all": rules.redouble_all,
        "compulsory_doubles": rules.required_doubles,
        "undoubled_negative": rules.undoubled_negative.value,
        "rotation": rules.rotation.value,
        "dealer_declares": rules.dealer_declares,
    }
