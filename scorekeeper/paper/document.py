"""A typed paper sheet as a JSON document, `barbu-paper/1`, for keeping a check under a link.

It holds what was typed and nothing computed: the names (blank when not typed), the first
declarer's seat, the rules as a game file writes them, each row's contract and scores up to the
last row typed, and the running totals by round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.scoring.bidi import has_direction_controls
from scorekeeper.scoring.gamefile_rules import dump_rules, is_int, parse_rules

from .sheet import Figure, PaperRow, PaperSheet, deal_limit, total_limit

FORMAT = "barbu-paper/1"
KEYS = {"format", "players", "first", "rules", "rows", "running"}


def dump(sheet: PaperSheet) -> dict[str, Any]:
    """The document of `sheet`; blank rows after the last one typed are left out."""
    typed = [i for i, row in enumerate(sheet.rows) if not row.blank]
    rows = sheet.rows[: typed[-1] + 1] if typed else ()
    return {
        "format": FORMAT,
        "players": list(sheet.names),
        "first": sheet.first,
        "rules": dump_rules(sheet.rules),
        "rows": [{"contract": r.contract.id if r.contract else None, "scores": list(r.scores)} for r in rows],
        "running": [list(line) for line in sheet.running],
    }


def load(doc: object) -> PaperSheet:
    """The sheet a document holds; ValueError if it is not one this app writes."""
    if not isinstance(doc, dict) or set(doc) != KEYS or doc["format"] != FORMAT:
        raise ValueError(f"not a {FORMAT} document")
    names = doc["players"]
    if not isinstance(names, list) or not all(
        isinstance(n, str) and len(n) <= 40 and not has_direction_controls(n) for n in names
    ):
        raise ValueError("players must be names of at most 40 characters, with no direction controls")
    rules = parse_rules(doc["rules"], len(names))
    first = doc["first"]
    sheet = PaperSheet.blank(rules, tuple(names), first if is_int(first) else -1)
    rows, lines = doc["rows"], doc["running"]
    if not isinstance(rows, list) or len(rows) > len(sheet.rows):
        raise ValueError(f"a sheet of these rules has {len(sheet.rows)} rows")
    if not isinstance(lines, list) or len(lines) != len(sheet.running):
        raise ValueError(f"a sheet of these rules has {len(sheet.running)} lines of running totals")
    typed = [_row(row, sheet, deal_limit(rules)) for row in rows]
    running = tuple(_figures(line, rules.players, total_limit(rules)) for line in lines)
    return replace(sheet, rows=(*typed, *sheet.rows[len(typed) :]), running=running)


def _row(value: object, sheet: PaperSheet, limit: int) -> PaperRow:
    if not isinstance(value, dict) or set(value) != {"contract", "scores"}:
        raise ValueError("a row has a contract and scores")
    contract = value["contract"]
    found = None if contract is None else sheet.rules.contract(str(contract))
    if contract is not None and found is None:
        raise ValueError(f"{contract!r} is not a contract of {sheet.rules.game}")
    return PaperRow(_figures(value["scores"], sheet.rules.players, limit), found)


def _figures(value: object, players: int, limit: int) -> tuple[Figure, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"give {players} figures")
    if not all(v is None or (is_int(v) and abs(v) <= limit) for v in value):
        raise ValueError(f"a figure is a whole number from −{limit} to {limit}, or null")
    return tuple(value)
