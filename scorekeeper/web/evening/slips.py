"""One page of slips to cut out, one a player: their name and, round by round, table, seat and
opponents. Rendered as the blank sheet is (printing's render), from the rounds seated so far."""

from __future__ import annotations

import math

from flask import Response, render_template
from flask.typing import ResponseReturnValue

from scorekeeper.storage import limits
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.printing import render

from .card import CardLine, card_lines
from .loading import KINDS, bp, load

# A4 portrait inside slips.css's margins, less the heading, in millimetres.
PAGE_HEIGHT, PAGE_WIDTH = 266, 194
SMALLEST, LARGEST = 4, 14
"""The type sizes a slip may take, in points: small enough that 40 players over 8 rounds fit."""
OPPONENTS = 0.7
"""The share of a slip's width left for the opponents, beside the round, table and seat."""
EM = 0.3528
"""Millimetres in a point."""


def columns_for(players: int) -> int:
    return 2 if players <= 8 else 3 if players <= 18 else 4


def type_size(slips: list[tuple[str, list[CardLine]]]) -> int:
    """The largest size, in whole points, at which the longest slip fits its share of the page:
    the name, the heading row, and a row a round, as many lines as its opponents' names wrap to
    (an average character taken as 0.55 em wide, the line as 1.3)."""
    columns = columns_for(len(slips))
    rows = max(1, math.ceil(len(slips) / columns))
    height = PAGE_HEIGHT / rows - 6  # each slip's padding and the cutting lines
    width = PAGE_WIDTH / columns - 5
    for size in range(LARGEST, SMALLEST, -1):
        per_line = max(1, int(width * OPPONENTS / (size * EM * 0.55)))
        longest = max(
            2.6
            + sum(max(1, math.ceil(sum(len(o) + 2 for o in line.opponents) / per_line)) for line in rounds)
            for _name, rounds in slips
        )
        if longest * size * 1.3 * EM <= height:
            return size
    return SMALLEST


@bp.get(f"/{KINDS}/<token>/evenings/<int:number>/slips.pdf")
def slips(kind: str, token: str, number: int) -> ResponseReturnValue:
    """Every player's slip on one page, to print and cut out."""
    group = group_or_404(token, kind)
    loaded = load(group, number)
    names = loaded.names
    players = [(name, card_lines(loaded, name)) for name in names]
    html = render_template(
        "evening/slips.html",
        group=group,
        players=players,
        columns=columns_for(len(names)),
        size=type_size(players),
        seated=len(loaded.rounds),
        planned=max(int(loaded.row.plan.get("planned", 1)), len(loaded.rounds)),
    )
    limits.check("pdf")
    data = render.pdf(html)
    return Response(
        data,
        mimetype="application/pdf",
        headers={"Content-Disposition": 'inline; filename="evening-slips.pdf"'},
    )
