"""The paper-sheet checker on hand-made sheets: every kind of finding, in every game of the family.

Contract totals used below (standard points): Barbu NT −26, NQ −24, NL2 −30, NH −30, B −20,
T +65, D +65; three-player NT −32, NQ −24, NL3 −30, NH −28, B −21, T +80, D +55; Barbette NQ −20,
NL2 −25, B −20, T +65, D +65; five-player NT −20, NQ −24, NL2 −30, NH −30, B −20, T +50, D +74;
French with three NT 85, NH 65, NQ 80, B 80, Salad 310, Tricks −85, NFL 80, D 0, with four
NT 65, NH 65, NQ 80, B 80, Salad 290, Tricks −65, NFL 80, D −10.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.paper import Finding, Kind, PaperSheet, check
from tests.unit.family import complete, rules

from .builders import from_game, paper

# One declarer's seven deals in Barbu that add up: NT, NQ, NL2, NH, B, T, D.
BARBU_BLOCK = [
    ("no-tricks", -8, -6, -6, -6),
    ("no-queens", -12, 24, -12, -24),
    ("no-last-two", 0, -10, -20, 0),
    ("no-hearts", 8, -8, -36, 6),
    ("barbu", 0, 0, -20, 0),
    ("trumps", 30, 15, 10, 10),
    ("dominoes", 45, 20, 5, -5),
]
BLOCK_TOTALS = (63, 35, -79, -19)  # each player's sum of the block above
TWO_BLOCKS = {0: BLOCK_TOTALS, 1: tuple(2 * t for t in BLOCK_TOTALS)}


def bare(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The same rows with no contract written."""
    return [(None, *row[1:]) for row in rows]


def contract(game: str, id: str, players: int | None = None) -> Any:
    found = rules(game, players).game.contract(id)
    assert found is not None
    return found


def kinds(sheet: PaperSheet) -> list[Kind]:
    return [f.kind for f in check(sheet).found]


def only(sheet: PaperSheet) -> Finding:
    found = check(sheet).found
    assert len(found) == 1, found
    return found[0]


def test_a_correct_block_has_no_finding_and_is_counted() -> None:
    findings = check(paper("barbu", *BARBU_BLOCK, running={0: BLOCK_TOTALS}))
    assert findings.found == ()
    assert findings.tally.rows == 7 and findings.tally.periods == 1 and findings.tally.running == 4
    assert findings.suspect is None and not findings.tally.complete


ROWS = [
    pytest.param(
        "barbu",
        {},
        ("no-queens", -12, 24, -12, -22),
        Finding(Kind.ROW, -22, (-24,), row=0, contract=contract("barbu", "no-queens")),
        2,
        id="barbu-row-2-short-of-no-queens",
    ),
    pytest.param(
        "barbu",
        {},
        ("trumps", 20, 20, 20, 10),
        Finding(Kind.ROW, 70, (65,), row=0, contract=contract("barbu", "trumps")),
        5,
        id="barbu-row-5-over-trumps",
    ),
    pytest.param(
        "barbu",
        {"points": "brader"},
        ("no-queens", -15, -15, -15, -30),
        Finding(Kind.ROW, -75, (-60,), row=0, contract=contract("barbu", "no-queens")),
        -15,
        id="barbu-heavier-points-no-queens-is-minus-60",
    ),
    pytest.param(
        "barbu-3",
        {},
        ("no-last-three", -5, -10, -14),
        Finding(Kind.ROW, -29, (-30,), row=0, contract=contract("barbu-3", "no-last-three")),
        1,
        id="three-player-no-last-three",
    ),
    pytest.param(
        "barbette",
        {},
        ("no-queens", -5, -5, -5, 0),
        Finding(Kind.ROW, -15, (-20,), row=0, contract=contract("barbette", "no-queens")),
        5,
        id="barbette-queens-are-5",
    ),
    pytest.param(
        "barbu-5",
        {},
        ("trumps", 10, 10, 10, 10, 5),
        Finding(Kind.ROW, 45, (50,), row=0, contract=contract("barbu-5", "trumps")),
        -5,
        id="five-player-trumps-ten-tricks",
    ),
    pytest.param(
        "french",
        {"players": 4},
        ("salad", 100, 90, 50, 40),
        Finding(Kind.ROW, 280, (290,), row=0, contract=contract("french", "salad", 4)),
        -10,
        id="french-salad-all-four",
    ),
    pytest.param(
        "french",
        {"players": 3, "sequence": "fixed"},
        (None, 40, 40, 0),
        Finding(Kind.ROW, 80, (85,), row=0, contract=contract("french", "no-tricks", 3)),
        -5,
        id="french-short-form-fixes-the-first-contract",
    ),
]


@pytest.mark.parametrize(("game", "options", "row", "finding", "difference"), ROWS)
def test_a_row_that_is_not_its_contracts_total(
    game: str, options: dict[str, Any], row: tuple[Any, ...], finding: Finding, difference: int
) -> None:
    found = only(paper(game, row, **options))
    assert found == finding
    assert found.difference == difference


FITS = [
    pytest.param("barbu", {}, (None, -12, 24, -12, -24), ["no-queens"], id="barbu-no-queens"),
    pytest.param("barbu", {}, (None, -10, -10, -10, 0), ["no-last-two", "no-hearts"], id="barbu-either-30"),
    pytest.param("barbu", {}, (None, 45, 20, 5, -5), ["trumps", "dominoes"], id="barbu-either-65"),
    pytest.param("barbu-3", {}, (None, 45, 15, -5), ["dominoes"], id="three-player-dominoes"),
    pytest.param("french", {"players": 4}, (None, 100, 90, 50, 50), ["salad"], id="french-salad"),
    pytest.param("french", {"players": 5}, (None, 0, 0, 0, 0, 0), [], id="french-five-dominoes-is-0"),
]


@pytest.mark.parametrize(("game", "options", "row", "ids"), FITS)
def test_a_row_without_a_contract_says_which_it_could_be(
    game: str, options: dict[str, Any], row: tuple[Any, ...], ids: list[str]
) -> None:
    findings = check(paper(game, row, **options))
    assert findings.found == ()
    players = options.get("players")
    if ids:
        assert findings.maybe[0] == tuple(contract(game, id, players) for id in ids)
    else:
        assert [k.id for k in findings.maybe[0]] == ["dominoes"]


def test_a_row_without_a_contract_that_fits_none_names_the_nearest() -> None:
    found = only(paper("barbu", (None, -12, 24, -12, -22)))
    assert found.kind is Kind.ROW_NO_CONTRACT
    assert found.got == -22 and found.expected == (-24, -20)
    assert [k.id for k in found.contracts] == ["no-queens", "barbu"]


def test_a_contract_already_written_in_the_block_is_no_longer_open() -> None:
    found = only(paper("barbu", BARBU_BLOCK[1], (None, -24, 0, 0, 0)))
    assert found.kind is Kind.ROW_NO_CONTRACT and found.row == 1
    assert [k.id for k in found.contracts] == ["no-tricks"] and found.expected == (-26,)


def test_the_one_contract_left_is_the_rows_contract() -> None:
    rows = [*BARBU_BLOCK[:6], (None, 45, 20, 0, -5)]
    found = check(paper("barbu", *rows)).found
    dominoes = contract("barbu", "dominoes")
    assert found[0] == Finding(Kind.ROW, 60, (65,), row=6, contract=dominoes, inferred=True)
    assert found[1] == Finding(Kind.BLOCK, -5, (0,), period=0, rows=tuple(range(7)))


def test_in_barbette_the_last_slot_is_trumps_or_dominoes() -> None:
    points = {"dominoes": (40, 25, 10, -5)}  # 70, where Trumps gives 65
    block = [("no-queens", -5, -5, -5, -5), ("no-last-two", -10, -15, 0, 0), ("barbu", -20, 0, 0, 0)]
    fits = check(paper("barbette", *block, (None, 40, 25, 10, -5), points=points))
    assert fits.found == () and [k.id for k in fits.maybe[3]] == ["dominoes"]
    found = check(paper("barbette", *block, (None, 40, 25, 10, -7), points=points)).found
    assert found[0].kind is Kind.ROW_NO_CONTRACT and found[0].expected == (70,)
    assert found[1] == Finding(Kind.BLOCK, 3, (0, 5), period=0, rows=(0, 1, 2, 3))


def test_a_partly_typed_row_is_not_checked() -> None:
    findings = check(paper("barbu", (None, -12, None, -12, -22)))
    assert findings.found == () and findings.tally.rows == 0


REPEATED = [
    pytest.param(
        "barbu",
        [("no-queens", -24, 0, 0, 0), ("no-queens", 0, -24, 0, 0)],
        ["no-queens"],
        (0, 1),
        id="barbu-no-queens-twice",
    ),
    pytest.param(
        "barbette",
        [("trumps", 65, 0, 0, 0), None, ("dominoes", 40, 25, 10, -10)],
        ["trumps", "dominoes"],
        (0, 2),
        id="barbette-trumps-and-dominoes",
    ),
    pytest.param(
        "barbu-3",
        [("barbu", -21, 0, 0), None, None, None, None, None, ("barbu", 0, -21, 0)],
        ["barbu"],
        (0, 6),
        id="three-player-barbu-twice-in-a-rubber",
    ),
]


@pytest.mark.parametrize(("game", "rows", "ids", "where"), REPEATED)
def test_a_contract_given_twice_by_one_declarer(
    game: str, rows: list[Any], ids: list[str], where: tuple[int, ...]
) -> None:
    found = only(paper(game, *rows))
    assert found.kind is Kind.REPEATED and found.period == 0 and found.rows == where
    assert [k.id for k in found.contracts] == ids


def test_a_block_of_rows_that_each_fit_but_do_not_add_up() -> None:
    rows = bare(BARBU_BLOCK)
    rows[1] = (None, -14, 24, -12, -24)  # −26: No tricks' total, so the row alone fits
    found = only(paper("barbu", *rows))
    # Two rows of −26 and none of −24: one of the two is the wrong one.
    assert found == Finding(Kind.BLOCK, -2, (0,), period=0, rows=tuple(range(7)), among=(0, 1), should=-24)


def test_a_row_that_adds_up_to_another_contracts_total_is_looked_for() -> None:
    rows = bare(BARBU_BLOCK)
    rows[3] = (None, 8, -8, -26, 6)  # No hearts' −36 written −26: −20, Barbu's total
    found = only(paper("barbu", *rows))
    assert (found.kind, found.among, found.should) == (Kind.BLOCK, (3, 4), -30)
    # With the running totals written, the player's column says which figure, not which row.
    sheet = paper("barbu", *rows, running={0: BLOCK_TOTALS})
    findings = check(sheet)
    block = next(f for f in findings.found if f.kind is Kind.BLOCK)
    assert {f.kind for f in findings.found} == {Kind.BLOCK, Kind.RUNNING}
    assert block.among == (3, 4) and findings.suspect is None


BLOCKS = [
    pytest.param(
        "barbu-3",
        {},
        [(None, t, 0, 0) for t in (-32, -24, -30, -28, -21, 80, 55, -30, -24, -30, -28, -21, 80, 55)],
        Finding(Kind.BLOCK, 2, (0,), period=1, rows=tuple(range(7, 14)), among=(7, 9), should=-32),
        id="three-player-rubber-2",
    ),
    pytest.param(
        "barbette",
        {"points": {"dominoes": (40, 25, 10, -5)}},
        [(None, t, 0, 0, 0) for t in (-20, -25, -20, 70, -25, -25, -20, 65)],
        Finding(Kind.BLOCK, -5, (0, 5), period=1, rows=(4, 5, 6, 7), among=(4, 5), should=-20),
        id="barbette-either-total-fits",
    ),
    pytest.param(
        "barbu",
        {"points": "brader"},
        [(None, t, 0, 0, 0) for t in (-65, -60, -30, -60, -25, 65, 40)],
        None,
        id="barbu-heavier-points-block-is-minus-135",
    ),
]


@pytest.mark.parametrize(("game", "options", "rows", "finding"), BLOCKS)
def test_block_totals(game: str, options: dict[str, Any], rows: list[Any], finding: Finding | None) -> None:
    sheet = paper(game, *rows, **options)
    assert list(check(sheet).found) == ([] if finding is None else [finding])


def test_a_five_player_block_is_zero_sum() -> None:
    rows = [(None, t, 0, 0, 0, 0) for t in (-20, -24, -30, -30, -20, 50, 74)]
    assert check(paper("barbu-5", *rows)).found == ()
    rows[5] = (None, 44, 30, 0, 0, 0)  # 74: Dominoes' total, in place of Trumps' 50
    assert [f.kind for f in check(paper("barbu-5", *rows)).found] == [Kind.BLOCK]


def test_french_blocks_add_up_to_the_dealers_contracts() -> None:
    fixed = [(None, t, 0, 0) for t in (85, 65, 80, 80, 310)]
    assert check(paper("french", *fixed, players=3, sequence="fixed")).found == ()
    choice = [(None, t, 0, 0, 0) for t in (65, 65, 80, 80, 290, -65, 80, -10)]
    assert check(paper("french", *choice, players=4)).found == ()


RUNNING_ROWS = BARBU_BLOCK + BARBU_BLOCK


def test_a_running_total_that_is_not_the_sum_above_it() -> None:
    found = only(paper("barbu", *BARBU_BLOCK, running={0: (63, 65, -79, -19)}))
    assert found == Finding(Kind.RUNNING, 65, (35,), seat=1, round=0)
    assert found.difference == 30


def test_a_difference_carried_on_by_later_running_totals_is_told_once() -> None:
    sheet = paper("barbu", *RUNNING_ROWS, running={0: (63, 65, -79, -19), 1: (126, 100, -158, -38)})
    assert check(sheet).found == (Finding(Kind.RUNNING, 65, (35,), seat=1, round=0, carried=(1,)),)


def test_a_new_slip_after_a_carried_one_is_told_apart() -> None:
    sheet = paper("barbu", *RUNNING_ROWS, running={0: (63, 65, -79, -19), 1: (126, 110, -158, -38)})
    assert check(sheet).found == (
        Finding(Kind.RUNNING, 65, (35,), seat=1, round=0),
        Finding(Kind.RUNNING, 110, (70,), seat=1, round=1),
    )


def test_a_running_total_under_a_gap_is_checked_from_the_one_before() -> None:
    rows = list(RUNNING_ROWS)
    rows[2] = ("no-last-two", 0, None, -20, 0)
    sheet = paper("barbu", *rows, running={0: (63, 35, -79, -19), 1: (126, 75, -158, -38)})
    assert check(sheet).found == (Finding(Kind.RUNNING, 75, (70,), seat=1, round=1, since=0),)


def test_a_line_of_running_totals_alone_adds_up_to_the_deals_so_far() -> None:
    sheet = paper("barbu", running={0: (10, -5, 0, 0), 1: (10, -5, 0, 0), 3: (0, 0, 0, 0)})
    assert check(sheet).found == (Finding(Kind.RUNNING_LINE, 5, (0,), round=0, carried=(1,)),)
    final = paper("barbu", running={3: (10, -5, 0, 0)})
    assert check(final).found == (Finding(Kind.RUNNING_LINE, 5, (0,), round=3),)


def test_running_totals_with_the_declarer_moving_every_deal() -> None:
    rows = [BARBU_BLOCK[0], BARBU_BLOCK[1], BARBU_BLOCK[2], BARBU_BLOCK[3]]
    totals = tuple(sum(r[1 + s] for r in rows) for s in range(4))
    sheet = paper("barbu", *rows, rotation="every-deal", running={0: totals})
    assert check(sheet).found == ()
    wrong = paper("barbu", *rows, rotation="every-deal", running={0: (totals[0] + 2, *totals[1:])})
    assert check(wrong).found == (Finding(Kind.RUNNING, totals[0] + 2, (totals[0],), seat=0, round=0),)
    # Only the running totals typed: four deals of four declarers come to their contracts' totals.
    line = paper(
        "barbu", *[(r[0], None, None, None, None) for r in rows], rotation="every-deal", running={0: (0,) * 4}
    )
    assert check(line).found == (Finding(Kind.RUNNING_LINE, 0, (-110,), round=0),)


def test_a_complete_sheet_adds_up_to_the_games_total() -> None:

    game = complete(rules("barbu"))
    sheet = from_game(game)
    assert check(sheet).found == () and check(sheet).tally.complete
    wrong = sheet.with_score(27, 3, (sheet.rows[27].scores[3] or 0) + 4)
    assert kinds(wrong) == [Kind.ROW, Kind.RUNNING, Kind.BLOCK, Kind.GAME]
    assert check(wrong).found[-1] == Finding(Kind.GAME, 4, (0,))


SUSPECTS = [
    pytest.param("barbu", {}, id="barbu"),
    pytest.param("barbu-3", {}, id="three-player"),
    pytest.param("barbette", {}, id="barbette"),
    pytest.param("barbu-5", {}, id="five-player"),
    pytest.param("french", {"players": 3}, id="french-3"),
    pytest.param("french", {"players": 5, "sequence": "fixed"}, id="french-5-short"),
    pytest.param("barbu", {"rotation": "every-deal", "ravage_city": True}, id="barbu-every-deal"),
]


@pytest.mark.parametrize(("game", "options"), SUSPECTS)
def test_one_wrong_figure_is_pointed_at(game: str, options: dict[str, Any]) -> None:

    sheet = from_game(complete(rules(game, **options)))
    assert check(sheet).found == ()
    seat, index = 1, 5
    written = (sheet.rows[index].scores[seat] or 0) - 10
    findings = check(sheet.with_score(index, seat, written))
    assert findings.suspect is not None
    assert (findings.suspect.row, findings.suspect.seat) == (index, seat)
    assert (findings.suspect.written, findings.suspect.likely) == (written, written + 10)
    total = sheet.running[1][2] or 0
    findings = check(sheet.with_running(1, 2, total + 3))
    assert findings.suspect is not None
    assert (findings.suspect.round, findings.suspect.seat, findings.suspect.likely) == (1, 2, total)


def test_no_cell_is_named_when_several_would_do() -> None:
    findings = check(paper("barbu", ("no-queens", -12, 24, -12, -22)))
    assert findings.found and findings.suspect is None


def test_a_running_total_alone_is_named_when_its_line_says_so() -> None:
    sheet = paper("barbu", *BARBU_BLOCK, running={0: (63, 35, -79, -19)})
    findings = check(sheet.with_running(0, 3, -9))
    assert findings.suspect is not None and (findings.suspect.round, findings.suspect.seat) == (0, 3)
    assert findings.suspect.likely == -19


def test_many_findings_have_no_single_cause() -> None:
    sheet = from_game(complete(rules("barbu")))
    for index in (0, 9, 18):
        sheet = sheet.with_score(index, 1, (sheet.rows[index].scores[1] or 0) + 5)
    findings = check(sheet)
    assert len(findings.found) > 6 and findings.suspect is None
