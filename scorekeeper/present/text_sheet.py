"""The scoresheet as a table for the terminal, laid out like the paper sheet."""

from __future__ import annotations

from scorekeeper.scoring import Sheet
from scorekeeper.scoring.marks import letters, marks_of

_CELL = 18


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _row(label: str, cells: list[str], total: str) -> str:
    return f"{label:<24}" + "".join(f"{c:>{_CELL}}" for c in cells) + f"{total:>8}"


def _seat_heads(sheet: Sheet, marks: tuple[str, ...]) -> list[str]:
    """Each seat's head: its player, or everyone who sat there in turn ("Cat → Zoe")."""
    game = sheet.game
    heads = []
    for seat, name in enumerate(game.players):
        sitters = [
            name,
            *(s.name for s in sorted(game.substitutes, key=lambda s: s.from_deal) if s.seat == seat),
        ]
        if len(sitters) == 1:
            heads.append(f"{name[: _CELL - 2]} ({marks[seat]})")
            continue
        head, room = " → ".join(sitters), _CELL - 5
        heads.append(f"{head if len(head) <= room else head[: room - 1] + '…'} ({marks[seat]})")
    return heads


def _replacements(sheet: Sheet, number: int) -> list[str]:
    """The lines saying who takes a seat from the deal `number` on."""
    game = sheet.game
    return [
        f"    {game.seated(number - 2)[s.seat]} → {s.name} from deal {number}"
        for s in game.substitutes
        if s.from_deal == number
    ]


def render(sheet: Sheet) -> str:
    """The whole sheet: deal rows in blocks, running totals after each round, checks."""
    game = sheet.game
    names, marks = game.players, letters(game.players)
    lines = [
        _row("", _seat_heads(sheet, marks), "total"),
        _row("deal  contract", ["dbl  raw  score" for _ in names], ""),
    ]
    for row in sheet.deals:
        lines += _replacements(sheet, row.number)
        d = row.roles.declarer
        contract = row.deal.contract.name
        if row.deal.trump:
            contract += f" {row.deal.trump.value}"
        if row.deal.rank:
            contract += f" {row.deal.rank}"
        if row.settled:
            contract += " (settled)"
        cells = []
        for seat in range(len(names)):
            dbl = marks_of(seat, row.deal, d, game.rules).text(marks, d)
            cells.append(f"{dbl:<5}{row.raw[seat]:>4} {_signed(row.score[seat]):>5}")
        lines.append(_row(f"{row.number:>3} {marks[d]} {contract[:19]}", cells, str(row.contract_total)))
        if sheet.closes_round(row):
            lines.append(_row("    running total", [_signed(v) for v in row.running], str(sum(row.running))))
            lines.append("")
    lines += _checks(sheet)
    return "\n".join(lines)


def _checks(sheet: Sheet) -> list[str]:
    names = sheet.game.players
    ok = {True: "ok", False: "FAILED"}
    lines = [f"every deal adds up to its contract total: {ok[sheet.deals_balance]}"]
    for block in sheet.blocks:
        if block.complete:
            # The declarer's seat, named by whoever sat there when its deals began.
            first = (
                sheet.game.seated(block.numbers[0] - 1)[block.declarer]
                if block.numbers
                else names[block.declarer]
            )
            whose = f"rubber {block.rubber}" if block.rubber else f"{first}'s deals"
            lines.append(f"{whose} add up to {block.total} (expected {block.expected}): {ok[block.balanced]}")
    expected = sheet.expected_game_total
    known = "depends on the contracts chosen" if expected is None else f"totals {expected}"
    capots, moved = sheet.capots
    # A capot turns a deal's total: the game's total is off by as much, and the sheet says why.
    why = (
        ""
        if not capots
        else f" ({_signed(moved)} of it from the {f'{capots} capots' if capots > 1 else 'capot'})"
    )
    lines.append(f"game total {sheet.game_total}, a complete game {known}{why}")
    if sheet.complete:
        better = "lowest" if sheet.lower_wins else "highest"
        ranking = ", ".join(f"{names[s]} {_signed(sheet.totals[s])}" for _, s in sheet.ranking())
        lines.append(f"final ({better} wins): {ranking}")
    else:
        lines.append(f"{len(sheet.deals)} of {sheet.game.rules.total_deals} deals played")
    if sheet.game.substitutes:
        # A seat's total is shared by whoever sat there: each person's part, by the deals they played.
        played, totals = sheet.game.deals_played(), sheet.game.person_totals()
        split = ", ".join(f"{n} {_signed(totals[n])} ({played[n]} deals)" for n in sheet.game.people)
        lines.append(f"by person: {split}")
    return lines
