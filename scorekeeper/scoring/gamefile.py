"""Reading and writing `barbu-game/1` game files.

A game file holds what players entered, never what the app computes, so
any version of the app can score it again. `load` checks everything the
rules forbid and raises GameError (FormatError for a malformed document).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from .contracts import Contract, Trump
from .deal import Deal
from .errors import FormatError, GameError, Problem
from .game import Game
from .gamefile_rules import dump_rules, expect_object, fail, is_int, parse_rules
from .results import Dominoes, Hearts, King, LastTwo, Queens, Ravage, Result, Tricks
from .seating import doubling_order, roles_of

FORMAT = "barbu-game/1"
TOP_KEYS = ("format", "players", "first_declarer", "rules", "hands")
CONTRACT_IDS = frozenset(c.value for c in Contract)
TRUMP_IDS = frozenset(t.value for t in Trump)
HAND_KEYS = ("contract", "declarer", "doubles", "trump", "rank", "result")


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

    def counts(self, value: object, field: str) -> tuple[int, int, int, int]:
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
        a, b, c, d = (counts[p] for p in self.players)
        return (a, b, c, d)


def _result_reader(keys: tuple[str, ...], build: Callable[..., Result]) -> Any:
    def read(value: object, names: _Names) -> Result:
        raw = expect_object(value, "result", keys)
        missing = [k for k in keys if k not in raw]
        if missing:
            raise fail("result", "{key!r} is missing", key=missing[0])
        return build(names, raw)

    return read


_READ_RESULT = {
    Contract.NO_TRICKS: _result_reader(("tricks",), lambda n, r: Tricks(n.counts(r["tricks"], "tricks"))),
    Contract.TRUMPS: _result_reader(("tricks",), lambda n, r: Tricks(n.counts(r["tricks"], "tricks"))),
    Contract.NO_QUEENS: _result_reader(("queens",), lambda n, r: Queens(n.counts(r["queens"], "queens"))),
    Contract.NO_LAST_TWO: _result_reader(
        ("penultimate", "last"),
        lambda n, r: LastTwo(n.seat(r["penultimate"], "penultimate"), n.seat(r["last"], "last")),
    ),
    Contract.NO_HEARTS: _result_reader(
        ("hearts", "ace"), lambda n, r: Hearts(n.counts(r["hearts"], "hearts"), n.seat(r["ace"], "ace"))
    ),
    Contract.BARBU: _result_reader(("king",), lambda n, r: King(n.seat(r["king"], "king"))),
    Contract.DOMINOES: _result_reader(("order",), lambda n, r: _dominoes(n.seats(r["order"], "order"))),
    Contract.RAVAGE_CITY: _result_reader(("most",), lambda n, r: Ravage(n.seats(r["most"], "most"))),
}


def _dominoes(order: tuple[int, ...]) -> Dominoes:
    if len(order) != 4:
        raise fail("order", "list every player exactly once")
    return Dominoes((order[0], order[1], order[2], order[3]))


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


def _not_one_of(field: str, value: object, kind: type[StrEnum]) -> FormatError:
    choices = ", ".join(k.value for k in kind)
    shown = isinstance(value, str | int | float) and not isinstance(value, bool)
    if kind is Contract:
        if shown:
            return fail(field, "{value!r} is not a contract ({choices})", value=value, choices=choices)
        return fail(field, "must be a contract ({choices})", choices=choices)
    if shown:
        return fail(field, "{value!r} is not a suit ({choices})", value=value, choices=choices)
    return fail(field, "must be a suit ({choices})", choices=choices)


def _hand(value: object, names: _Names) -> tuple[Deal, int | None]:
    """One hand as a Deal, and the declarer's seat if the file names it."""
    hand = expect_object(value, "hand", HAND_KEYS)
    if "contract" not in hand:
        raise fail("contract", "is missing")
    contract_value = hand["contract"]
    if not isinstance(contract_value, str) or contract_value not in CONTRACT_IDS:
        raise _not_one_of("contract", contract_value, Contract)
    contract = Contract(contract_value)
    declarer = names.seat(hand["declarer"], "declarer") if "declarer" in hand else None
    doubles = _doubles(hand.get("doubles", []), names)
    trump = hand.get("trump")
    if "trump" in hand and (not isinstance(trump, str) or trump not in TRUMP_IDS):
        raise _not_one_of("trump", trump, Trump)
    rank = hand.get("rank")
    if "rank" in hand and not isinstance(rank, str):
        raise fail("rank", 'must be a rank such as "7" or "Q"')
    result = _READ_RESULT[contract](hand["result"], names) if "result" in hand else None
    return Deal(contract, doubles, result, Trump(trump) if trump else None, rank), declarer


def _players(doc: dict[str, Any]) -> tuple[str, ...]:
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fail("players", "must be a list of four names")
    return tuple(players)


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
    rules = parse_rules(top.get("rules", {}))
    if not isinstance(top["hands"], list):
        raise fail("hands", "must be a list")
    Game(players, first, rules)  # names checked before the hands refer to them
    deals: list[Deal] = []
    problems: list[Problem] = []
    for index, value in enumerate(top["hands"]):
        try:
            deal, claimed = _hand(value, names)
        except GameError as error:
            problems += error.in_deal(index + 1).problems
            continue
        expected = roles_of(index, first, rules).declarer
        if claimed is not None and claimed != expected:
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
    return Game(players, first, rules, tuple(deals))


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


def _dump_result(result: Result, names: tuple[str, ...]) -> dict[str, Any]:
    def counts(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    match result:
        case Tricks(tricks=t):
            return {"tricks": counts(t)}
        case Queens(queens=q):
            return {"queens": counts(q)}
        case LastTwo(penultimate=p, last=last):
            return {"penultimate": names[p], "last": names[last]}
        case Hearts(hearts=h, ace=a):
            return {"hearts": counts(h), "ace": names[a]}
        case King(king=k):
            return {"king": names[k]}
        case Dominoes(order=o):
            return {"order": [names[s] for s in o]}
        case Ravage(most=m):
            return {"most": [names[s] for s in m]}
    raise TypeError(f"unknown result {result!r}")  # pragma: no cover


def _dump_doubles(doubles: frozenset[tuple[int, int]], declarer: int) -> list[tuple[int, int]]:
    """The doubles in the order they were made: by turn, then by seat doubled."""
    turn = doubling_order(declarer)
    return sorted(doubles, key=lambda d: (turn.index(d[0]), d[1]))


def dump(game: Game) -> dict[str, Any]:
    """The `barbu-game/1` document of a game."""
    names = game.players
    hands = []
    for index, deal in enumerate(game.deals):
        declarer = game.roles(index).declarer
        hand: dict[str, Any] = {"declarer": names[declarer], "contract": deal.contract.value}
        if deal.trump is not None:
            hand["trump"] = deal.trump.value
        if deal.rank is not None:
            hand["rank"] = deal.rank
        hand["doubles"] = [[names[a], names[b]] for a, b in _dump_doubles(deal.doubles, declarer)]
        if deal.result is not None:
            hand["result"] = _dump_result(deal.result, names)
        hands.append(hand)
    return {
        "format": FORMAT,
        "players": list(names),
        "first_declarer": names[game.first_declarer],
        "rules": dump_rules(game.rules),
        "hands": hands,
    }


def dumps(game: Game) -> str:
    """The game file as JSON text."""
    return json.dumps(dump(game), ensure_ascii=False, indent=2)
