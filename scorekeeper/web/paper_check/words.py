"""The paper check's findings in the player's words: where, and by how much.

Every sentence is one template of the table below, picked by the finding's kind and direction
(short of or over a contract's total, more or less than a block's, too high or too low for a
running total), so that each reads naturally in every language.
"""

from __future__ import annotations

from typing import assert_never

from scorekeeper.paper import Finding, Kind, PaperSheet, Suspect
from scorekeeper.present.i18n import comma, ngettext, number, signed
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.vocabulary import contract_name
from scorekeeper.scoring.words import N_

SAYS = {
    ("row", "zero"): N_("Row %(row)s adds up to %(sum)s, not 0 (%(contract)s)."),
    ("row", "short"): N_("Row %(row)s adds up to %(sum)s, %(diff)s short of %(total)s (%(contract)s)."),
    ("row", "over"): N_("Row %(row)s adds up to %(sum)s, %(diff)s over %(total)s (%(contract)s)."),
    ("row-no-contract", ""): N_(
        "Row %(row)s adds up to %(sum)s, which is no contract's total (nearest: %(nearest)s)."
    ),
    ("repeated", "one"): N_("%(block)s: %(contract)s is written in rows %(rows)s, but is played only once."),
    ("repeated", "choice"): N_(
        "%(block)s: %(contracts)s are written in rows %(rows)s, but only one of them is played."
    ),
    ("block", "either"): N_("%(block)s (rows %(rows)s) add up to %(sum)s, not %(expected)s."),
    ("block", "more"): N_("%(block)s (rows %(rows)s) add up to %(sum)s, %(diff)s more than %(expected)s."),
    ("block", "less"): N_("%(block)s (rows %(rows)s) add up to %(sum)s, %(diff)s less than %(expected)s."),
    ("among", "one"): N_(
        "Row %(rows)s adds up to %(total)s, a total this block has once too often: "
        "it should add up to %(should)s."
    ),
    ("among", "several"): N_(
        "Rows %(rows)s each add up to %(total)s, a total this block has once too often: "
        "one of them should add up to %(should)s."
    ),
    ("running", "high"): N_(
        "The running total of %(name)s after deal %(deal)s is %(diff)s too high: "
        "the scores above it add up to %(sum)s."
    ),
    ("running", "low"): N_(
        "The running total of %(name)s after deal %(deal)s is %(diff)s too low: "
        "the scores above it add up to %(sum)s."
    ),
    ("running-since", "high"): N_(
        "The running total of %(name)s after deal %(deal)s is %(diff)s too high: "
        "the running total after deal %(since)s and the scores since come to %(sum)s."
    ),
    ("running-since", "low"): N_(
        "The running total of %(name)s after deal %(deal)s is %(diff)s too low: "
        "the running total after deal %(since)s and the scores since come to %(sum)s."
    ),
    ("running-line", "more"): N_(
        "The running totals after deal %(deal)s add up to %(sum)s, "
        "%(diff)s more than the deals so far (%(expected)s)."
    ),
    ("running-line", "less"): N_(
        "The running totals after deal %(deal)s add up to %(sum)s, "
        "%(diff)s less than the deals so far (%(expected)s)."
    ),
    ("final-line", "more"): N_(
        "The totals after the last deal add up to %(sum)s, %(diff)s more than a complete game (%(expected)s)."
    ),
    ("final-line", "less"): N_(
        "The totals after the last deal add up to %(sum)s, %(diff)s less than a complete game (%(expected)s)."
    ),
    ("game", "more"): N_(
        "All the deals add up to %(sum)s, %(diff)s more than a complete game (%(expected)s)."
    ),
    ("game", "less"): N_(
        "All the deals add up to %(sum)s, %(diff)s less than a complete game (%(expected)s)."
    ),
    ("suspect", "row"): N_(
        "Look first at the score of %(name)s in row %(row)s: "
        "it says %(written)s; %(likely)s would make everything add up."
    ),
    ("suspect", "running"): N_(
        "Look first at the running total of %(name)s after deal %(deal)s: "
        "it says %(written)s; %(likely)s would make everything add up."
    ),
}


def _say(kind: str, variant: str, **params: object) -> str:
    return str(_(SAYS[kind, variant], **params))


def who(sheet: PaperSheet, seat: int) -> str:
    """A player's name, or "Player n" when no name was typed."""
    return sheet.names[seat] or str(_("Player %(n)s", n=seat + 1))


def either(values: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    if len(values) < 2:
        return "".join(values)
    return str(_("%(first)s or %(last)s", first=comma().join(values[:-1]), last=values[-1]))


def row_list(rows: tuple[int, ...]) -> str:
    """Row numbers as players count them: "8–14", or "1, 5, 9" when they are not in a run."""
    numbers = [r + 1 for r in rows]
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{number(numbers[0])}–{number(numbers[-1])}"
    return comma().join(number(n) for n in numbers)


def block_name(sheet: PaperSheet, period: int) -> str:
    """One period's deals: a declarer's (a dealer's in French Barbu), or a rubber's."""
    game = sheet.rules.game
    if game.rubbers:
        return str(_("The deals of rubber %(n)s", n=period + 1))
    name = who(sheet, sheet.plan.leaders[period])
    if game.dealer_chooses:
        return str(_("The deals %(name)s dealt", name=name))
    return str(_("The deals %(name)s declared", name=name))


def deal_after(sheet: PaperSheet, round: int) -> int:
    """The number of the deal a round's running totals are written under."""
    return sheet.round_ends[round] + 1


def _carried(sheet: PaperSheet, finding: Finding) -> str:
    if not finding.carried:
        return ""
    deals = ", ".join(number(deal_after(sheet, r)) for r in finding.carried)
    sentence = ngettext(
        "The running total after deal %(deals)s carries the difference on.",
        "The running totals after deals %(deals)s carry the difference on.",
        len(finding.carried),
        deals=deals,
    )
    return f" {sentence}"


def finding_text(sheet: PaperSheet, f: Finding) -> str:
    """What the finding says, in one or two sentences."""
    more = "more" if f.difference > 0 else "less"
    common = {
        "sum": signed(f.got),
        "diff": number(abs(f.difference)),
        "expected": either([signed(e) for e in f.expected]),
    }
    match f.kind:
        case Kind.ROW:
            assert f.row is not None and f.contract is not None
            total = f.expected[0]
            name = contract_name(f.contract)
            if f.inferred:
                name = str(_("%(contract)s, the only contract left", contract=name))
            variant = "zero" if total == 0 else "short" if (f.got - total) * total < 0 else "over"
            return _say("row", variant, row=number(f.row + 1), total=signed(total), contract=name, **common)
        case Kind.ROW_NO_CONTRACT:
            assert f.row is not None
            totals = sheet.rules.contract_total
            nearest = ", ".join(f"{signed(totals(k))} {contract_name(k)}" for k in f.contracts)
            return _say("row-no-contract", "", row=number(f.row + 1), nearest=nearest, **common)
        case Kind.REPEATED:
            assert f.period is not None
            where = {"block": block_name(sheet, f.period), "rows": row_list(f.rows)}
            if len(f.contracts) == 1:
                return _say("repeated", "one", contract=contract_name(f.contracts[0]), **where)
            names = either([contract_name(k) for k in f.contracts])
            return _say("repeated", "choice", contracts=names, **where)
        case Kind.BLOCK:
            assert f.period is not None
            where = {"block": block_name(sheet, f.period), "rows": row_list(f.rows)}
            said = _say("block", "either" if len(f.expected) > 1 else more, **where, **common)
            if f.among and f.should is not None:
                total = sheet.rows[f.among[0]].total or 0
                numbers = {"rows": row_list(f.among), "total": signed(total), "should": signed(f.should)}
                said += " " + _say("among", "one" if len(f.among) == 1 else "several", **numbers)
            return said
        case Kind.RUNNING:
            return _running(sheet, f) + _carried(sheet, f)
        case Kind.RUNNING_LINE:
            assert f.round is not None
            line = "final-line" if f.round == sheet.rounds - 1 else "running-line"
            deal = number(deal_after(sheet, f.round))
            return _say(line, more, deal=deal, **common) + _carried(sheet, f)
        case Kind.GAME:
            return _say("game", more, **common)
        case _:
            assert_never(f.kind)


def _running(sheet: PaperSheet, f: Finding) -> str:
    assert f.seat is not None and f.round is not None
    params = {
        "name": who(sheet, f.seat),
        "deal": number(deal_after(sheet, f.round)),
        "diff": number(abs(f.difference)),
        "sum": signed(f.expected[0]),
    }
    high = "high" if f.difference > 0 else "low"
    if f.since is None:
        return _say("running", high, **params)
    return _say("running-since", high, since=number(deal_after(sheet, f.since)), **params)


def suspect_text(sheet: PaperSheet, s: Suspect) -> str:
    """Which figure to look at first, and what it would be."""
    params = {"name": who(sheet, s.seat), "written": signed(s.written), "likely": signed(s.likely)}
    if s.row is not None:
        return _say("suspect", "row", row=number(s.row + 1), **params)
    assert s.round is not None
    return _say("suspect", "running", deal=number(deal_after(sheet, s.round)), **params)
