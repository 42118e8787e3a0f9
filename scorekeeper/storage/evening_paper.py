"""A table's paper check, kept in the evening's plan (no table of its own): the check's link as a
hash (to know it) and sealed under the group's edit link (for the evening page to show it), and,
once the sheet adds up and joins the evening, its totals and how many deals it holds."""

from __future__ import annotations

from typing import Any

from scorekeeper.paper import PaperSheet

from . import links, paper_checks
from .evening_stops import keep_for_table
from .models import EveningRow

PURPOSE = "evening-paper"


def _paper(row: EveningRow, game_id: int) -> dict[str, Any] | None:
    for one in row.plan.get("rounds", []):
        if game_id in one.get("tables", []):
            found = one.get("paper", {}).get(str(game_id))
            return dict(found) if isinstance(found, dict) else None
    return None


def _store(row: EveningRow, game_id: int, paper: dict[str, Any]) -> None:
    keep_for_table(row, game_id, "paper", paper)


def check_link(row: EveningRow, game_id: int, group_token: str) -> str | None:
    """The token of the table's paper check, opened with the group's edit link; None if none."""
    paper = _paper(row, game_id)
    if paper is None:
        return None
    return links.unseal(paper.get("sealed"), group_token, PURPOSE, str(paper.get("hash")))


def open_check(row: EveningRow, game_id: int, group_token: str, blank: PaperSheet) -> str:
    """The table's paper check: the one kept already, or a new one of the `blank` sheet."""
    found = check_link(row, game_id, group_token)
    if found is not None and paper_checks.find(found) is not None:
        return found
    token = paper_checks.keep(blank)
    _store(row, game_id, {"hash": links.digest(token), "sealed": links.seal(token, group_token, PURPOSE)})
    return token


def is_tables(row: EveningRow, game_id: int, check_token: str) -> bool:
    """Whether the check behind `check_token` was opened from this table of the evening."""
    paper = _paper(row, game_id)
    return paper is not None and paper.get("hash") == links.digest(check_token)


def join(row: EveningRow, game_id: int, totals: list[int], deals: int) -> None:
    """The checked sheet counts as the table's game tonight: its totals after `deals` deals."""
    paper = _paper(row, game_id)
    assert paper is not None, "a check joins the table it was opened from"
    _store(row, game_id, {**paper, "joined": {"totals": totals, "deals": deals}})


def joined(one: dict[str, Any], game_id: int) -> tuple[list[int], int] | None:
    """A round's table's joined paper sheet (as its plan stores it): its totals and deals."""
    found = one.get("paper", {}).get(str(game_id), {}).get("joined")
    if not isinstance(found, dict):
        return None
    return [int(t) for t in found.get("totals", [])], int(found.get("deals", 0))
