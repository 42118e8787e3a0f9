"""Reading and writing `barbu-game/1` game files.

A game file holds what players entered, never what the app computes, so
any version of the app can score it again. `load` checks everything the
rules forbid and raises GameError (FormatError for a malformed document).
A result is read part by part, as its contract describes it.
"""

from __future__ import annotations

import json
from typing import Any, assert_never

from .cards import Suit
from .contracts import Contract
from .deal import Deal
from .errors import FormatError, GameError, Problem
from .game import Game
from .gamefile_rules import FORMAT, expect_object, fail, game_of, is_int, parse_rules
from .parts import Counts, Group, Order, Result, Taker, Value
from .rules import Rules
from .seating import plan
from .substitutes import Substitute

TOP_KEYS = ("format", "players", "first_declarer", "rules", "hands", "substitutes")
SUB_KEYS = ("seat", "from_deal", "name")
SUIT_IDS = frozenset(s.value for s in Suit)
HAND_KEYS = ("contract", "declarer", "doubles", "trump", "rank", "result")
HOW_MANY = {
    (3,): "must be a list of three names",
    (4,): "must be a list of four names",
    (5,): "must be a list of five names",
    (3, 4, 5): "must be a list of three to five names",
}


class _Names:
    """Turns player names into seats, with messages that name the field."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players

    def seat(self, value: object, field: str) -> int:
        if not isinstance(value, str):
            raise fail(field, "must be a player's name")
        if value not in self.players:
            raise fail(field, "{value!r} is not a player", value=value)
        return self.players.index(value)

    def seats(self, value: object, field: str) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise fail(field, "must be a list of players' names")
        return tuple(self.seat(v, field) for v in value)

    def counts(self, value: object, field: str, total: int) -> tuple[int, ...]:
        if isinstance(value, dict):
            for key in value:
                if key not in self.players:
                    raise fail(field, "{value!r} is not a player", value=key)
        counts = expect_object(value, field, self.players)
        missing = [p for p in self.players if p not in counts]
        if missing:
            raise fail(field, "no count for {player}", player=missing[0])
        for p in self.players:
            if not is_int(counts[p]) or counts[p] < 0:
                raise fail(field, "the count for {player} must be a whole number, 0 or more", player=p)
            if counts[p] > total:
                raise fail(field, "the count for {player} must be at most {total}", player=p, total=total)
        return tuple(counts[p] for p in self.players)


def _result(contract: Contract, value: object, names: _Names, rules: Rules) -> Result:
    keys = tuple(part.key for part in contract.parts)
    raw = expect_object(value, "result", keys)
    missing = [k for k in keys if k not in raw]
    if missing:
        raise fail("result", "{key!r} is missing", key=missing[0])
    values: list[tuple[str, Value]] = []
    for part in contract.parts:
        item = raw[part.key]
        match part:
            case Counts(key=key, of=of):
                values.append((key, names.counts(item, key, rules.deck.count(of))))
            case Taker(key=key):
                values.append((key, names.seat(item, key)))
            case Order(key=key):
                values.append((key, names.seats(item, key)))
            case Group(key=key):
                values.append((key, tuple(sorted(names.seats(item, key)))))
            case _:
                assert_never(part)
    return Result(tuple(values))


def _doubles(value: object, names: _Names) -> frozenset[tuple[int, int]]:
    if not isinstance(value, list):
        raise fail("doubles", "must be a list of [doubler, doubled] pairs")
    pairs: list[tuple[int, int]] = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise fail("doubles", "each double is a pair [doubler, doubled]")
        double = (names.seat(pair[0], "doubles"), names.seat(pair[1], "doubles"))
        if double in pairs:
            raise fail("doubles", "{player} doubles {other} twice", player=pair[0], other=pair[1])
        pairs.append(double)
    return frozenset(pairs)


def _contract(value: object, rules: Rules) -> Contract:
    contract = rules.contract(value) if isinstance(value, str) else None
    if contract is not None:
        return contract
    choices = ", ".join(c.id for c in rules.game.contracts)
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        raise fail("contract", "{value!r} is not a contract ({choices})", value=value, choices=choices)
    raise fail("contract", "must be a contract ({choices})", choices=choices)


def _hand(value: object, names: _Names, rules: Rules) -> tuple[Deal, int | None]:
    """One hand as a Deal, and the declarer's seat if the file names it."""
    hand = expect_object(value, "hand", HAND_KEYS)
    if "contract" not in hand:
        raise fail("contract", "is missing")
    contract = _contract(hand["contract"], rules)
    declarer = names.seat(hand["declarer"], "declarer") if "declarer" in hand else None
    doubles = _doubles(hand.get("doubles", []), names)
    trump = hand.get("trump")
    if "trump" in hand and (not isinstance(trump, str) or trump not in SUIT_IDS):
        choices = ", ".join(s.value for s in Suit)
        if isinstance(trump, str | int | float) and not isinstance(trump, bool):
            raise fail("trump", "{value!r} is not a suit ({choices})", value=trump, choices=choices)
        raise fail("trump", "must be a suit ({choices})", choices=choices)
    rank = hand.get("rank")
    if "rank" in hand and not isinstance(rank, str):
        raise fail("rank", 'must be a rank such as "7" or "Q"')
    result = _result(contract, hand["result"], names, rules) if "result" in hand else None
    return Deal(contract, doubles, result, Suit(trump) if trump else None, rank), declarer


def _players(doc: dict[str, Any]) -> tuple[str, ...]:
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        allowed = game_of(doc.get("rules")).players
        raise fail("players", HOW_MANY.get(allowed, "must be a list of names"))
    return tuple(players)


def _substitutes(value: object) -> tuple[Substitute, ...]:
    """The `substitutes` list read, its shape checked; the game checks what they mean."""
    if not isinstance(value, list):
        raise fail("substitutes", "must be a list")
    subs = []
    for i, item in enumerate(value):
        sub = expect_object(item, f"substitutes[{i}]", SUB_KEYS)
        for key in SUB_KEYS:
            if key not in sub:
                raise fail(f"substitutes[{i}].{key}", "is missing")
        for key in ("seat", "from_deal"):
            if not is_int(sub[key]):
                raise fail(f"substitutes[{i}].{key}", "must be a whole number")
        if not isinstance(sub["name"], str):
            raise fail(f"substitutes[{i}].name", "must be a name")
        subs.append(Substitute(sub["seat"], sub["from_deal"], sub["name"]))
    return tuple(subs)


def load(doc: object) -> Game:
    """The Game a parsed `barbu-game/1` document describes; GameError if it is invalid."""
    top = expect_object(doc, "game", TOP_KEYS)
    if top.get("format") != FORMAT:
        raise fail("format", "must be {format!r}", format=FORMAT)
    for key in ("players", "first_declarer", "hands"):
        if key not in top:
            raise fail(key, "is missing")
    players = _players(top)
    names = _Names(players)
    first = names.seat(top["first_declarer"], "first_declarer")
    rules = parse_rules(top.get("rules", {}), len(players))
    if not isinstance(top["hands"], list):
        raise fail("hands", "must be a list")
    subs = _substitutes(top.get("substitutes", []))
    Game(players, first, rules, (), subs)  # names checked before the hands refer to them
    order = plan(rules, first)
    deals: list[Deal] = []
    problems: list[Problem] = []
    for index, value in enumerate(top["hands"]):
        try:
            deal, claimed = _hand(value, names, rules)
        except GameError as error:
            problems += error.in_deal(index + 1).problems
            continue
        expected = order.declarers[index] if index < order.total else claimed
        if claimed is not None and expected is not None and claimed != expected:
            problems.append(
                Problem.of(
                    "declarer",
                    "it is {expected}'s turn to declare, not {claimed}",
                    expected=players[expected],
                    claimed=players[claimed],
                ).in_deal(index + 1)
            )
        deals.append(deal)
    if problems:
        raise FormatError(problems)
    return Game(players, first, rules, tuple(deals), subs)


def loads(text: str | bytes) -> Game:
    """The Game in a JSON text; GameError if it is not a valid game file."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError.one(
            "file",
            "the file is not valid JSON (line {line}, column {column}: {reason})",
            prefix=False,
            line=error.lineno,
            column=error.colno,
            reason=error.msg,
        ) from None
    except (UnicodeDecodeError, RecursionError, ValueError):
        raise FormatError.one("file", "the file is not valid JSON text", prefix=False) from None
    return load(doc)
