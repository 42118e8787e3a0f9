"""Turns in every game: who declares, deals, cuts and leads; the contracts left; the compulsory
doubles owed; and settling without play. Seats: 0 is Ann, then clockwise."""

from __future__ import annotations

import re

import pytest

from scorekeeper.scoring import GameError, Result, score
from tests.unit.family import complete, deal, play, play_on, rules, table

RAVAGE = {"ravage_city": True}
EVERY = {"rotation": "every-deal"}
DEALER = {"dealer_declares": True}
FIXED = {"sequence": "fixed"}


def seq(*blocks: tuple[str, int]) -> tuple[int, ...]:
    """Declarers written as runs: ("0120", 2) is the seats 0, 1, 2, 0 twice over."""
    return tuple(int(s) for pattern, times in blocks for s in pattern * times)


def order(name, game, declarers, *, players=None, first=0, **settings):
    return pytest.param(rules(game, players, **settings), first, declarers, id=name)


DECLARERS = [
    order("barbu-blocks-of-7", "barbu", seq(("0", 7), ("1", 7), ("2", 7), ("3", 7))),
    order("barbu-blocks-from-cat", "barbu", seq(("2", 7), ("3", 7), ("0", 7), ("1", 7)), first=2),
    order("barbu-ravage-blocks-of-8", "barbu", seq(("0", 8), ("1", 8), ("2", 8), ("3", 8)), **RAVAGE),
    order("barbu-every-deal", "barbu", seq(("0123", 7)), **EVERY),
    order("barbu-every-deal-ravage", "barbu", seq(("0123", 8)), **EVERY, **RAVAGE),
    order("barbu-every-deal-from-diana", "barbu", seq(("3012", 7)), first=3, **EVERY),
    order(
        "barbu-3-rubber-r-starts-r-seats-left", "barbu-3", seq(("0120120", 1), ("1201201", 1), ("2012012", 1))
    ),
    order("barbu-3-from-cy", "barbu-3", seq(("2012012", 1), ("0120120", 1), ("1201201", 1)), first=2),
    order("barbu-3-one-rubber", "barbu-3", seq(("0120120", 1)), rubbers=1),
    order("barbette-blocks-of-4", "barbette", seq(("0", 4), ("1", 4), ("2", 4), ("3", 4))),
    order("barbette-every-deal", "barbette", seq(("0123", 4)), **EVERY),
    order("barbu-5-blocks-of-7", "barbu-5", seq(("0", 7), ("1", 7), ("2", 7), ("3", 7), ("4", 7))),
    order("barbu-5-every-deal", "barbu-5", seq(("01234", 7)), **EVERY),
    order("french-3-dealer-blocks-of-8", "french", seq(("0", 8), ("1", 8), ("2", 8)), players=3),
    order(
        "french-4-dealer-blocks-of-8",
        "french",
        seq(("1", 8), ("2", 8), ("3", 8), ("0", 8)),
        players=4,
        first=1,
    ),
    order(
        "french-5-fixed-blocks-of-5",
        "french",
        seq(("0", 5), ("1", 5), ("2", 5), ("3", 5), ("4", 5)),
        players=5,
        **FIXED,
    ),
]


@pytest.mark.parametrize(("rules", "first", "declarers"), DECLARERS)
def test_who_declares_each_deal(rules, first, declarers):
    game = table(rules, first)
    assert rules.total_deals == len(declarers)
    assert tuple(game.roles(i).declarer for i in range(len(declarers))) == declarers


def roles(name, game, index, expected, *, players=None, first=0, **settings):
    return pytest.param(rules(game, players, **settings), first, index, expected, id=name)


# (declarer, dealer, cutter, leader): the dealer sits at the declarer's right, the cutter at the
# dealer's right, the declarer leads; when the dealer declares, the dealer's left leads.
ROLES = [
    roles("barbu-first-deal", "barbu", 0, (0, 3, 2, 0)),
    roles("barbu-seventh-deal-same-declarer", "barbu", 6, (0, 3, 2, 0)),
    roles("barbu-eighth-deal-left-declares", "barbu", 7, (1, 0, 3, 1)),
    roles("barbu-last-deal", "barbu", 27, (3, 2, 1, 3)),
    roles("barbu-ravage-eighth-deal-same-declarer", "barbu", 7, (0, 3, 2, 0), **RAVAGE),
    roles("barbu-ravage-ninth-deal", "barbu", 8, (1, 0, 3, 1), **RAVAGE),
    roles("barbu-every-deal-second", "barbu", 1, (1, 0, 3, 1), **EVERY),
    roles("barbu-every-deal-seventh", "barbu", 6, (2, 1, 0, 2), **EVERY),
    roles("barbu-dealer-declares", "barbu", 0, (0, 0, 3, 1), **DEALER),
    roles("barbu-dealer-declares-next-block", "barbu", 7, (1, 1, 0, 2), **DEALER),
    roles("barbu-3-first-deal", "barbu-3", 0, (0, 2, 1, 0)),
    roles("barbu-3-second-deal-bob", "barbu-3", 1, (1, 0, 2, 1)),
    roles("barbu-3-third-deal-cy", "barbu-3", 2, (2, 1, 0, 2)),
    roles("barbu-3-seventh-deal-first-declarer", "barbu-3", 6, (0, 2, 1, 0)),
    roles("barbu-3-second-rubber-bob", "barbu-3", 7, (1, 0, 2, 1)),
    roles("barbu-3-third-rubber-cy", "barbu-3", 14, (2, 1, 0, 2)),
    roles("barbette-fourth-deal", "barbette", 3, (0, 3, 2, 0)),
    roles("barbette-fifth-deal-beth", "barbette", 4, (1, 0, 3, 1)),
    roles("barbette-dealer-declares", "barbette", 4, (1, 1, 0, 2), **DEALER),
    roles("barbu-5-first-deal", "barbu-5", 0, (0, 4, 3, 0)),
    roles("barbu-5-eighth-deal-beth", "barbu-5", 7, (1, 0, 4, 1)),
    roles("barbu-5-last-deal-eve", "barbu-5", 34, (4, 3, 2, 4)),
    roles("barbu-5-dealer-declares", "barbu-5", 0, (0, 0, 4, 1), **DEALER),
    roles("french-3-dealer-declares-left-leads", "french", 8, (1, 1, 0, 2), players=3),
    roles("french-4-first-dealer", "french", 0, (0, 0, 3, 1), players=4),
    roles("french-4-last-dealer", "french", 31, (3, 3, 2, 0), players=4),
    roles("french-5-from-beth", "french", 0, (1, 1, 0, 2), players=5, first=1),
    roles("french-5-last-dealer-left-is-first", "french", 24, (4, 4, 3, 0), players=5, **FIXED),
]


@pytest.mark.parametrize(("rules", "first", "index", "expected"), ROLES)
def test_roles(rules, first, index, expected):
    r = table(rules, first).roles(index)
    assert (r.declarer, r.dealer, r.cutter, r.leader) == expected


def blocks(name, game, expected, *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), expected, id=name)


# Each block of the sheet: (declarer, its deal numbers, rubber).
BLOCKS = [
    blocks("barbu-blocks", "barbu", [(s, tuple(range(7 * s + 1, 7 * s + 8)), None) for s in range(4)]),
    blocks("barbu-every-deal", "barbu", [(s, tuple(range(s + 1, 29, 4)), None) for s in range(4)], **EVERY),
    blocks(
        "barbu-3-rubbers",
        "barbu-3",
        [(r, tuple(range(7 * r + 1, 7 * r + 8)), r + 1) for r in range(3)],
    ),
    blocks("barbette-blocks", "barbette", [(s, tuple(range(4 * s + 1, 4 * s + 5)), None) for s in range(4)]),
    blocks(
        "french-3-dealers",
        "french",
        [(s, tuple(range(8 * s + 1, 8 * s + 9)), None) for s in range(3)],
        players=3,
    ),
]


@pytest.mark.parametrize(("rules", "expected"), BLOCKS)
def test_sheet_blocks_follow_the_rotation(rules, expected):
    sheet = score(complete(rules))
    assert [(b.declarer, b.numbers, b.rubber) for b in sheet.blocks] == expected
    assert all(b.complete and b.balanced for b in sheet.blocks)


def left(name, game, played, expected, *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), played, expected, id=name)


BARBU_7 = ("no-tricks", "no-queens", "no-last-two", "no-hearts", "barbu", "trumps", "dominoes")
BARBU_3_7 = ("no-tricks", "no-queens", "no-last-three", "no-hearts", "barbu", "trumps", "dominoes")
FRENCH_8 = ("no-tricks", "no-hearts", "no-queens", "barbu", "salad", "tricks", "no-first-last", "dominoes")
CONTRACTS_LEFT = [
    left("barbu-all-seven", "barbu", (), BARBU_7),
    left("barbu-ravage-eighth", "barbu", (), (*BARBU_7, "ravage-city"), **RAVAGE),
    left("barbu-played-are-gone", "barbu", BARBU_7[:3], BARBU_7[3:]),
    left("barbu-next-declarer-all-seven", "barbu", BARBU_7, BARBU_7),
    left("barbu-every-deal-own-contracts", "barbu", ("barbu", "trumps"), BARBU_7, **EVERY),
    left(
        "barbette-one-of-trumps-dominoes",
        "barbette",
        (),
        ("no-queens", "no-last-two", "barbu", "trumps", "dominoes"),
    ),
    left("barbette-trumps-takes-both", "barbette", ("trumps",), ("no-queens", "no-last-two", "barbu")),
    left("barbette-dominoes-takes-both", "barbette", ("dominoes", "barbu"), ("no-queens", "no-last-two")),
    left("barbu-3-all-seven", "barbu-3", (), BARBU_3_7),
    left(
        "barbu-3-shared-by-the-rubbers-declarers",
        "barbu-3",
        ("no-tricks", "barbu"),
        ("no-queens", "no-last-three", "no-hearts", "trumps", "dominoes"),
    ),
    left("barbu-3-next-rubber-all-seven", "barbu-3", BARBU_3_7, BARBU_3_7),
    left("barbu-5-all-seven", "barbu-5", ("trumps",), tuple(c for c in BARBU_7 if c != "trumps")),
    left("french-choice-all-eight", "french", (), FRENCH_8, players=4),
    left(
        "french-choice-any-order",
        "french",
        ("dominoes", "salad"),
        ("no-tricks", "no-hearts", "no-queens", "barbu", "tricks", "no-first-last"),
        players=4,
    ),
    left("french-fixed-only-the-first", "french", (), ("no-tricks",), players=3, **FIXED),
    left(
        "french-fixed-only-the-next", "french", ("no-tricks", "no-hearts"), ("no-queens",), players=5, **FIXED
    ),
    left("french-fixed-next-dealer-starts-again", "french", FRENCH_8[:5], ("no-tricks",), players=4, **FIXED),
]


@pytest.mark.parametrize(("rules", "played", "expected"), CONTRACTS_LEFT)
def test_contracts_left(rules, played, expected):
    turn = play(table(rules), *played).next_turn()
    assert tuple(k.id for k in turn.contracts_left) == expected


def refused(name, game, played, id, message, *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), played, id, message, id=name)


REFUSED = [
    refused("barbu-twice", "barbu", ("no-tricks",), "no-tricks", "Ann has already declared No tricks"),
    refused(
        "barbu-ravage-without-rule", "barbu", (), "ravage-city", "Ravage City is not played in this game"
    ),
    refused(
        "barbu-5-twice", "barbu-5", ("barbu",), "barbu", "Ann has already declared Barbu (no king of hearts)"
    ),
    refused(
        "barbette-trumps-then-dominoes",
        "barbette",
        ("trumps",),
        "dominoes",
        "Ann has already played Trumps, so cannot play Dominoes",
    ),
    refused(
        "barbette-dominoes-then-trumps",
        "barbette",
        ("dominoes",),
        "trumps",
        "Ann has already played Dominoes, so cannot play Trumps",
    ),
    refused("barbette-trumps-twice", "barbette", ("trumps",), "trumps", "Ann has already declared Trumps"),
    refused(
        "barbu-3-once-a-rubber",
        "barbu-3",
        ("trumps",),
        "trumps",
        "Trumps has already been played in this rubber",
    ),
    refused(
        "barbu-3-once-a-rubber-later",
        "barbu-3",
        ("no-hearts", "barbu"),
        "no-hearts",
        "No hearts has already been played in this rubber",
    ),
    refused(
        "french-fixed-order",
        "french",
        (),
        "no-queens",
        "the contracts go in a fixed order: Ann plays No tricks now",
        players=4,
        **FIXED,
    ),
    refused(
        "french-fixed-order-after-one",
        "french",
        ("no-tricks",),
        "salad",
        "Ann plays No hearts now",
        players=3,
        **FIXED,
    ),
    refused(
        "french-fixed-five-only",
        "french",
        (),
        "tricks",
        "Tricks is not played in this game",
        players=5,
        **FIXED,
    ),
    refused(
        "french-choice-twice",
        "french",
        ("salad",),
        "salad",
        "Ann has already declared Salad (all four at once)",
        players=4,
    ),
]


@pytest.mark.parametrize(("rules", "played", "id", "message"), REFUSED)
def test_refused_contracts(rules, played, id, message):
    game = play(table(rules), *played)
    with pytest.raises(GameError, match=re.escape(message)) as caught:
        game.add(deal(rules, id))
    assert [(p.deal, p.field) for p in caught.value.problems] == [(len(played) + 1, "contract")]


def owes(name, game, deals, owed, chances, forced=(), *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), deals, owed, chances, set(forced), id=name)


def each(seats, n):
    return dict.fromkeys(seats, n)


# After `deals` deals in which nobody doubled unless forced to: the next turn's doubles owed,
# deals left to make them in, and who must double now.
DOUBLES_OWED = [
    owes("barbu-two-in-seven", "barbu", 0, each((1, 2, 3), 2), each((1, 2, 3), 7)),
    owes("barbu-forced-with-two-left", "barbu", 5, each((1, 2, 3), 2), each((1, 2, 3), 2), (1, 2, 3)),
    owes("barbu-next-declarer-owed-afresh", "barbu", 7, each((0, 2, 3), 2), each((0, 2, 3), 7)),
    owes("barbu-ravage-eight-chances", "barbu", 0, each((1, 2, 3), 2), each((1, 2, 3), 8), **RAVAGE),
    owes(
        "barbu-every-deal-chances-per-declarer", "barbu", 4, each((1, 2, 3), 2), each((1, 2, 3), 6), **EVERY
    ),
    owes(
        "barbu-three-doubles",
        "barbu",
        4,
        each((1, 2, 3), 3),
        each((1, 2, 3), 3),
        (1, 2, 3),
        compulsory_doubles=3,
    ),
    owes(
        "barbu-none-owed-when-off", "barbu", 5, each((1, 2, 3), 0), each((1, 2, 3), 2), compulsory_doubles=0
    ),
    owes(
        "barbu-none-owed-without-doubling",
        "barbu",
        5,
        each((1, 2, 3), 0),
        each((1, 2, 3), 2),
        doubling="none",
    ),
    # In a rubber the declarer owes doubles too, to be made in the deals they do not declare.
    owes("barbu-3-first-deal-others-have-5", "barbu-3", 0, each((0, 1, 2), 2), {0: 4, 1: 5, 2: 5}),
    owes("barbu-3-first-declarer-has-4", "barbu-3", 1, each((0, 1, 2), 2), each((0, 1, 2), 4)),
    owes("barbu-3-forced-in-deal-5", "barbu-3", 4, each((0, 1, 2), 2), each((0, 1, 2), 2), (0, 2)),
    owes("barbu-3-next-rubber-afresh", "barbu-3", 7, each((0, 1, 2), 2), {0: 5, 1: 4, 2: 5}),
    owes("barbu-3-second-rubber-bob-has-4", "barbu-3", 8, each((0, 1, 2), 2), each((0, 1, 2), 4)),
    owes(
        "barbu-3-four-doubles-forced-at-once",
        "barbu-3",
        1,
        each((0, 1, 2), 4),
        each((0, 1, 2), 4),
        (0, 2),
        compulsory_doubles=4,
    ),
    owes("barbette-one-in-four", "barbette", 0, each((1, 2, 3), 1), each((1, 2, 3), 4)),
    owes("barbette-forced-in-last-deal", "barbette", 3, each((1, 2, 3), 1), each((1, 2, 3), 1), (1, 2, 3)),
    owes("barbu-5-two-in-seven", "barbu-5", 0, each((1, 2, 3, 4), 2), each((1, 2, 3, 4), 7)),
    owes(
        "barbu-5-forced-with-two-left",
        "barbu-5",
        5,
        each((1, 2, 3, 4), 2),
        each((1, 2, 3, 4), 2),
        (1, 2, 3, 4),
    ),
    owes("french-never-owed", "french", 3, each((1, 2, 3), 0), each((1, 2, 3), 5), players=4),
]


@pytest.mark.parametrize(("rules", "deals", "owed", "chances", "forced"), DOUBLES_OWED)
def test_compulsory_doubles_owed(rules, deals, owed, chances, forced):
    turn = play_on(table(rules), deals).next_turn()
    assert (turn.owed, turn.chances, turn.forced) == (owed, chances, forced)


def test_a_double_of_the_declarer_counts_towards_what_is_owed():
    barbu = rules("barbu")
    game = table(barbu).add(deal(barbu, "no-tricks", {(1, 0), (2, 3)}))
    assert game.next_turn().owed == {1: 1, 2: 2, 3: 2}


def short(name, game, deals, messages, *, players=None, **settings):
    return pytest.param(rules(game, players, **settings), deals, messages, id=name)


SHORT = [
    short(
        "barbu-two-owed-two-left",
        "barbu",
        5,
        [
            f"{p} must double Ann in this deal (compulsory doubles: 2 still owed, 2 deals left)"
            for p in ("Beth", "Cat", "Diana")
        ],
    ),
    short(
        "barbette-one-owed-one-left",
        "barbette",
        3,
        [
            f"{p} must double Ann in this deal (compulsory doubles: 1 still owed, 1 deal left)"
            for p in ("Beth", "Cat", "Diana")
        ],
    ),
    short(
        "barbu-3-per-rubber",
        "barbu-3",
        4,
        [
            f"{p} must double Bob in this deal (compulsory doubles: 2 still owed, 2 deals left)"
            for p in ("Ann", "Cy")
        ],
    ),
    short(
        "barbu-5-two-owed-two-left",
        "barbu-5",
        5,
        [
            f"{p} must double Ann in this deal (compulsory doubles: 2 still owed, 2 deals left)"
            for p in ("Beth", "Cat", "Diana", "Eve")
        ],
    ),
]


@pytest.mark.parametrize(("rules", "deals", "messages"), SHORT)
def test_a_deal_that_leaves_doubles_impossible_is_refused(rules, deals, messages):
    game = play_on(table(rules), deals)
    with pytest.raises(GameError) as caught:
        game.add(deal(rules, game.next_turn().contracts_left[0].id))
    assert [p.deal for p in caught.value.problems] == [deals + 1] * len(messages)
    assert [p.message.removeprefix("doubles: ") for p in caught.value.problems] == messages


def settle(name, contract, raw, *, points=None, before=(), **settings):
    return pytest.param(
        rules("barbu", points=points, undoubled_negative="settle", **settings), before, contract, raw, id=name
    )


# Each opponent scores a third of the contract total, rounded; the declarer the rest.
SETTLED = [
    settle("no-tricks-1-and-minus-9", "no-tricks", (1, -9, -9, -9)),
    settle("no-queens-0-and-minus-8", "no-queens", (0, -8, -8, -8)),
    settle("no-last-two-0-and-minus-10", "no-last-two", (0, -10, -10, -10)),
    settle("no-hearts-0-and-minus-10", "no-hearts", (0, -10, -10, -10)),
    settle("barbu-1-and-minus-7", "barbu", (1, -7, -7, -7)),
    settle("barbu-15-0-and-minus-5", "barbu", (0, -5, -5, -5), points="barbu-15"),
    settle("brader-barbu-minus-1-and-minus-8", "barbu", (-1, -8, -8, -8), points="brader"),
    settle("brader-no-tricks-1-and-minus-22", "no-tricks", (1, -22, -22, -22), points="brader"),
    settle("ravage-0-and-minus-12", "ravage-city", (0, -12, -12, -12), **RAVAGE),
    settle("beth-declares-every-deal", "no-tricks", (-9, 1, -9, -9), before=("trumps",), **EVERY),
]


@pytest.mark.parametrize(("rules", "before", "contract", "raw"), SETTLED)
def test_settled_without_play(rules, before, contract, raw):
    row = play(table(rules), *before).add(deal(rules, contract, result=None)).rows[-1]
    assert row.settled
    assert row.raw == row.score == raw


@pytest.mark.parametrize(
    ("contract", "doubles", "result", "message"),
    [
        pytest.param(
            "no-tricks", {(1, 0)}, None, "result: the result of the deal is missing", id="doubled-is-played"
        ),
        pytest.param(
            "trumps", (), None, "result: the result of the deal is missing", id="positive-is-played"
        ),
        pytest.param(
            "barbu",
            (),
            {"king": 1},
            "nobody doubled, so this deal is settled without play",
            id="no-result-when-settled",
        ),
    ],
)
def test_what_is_settled(contract, doubles, result, message):
    settling = rules("barbu", undoubled_negative="settle")
    given = None if result is None else Result.of(**result)
    with pytest.raises(GameError, match=re.escape(message)):
        table(settling).add(deal(settling, contract, doubles, given))


@pytest.mark.parametrize(
    ("game", "players", "name"),
    [
        pytest.param("barbu-3", None, "Three-player Barbu", id="barbu-3"),
        pytest.param("barbette", None, "Barbette", id="barbette"),
        pytest.param("barbu-5", None, "Five-player Barbu", id="barbu-5"),
        pytest.param("french", 4, "French Barbu", id="french"),
    ],
)
def test_only_barbu_settles_without_play(game, players, name):
    with pytest.raises(GameError, match=re.escape(f"'undoubled_negative' is not a rule of {name}")):
        rules(game, players, undoubled_negative="settle")
