"""The checked paper sheet laid out for the grid: each row and line of running totals with its
cells, the findings placed beside what they concern, and the summary that links to them."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.paper import Findings, Kind, PaperSheet
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.i18n import ngettext, number
from scorekeeper.present.vocabulary import contract_short
from scorekeeper.scoring import Contract
from scorekeeper.scoring.marks import letters

from .forms import GridForm, contract_field, running_field, score_field
from .words import deal_after, finding_text, suspect_text, who


@dataclass
class Note:
    id: str
    text: str
    kind: str = "finding"
    """finding, error (a figure that could not be read) or info."""


@dataclass
class Cell:
    name: str
    label: str
    mark: str = ""
    """"", "off" (in a finding), "carried", "suspect" or "error"."""
    notes: list[str] = field(default_factory=list)


@dataclass
class Line:
    """A deal's row (`row` set) or a line of running totals (`round` set)."""

    anchor: str
    cells: list[Cell]
    notes: list[Note] = field(default_factory=list)
    row: int | None = None
    round: int | None = None
    letter: str = ""
    contract: str | None = None
    """The contract choice's field name; None where the rules fix the contract."""
    forced: Contract | None = None
    maybe: str = ""
    sum: int | None = None
    off: bool = False
    label: str = ""


@dataclass
class GridView:
    lines: list[Line]
    summary: list[tuple[str, str]]
    """(anchor, text) of each finding."""
    unread: list[tuple[str, str]]
    """(anchor, text) of each figure that could not be read."""
    suspect: str | None
    heading: str
    """What the check found, in a few words; empty before any check."""
    tally: str


def grid_view(sheet: PaperSheet, form: GridForm, findings: Findings | None) -> GridView:
    """The grid of `sheet` with the `findings` of a check (None before any check)."""
    initials = letters(tuple(who(sheet, s) for s in range(sheet.rules.players)))
    rows = [_row(sheet, form, i, initials) for i in range(len(sheet.rows))]
    totals = [_line(sheet, r) for r in range(sheet.rounds)]
    summary: list[tuple[str, str]] = []
    unread: list[tuple[str, str]] = []
    _errors(form, rows, totals, unread)
    suspect = None
    if findings is not None:
        _place(sheet, findings, rows, totals, summary)
        if findings.suspect is not None:
            s = findings.suspect
            target = rows[s.row].cells[s.seat] if s.row is not None else totals[s.round or 0].cells[s.seat]
            target.mark = "suspect"
            suspect = suspect_text(sheet, s)
    ends = {end: r for r, end in enumerate(sheet.round_ends)}
    lines: list[Line] = []
    for i, row in enumerate(rows):
        lines.append(row)
        if i in ends:
            lines.append(totals[ends[i]])
    for line in lines:
        for cell in line.cells:
            cell.notes = [n.id for n in line.notes]
    if findings is None:
        return GridView(lines, summary, unread, None, "", "")
    return GridView(lines, summary, unread, suspect, _heading(findings, len(summary)), _tally(findings))


def _row(sheet: PaperSheet, form: GridForm, i: int, initials: tuple[str, ...]) -> Line:
    n = i + 1
    cells = [
        Cell(score_field(i, s), _("Row %(row)s, %(name)s", row=number(n), name=who(sheet, s)))
        for s in range(sheet.rules.players)
    ]
    choice = contract_field(i)
    return Line(
        anchor=f"row-{n}",
        cells=cells,
        row=i,
        letter=initials[sheet.plan.declarers[i]],
        contract=choice if choice in form._fields else None,
        forced=sheet.forced(i),
        sum=sheet.rows[i].total,
    )


def _line(sheet: PaperSheet, r: int) -> Line:
    deal = deal_after(sheet, r)
    cells = [
        Cell(
            running_field(r, s),
            _("Running total of %(name)s after deal %(deal)s", name=who(sheet, s), deal=number(deal)),
        )
        for s in range(sheet.rules.players)
    ]
    return Line(f"total-{r + 1}", cells, round=r, label=_("Total after deal %(deal)s", deal=number(deal)))


def _errors(form: GridForm, rows: list[Line], totals: list[Line], summary: list[tuple[str, str]]) -> None:
    """Put each figure that could not be read beside its cell, and in the summary."""
    for line in [*rows, *totals]:
        choice = form._fields.get(line.contract or "")
        for problem in choice.errors if choice is not None else ():
            text = _("Row %(row)s, contract: %(problem)s", row=number((line.row or 0) + 1), problem=problem)
            line.notes.append(Note(f"{line.anchor}-contract", text, "error"))
            summary.append((line.anchor, text))
        for seat, cell in enumerate(line.cells):
            for problem in form[cell.name].errors:
                cell.mark = "error"
                text = _("%(where)s: %(problem)s", where=cell.label, problem=problem)
                line.notes.append(Note(f"{line.anchor}-{seat}", text, "error"))
                summary.append((line.anchor, text))


def _place(
    sheet: PaperSheet,
    findings: Findings,
    rows: list[Line],
    totals: list[Line],
    summary: list[tuple[str, str]],
) -> None:
    """Put each finding beside what it concerns, and in the summary."""
    for i, line in enumerate(rows):
        if findings.maybe[i]:
            line.maybe = " / ".join(contract_short(k) for k in findings.maybe[i]) + "?"
        typed = sheet.rows[i].typed
        if 0 < typed < sheet.rules.players:
            missing = sheet.rules.players - typed
            text = ngettext(
                "%(num)s score missing: the row is checked once it is complete.",
                "%(num)s scores missing: the row is checked once it is complete.",
                missing,
            )
            line.notes.append(Note(f"{line.anchor}-missing", text, "info"))
    ends = sheet.round_ends
    for k, f in enumerate(findings.found):
        if f.row is not None:
            line = rows[f.row]
            line.off = True
        elif f.kind is Kind.REPEATED:
            line = rows[f.rows[-1]]
        elif f.kind is Kind.BLOCK:
            line = totals[sheet.plan.rounds[f.rows[-1]]]
            for i in f.among:  # one of them is the wrong one: each stands out
                rows[i].off = True
        elif f.round is not None:
            line = totals[f.round]
            if f.seat is not None:
                line.cells[f.seat].mark = "off"
                for r in f.carried:
                    totals[r].cells[f.seat].mark = "carried"
        else:
            line = totals[len(ends) - 1]
        text = finding_text(sheet, f)
        line.notes.append(Note(f"finding-{k + 1}", text))
        summary.append((line.anchor, text))


def _heading(findings: Findings, found: int) -> str:
    t = findings.tally
    if found:
        return str(ngettext("%(num)s thing does not add up", "%(num)s things do not add up", found))
    if not t.rows and not t.running:
        return str(_("Nothing typed yet."))
    if t.complete:
        return str(_("The whole sheet adds up."))
    return str(_("Everything typed so far adds up."))


def _tally(findings: Findings) -> str:
    t = findings.tally
    return str(
        _(
            "Checked: %(rows)s, %(blocks)s and %(running)s.",
            rows=ngettext("%(num)s row", "%(num)s rows", t.rows),
            blocks=ngettext("%(num)s block of deals", "%(num)s blocks of deals", t.periods),
            running=ngettext("%(num)s running total", "%(num)s running totals", t.running),
        )
    )


__all__ = ["GridView", "Line", "grid_view"]
