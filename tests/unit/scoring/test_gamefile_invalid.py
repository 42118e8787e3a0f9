"""Every way a `barbu-game/1` file is invalid (game-format.md, "What makes a file invalid").

Each case starts from a legal document (the worked example, or hands built
below) and changes one thing; `load` must raise GameError naming the deal
(None for the game as a whole) in words a player understands.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.scoring import FormatError, GameError, load, loads

Doc = dict[str, Any]
EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "worked-example.json"
PLAYERS = ("Ann", "Beth", "Cat", "Diana")
CONTRACTS = ("no-queens", "no-hearts", "no-tricks", "no-last-two", "barbu", "trumps", "dominoes")
EVEN = {"Ann": 4, "Beth": 3, "Cat": 3, "Diana": 3}
RESULTS: dict[str, Doc] = {
    "no-tricks": {"tricks": EVEN},
    "trumps": {"tricks": EVEN},
    "no-queens": {"queens": {"Ann": 1, "Beth": 1, "Cat": 1, "Diana": 1}},
    "no-last-two": {"penultimate": "Ann", "last": "Beth"},
    "no-hearts": {"hearts": EVEN, "ace": "Ann"},
    "barbu": {"king": "Cat"},
    "dominoes": {"order": ["Ann", "Beth", "Cat", "Diana"]},
    "ravage-city": {"most": ["Diana"]},
}
NAMED = {"trumps": {"trump": "spades"}, "dominoes": {"rank": "7"}}
POINTS = {
    **{"no-tricks": -2, "no-queens": -6, "no-last-two": [-10, -20], "no-hearts": {"heart": -2, "ace": -6}},
    **{"barbu": -20, "trumps": 5, "dominoes": [45, 20, 5, -5], "ravage-city": -36},
}


def example(**top: Any) -> Doc:
    """The worked example of rules.md, with top-level keys replaced."""
    doc: Doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return {**doc, **top}


def changed(edit: Callable[[Doc], object], doc: Doc | None = None) -> Doc:
    """The worked example (or `doc`) after `edit` changed one thing in it."""
    doc = example() if doc is None else doc
    edit(doc)
    return doc


def hand(contract: str, doubles: Any = (), **changes: Any) -> Doc:
    """A legal hand of `contract` with a possible result; `changes` replace its keys."""
    result = copy.deepcopy(RESULTS[contract])
    made = {"contract": contract, **NAMED.get(contract, {}), "doubles": [list(d) for d in doubles]}
    return {**made, "result": result, **changes}


def block(declarer: str, contracts: tuple[str, ...] = CONTRACTS, doublers: Any = None) -> list[Doc]:
    """One declarer's deals, a contract each; `doublers` (every opponent unless given)
    double the declarer in the first two deals, which meets the standard compulsory doubles."""
    doublers = [p for p in PLAYERS if p != declarer] if doublers is None else doublers
    return [hand(c, [(p, declarer) for p in doublers] if i < 2 else []) for i, c in enumerate(contracts)]


def full_game(ravage_city: bool = False) -> list[Doc]:
    """Every deal of a game that Ann starts: 28 hands, or 32 with Ravage City."""
    contracts = (*CONTRACTS, "ravage-city") if ravage_city else CONTRACTS
    return [h for declarer in PLAYERS for h in block(declarer, contracts)]


def game(hands: list[Doc], **rules: Any) -> Doc:
    """The worked example's players with these hands and rules."""
    return example(hands=hands, rules=rules)


def one(contract: str, doubles: Any = (), rules: Any = None, **changes: Any) -> Doc:
    """A game of a single hand."""
    return game([hand(contract, doubles, **changes)], **(rules or {}))


def first_hand(**changes: Any) -> Doc:
    return changed(lambda d: d["hands"][0].update(changes))


def add_double(deal: int, pair: list[str]) -> Doc:
    return changed(lambda d: d["hands"][deal - 1]["doubles"].append(pair))


def queens(**counts: Any) -> Doc:
    return first_hand(result={"queens": {"Ann": 1, "Beth": 0, "Cat": 1, "Diana": 2, **counts}})


def hearts_result(**changes: Any) -> Doc:
    return changed(lambda d: d["hands"][1]["result"].update(changes))


def drop(key: str, deal: int | None = None) -> Doc:
    """The worked example without `key` (in hand `deal` if given)."""
    return changed(lambda d: (d if deal is None else d["hands"][deal - 1]).pop(key))


def players(*names: str) -> Doc:
    return example(players=list(names), hands=[])


def rules(**values: Any) -> Doc:
    return example(rules=values)


def diana_owes_one() -> Doc:
    """Ann's block where Diana doubles Ann only in deal 1, so deal 7 is her last chance."""
    hands = block("Ann")
    hands[1]["doubles"] = [["Beth", "Ann"], ["Cat", "Ann"]]
    return game(hands)


def case(name: str, doc: Any, deal: int | None, fragment: str, bug: str = "") -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=f"engine bug: {bug}")] if bug else []
    return pytest.param(doc, deal, fragment, id=name, marks=marks)


VALID = {
    "worked-example": example(),
    "full-game": game(full_game()),
    "full-game-ravage-city": game(full_game(True), ravage_city=True),
    "compulsory-still-possible": game(block("Ann", doublers=["Cat", "Diana"])[:5]),
    "settled-hand": game([{"contract": "no-tricks"}], undoubled_negative="settle"),
}


@pytest.mark.parametrize("doc", list(VALID.values()), ids=list(VALID))
def test_the_documents_the_cases_start_from_are_valid(doc: Doc) -> None:
    load(doc)


ABC = ("Ann", "Beth", "Cat")
RAVAGE = {"ravage_city": True}
ORDER_EVE = {"order": ["Ann", "Beth", "Cat", "Eve"]}
EVERY_DEAL = game([hand("barbu"), hand("trumps", declarer="Ann")], rotation="every-deal")
THIRTY_THREE = game([*full_game(True), hand("barbu")], ravage_city=True)
BETH_NEVER = game(block("Ann", doublers=["Cat", "Diana"])[:6])
DOUBLED_NO_RESULT = game([{"contract": "barbu", "doubles": [["Beth", "Ann"]]}], undoubled_negative="settle")
RULE_CASES = [
    # Who plays.
    case("players-not-4", players(*ABC), None, "needs 4 players, not 3"),
    case("players-5", players(*PLAYERS, "Eve"), None, "needs 4 players, not 5"),
    case("name-not-trimmed", players(*ABC, "Diana "), None, "may not start or end with spaces"),
    case("name-too-long", players(*ABC, "x" * 41), None, "a name has 1 to 40 characters"),
    case("name-empty", players(*ABC, ""), None, "a name has 1 to 40 characters"),
    case("names-same-ignoring-case", players(*ABC, "ANN"), None, "two players have the same name"),
    case("first-declarer-unknown", example(first_declarer="Eve"), None, "'Eve' is not a player"),
    # An unknown player or contract.
    case("unknown-doubler", add_double(1, ["Eve", "Ann"]), 1, "'Eve' is not a player"),
    case("unknown-doubled", add_double(2, ["Beth", "Eve"]), 2, "'Eve' is not a player"),
    case("unknown-ace-taker", hearts_result(ace="Eve"), 2, "'Eve' is not a player"),
    case("unknown-king-taker", one("barbu", result={"king": "Eve"}), 1, "'Eve' is not a player"),
    case("unknown-in-order", one("dominoes", result=ORDER_EVE), 1, "'Eve' is not a player"),
    case("unknown-in-counts", queens(Eve=0), 1, "'Eve' is not a player"),
    case("unknown-contract", first_hand(contract="no-kings"), 1, "'no-kings' is not a contract"),
    case("ravage-city-without-rule", one("ravage-city"), 1, "Ravage City is not played in this game"),
    # Contracts and rotation.
    case("contract-twice", game([hand("barbu"), hand("barbu")]), 2, "Ann has already declared Barbu"),
    case("declarer-not-first", first_hand(declarer="Beth"), 1, "it is Ann's turn to declare, not Beth"),
    case("declarer-after-block", game([*block("Ann"), hand("barbu", declarer="Ann")]), 8, "Beth's turn"),
    case("declarer-every-deal", EVERY_DEAL, 2, "it is Beth's turn to declare, not Ann"),
    case("too-many-hands-29", game([*full_game(), hand("barbu")]), 29, "the game has only 28 deals"),
    case("too-many-hands-33-ravage-city", THIRTY_THREE, 33, "the game has only 32 deals"),
    # Doubles.
    case("self-double", add_double(1, ["Cat", "Cat"]), 1, "Cat cannot double themselves"),
    case("duplicate-double", add_double(1, ["Beth", "Ann"]), 1, "Beth doubles Ann twice"),
    case("declarer-doubles-non-doubler", add_double(1, ["Ann", "Diana"]), 1, "not Diana"),
    case("non-declarers-trumps", one("trumps", [("Beth", "Ann"), ("Beth", "Cat")]), 1, "not Cat"),
    case("non-declarers-dominoes", one("dominoes", [("Diana", "Cat")]), 1, "Diana may double only the"),
    case("non-declarers-declarer-only", rules(doubling="declarer-only"), 1, "Beth may double only the"),
    case("any-double-under-none", rules(doubling="none"), 1, "this game is played without doubling"),
    case("partial-redouble", rules(redouble_all=True), 1, "must redouble everyone who doubled them (Beth)"),
    case(
        "compulsory-impossible-2-owed",
        BETH_NEVER,
        6,
        "Beth must double Ann in this deal (compulsory doubles: 2 still owed, 2 deals left)",
    ),
    case("compulsory-impossible-1-owed", diana_owes_one(), 7, "Diana must double Ann in this deal"),
    # Results.
    case("result-on-settled-hand", one("no-tricks", rules={"undoubled_negative": "settle"}), 1, "settled"),
    case("missing-result", drop("result", deal=1), 1, "the result of the deal is missing"),
    case("missing-result-doubled-when-settling", DOUBLED_NO_RESULT, 1, "the result of the deal is missing"),
    case("tricks-sum-12", one("no-tricks", result={"tricks": {**EVEN, "Ann": 3}}), 1, "add up to 12, not 13"),
    case("trumps-sum-14", one("trumps", result={"tricks": {**EVEN, "Ann": 5}}), 1, "add up to 14, not 13"),
    case("queens-sum-5", queens(Beth=1), 1, "queens add up to 5, not 4"),
    case("hearts-sum-14", hearts_result(hearts={**EVEN, "Ann": 5}), 2, "hearts add up to 14, not 13"),
    case("ace-taker-no-hearts", hearts_result(ace="Ann"), 2, "the ace of hearts took at least one heart"),
    case("negative-count", queens(Ann=2, Beth=-1), 1, "count for Beth must be a whole number, 0 or more"),
    case("count-missing", first_hand(result={"queens": {"Ann": 2, "Cat": 2, "Beth": 0}}), 1, "for Diana"),
    case("dominoes-repeated", one("dominoes", result={"order": [*ABC, "Ann"]}), 1, "every player exactly"),
    case("dominoes-three", one("dominoes", result={"order": list(ABC)}), 1, "every player exactly once"),
    case("ravage-nobody", one("ravage-city", (), RAVAGE, result={"most": []}), 1, "name at least one player"),
    case("ravage-twice", one("ravage-city", (), RAVAGE, result={"most": ["Ann", "Ann"]}), 1, "named twice"),
    case("trump-on-non-trumps", first_hand(trump="spades"), 1, "a trump suit is named only in Trumps"),
    case("unknown-trump-suit", one("trumps", trump="stars"), 1, "'stars' is not a suit"),
    case("bad-rank", one("dominoes", rank="1"), 1, "'1' is not a rank (2 to 10, J, Q, K or A)"),
    case("rank-on-non-dominoes", first_hand(rank="7"), 1, "a starting rank is named only in Dominoes"),
    # Rules.
    case("compulsory-doubles-8", rules(compulsory_doubles=8), None, "between 0 and 7, not 8"),
    case("compulsory-2-with-none", rules(compulsory_doubles=2, doubling="none"), None, "without doubling"),
    case("ravage-points-not-x12", rules(scheme={**POINTS, "ravage-city": -30}), None, "multiple of 12"),
    case("custom-points-missing", rules(scheme={"no-tricks": -2}), None, "points of 'no-queens' are missing"),
    case("unknown-scheme", rules(scheme="french"), None, "'french' is not a scheme"),
    case("null-scheme", rules(scheme=None), None, "scheme: must be a scheme's name or a points object"),
    case("unknown-doubling", rules(doubling="sometimes"), None, "'standard', 'declarer-only', 'none'"),
    case("unknown-rotation", rules(rotation="random"), None, "rules.rotation: must be one of"),
]

SHAPE_CASES = [
    case("not-an-object", [], None, "must be an object"),
    case("wrong-format", example(format="barbu-game/2"), None, "format: must be 'barbu-game/1'"),
    case("missing-format", drop("format"), None, "format: must be 'barbu-game/1'"),
    case("missing-players", drop("players"), None, "players: is missing"),
    case("missing-first-declarer", drop("first_declarer"), None, "first_declarer: is missing"),
    case("missing-hands", drop("hands"), None, "hands: is missing"),
    case(
        "missing-contract",
        drop("contract", deal=1),
        1,
        "contract: is missing",
    ),
    case("missing-result-key", first_hand(result={}), 1, "'queens' is missing"),
    case("unknown-top-key", example(comment="hi"), None, "unknown key 'comment'"),
    case("unknown-rules-key", rules(speed="fast"), None, "unknown key 'speed'"),
    case("unknown-hand-key", first_hand(note="hi"), 1, "unknown key 'note'"),
    case("unknown-result-key", one("barbu", result={"king": "Cat", "kings": 1}), 1, "unknown key 'kings'"),
    case("count-string", queens(Ann="1"), 1, "the count for Ann must be a whole number"),
    case("count-bool", queens(Ann=True), 1, "the count for Ann must be a whole number"),
    case("count-float", queens(Ann=1.0), 1, "the count for Ann must be a whole number"),
    case("count-null", queens(Ann=None), 1, "the count for Ann must be a whole number"),
    case("counts-list", first_hand(result={"queens": [1, 0, 1, 2]}), 1, "queens: must be an object"),
    case("result-list", first_hand(result=[]), 1, "result: must be an object"),
    case("result-null", first_hand(result=None), 1, "result: must be an object"),
    case("hand-list", changed(lambda d: d["hands"].__setitem__(1, [])), 2, "hand: must be an object"),
    case("rules-list", example(rules=[]), None, "rules: must be an object"),
    case("rules-null", example(rules=None), None, "rules: must be an object"),
    case("players-string", example(players="Ann, Beth, Cat, Diana"), None, "players: must be a list of four"),
    case("players-numbers", example(players=[1, 2, 3, 4]), None, "players: must be a list of four names"),
    case("hands-object", example(hands={}), None, "hands: must be a list"),
    case("doubles-object", first_hand(doubles={"Beth": "Ann"}), 1, "must be a list of [doubler, doubled]"),
    case("double-of-three", add_double(1, ["Ann", "Beth", "Cat"]), 1, "each double is a pair"),
    case("contract-number", first_hand(contract=1), 1, "1 is not a contract"),
    case("declarer-null", first_hand(declarer=None), 1, "declarer: must be a player's name"),
    case("rank-number", one("dominoes", rank=7), 1, 'must be a rank such as "7" or "Q"'),
    case("trump-list", one("trumps", trump=[]), 1, "trump: must be a suit"),
    case("flag-string", rules(ravage_city="yes"), None, "rules.ravage_city: must be true or false"),
    case("compulsory-string", rules(compulsory_doubles="2"), None, "must be a whole number from 0 to 7"),
    case("compulsory-bool", rules(compulsory_doubles=True), None, "must be a whole number from 0 to 7"),
    case("compulsory-null", rules(compulsory_doubles=None), None, "must be a whole number from 0 to 7"),
    case("points-float", rules(scheme={**POINTS, "barbu": -20.0}), None, "scheme.barbu: must be a whole"),
]


@pytest.mark.parametrize(("doc", "deal", "fragment"), RULE_CASES + SHAPE_CASES)
def test_invalid_file_is_refused(doc: Any, deal: int | None, fragment: str) -> None:
    with pytest.raises(GameError) as caught:
        load(doc)
    problem = caught.value.problems[0]
    assert problem.deal == deal, caught.value.problems
    assert fragment in problem.message, caught.value.problems
    assert str(problem) == (problem.message if deal is None else f"deal {deal}: {problem.message}")


NOT_GAME_FILES = {
    "empty": "",
    "blank": "   \n",
    "truncated": "{",
    "trailing-comma": '{"format": "barbu-game/1",}',
    "not-json": "not json",
    "deeply-nested-unclosed": "[" * 100_000,
    "deeply-nested-closed": "[" * 100_000 + "]" * 100_000,
    "not-utf8": b"\xff\xfe\xfa\x80",
    "latin1-byte": b'{"players": ["\xe9"]}',
    "null": "null",
}


@pytest.mark.parametrize("text", list(NOT_GAME_FILES.values()), ids=list(NOT_GAME_FILES))
def test_loads_raises_only_format_error(text: str | bytes) -> None:
    with pytest.raises(FormatError) as caught:
        loads(text)
    assert caught.value.problems and caught.value.problems[0].deal is None
