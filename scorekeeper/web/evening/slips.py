"""One page of slips to cut out, one a player: their name and, round by round, table, seat and
opponents. Rendered as the blank sheet is (printing's render), from the rounds seated so far."""

from __future__ import annotations

import math

from flask import Response, render_template
from flask.typing import ResponseReturnValue

from scorekeeper.storage import limits
from scorekeeper.web.common.lookup import group_or_404
from scorekeeper.web.printing import render

from .card import card_lines
from .loading import KINDS, bp, load

# A4 portrait inside slips.css's margins, less the heading, in millimetres.
PAGE_HEIGHT = 268
SMALLEST, LARGEST = 5, 11
"""The type sizes a slip may take, in points: small enough that 40 players over 8 rounds fit."""


def columns_for(players: int) -> int:
    return 2 if players <= 8 else 3 if players <= 18 else 4


def type_size(players: int, rounds: int) -> int:
    """The largest size, in whole points, at which every slip fits its share of the page: the name
    and a line a round (two where the column is narrow and the opponents wrap)."""
    columns = columns_for(players)
    rows = max(1, math.ceil(players / columns))
    height = PAGE_HEIGHT / rows - 5  # each slip's padding and the cutting line
    lines = 1.6 + max(1, rounds) * (1 if columns == 2 else 2)
    size = height / (lines * 1.3 * 0.3528)  # line height 1.3, 0.3528 mm a point
    return max(SMALLEST, min(LARGEST, int(size)))


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
        size=type_size(len(names), len(loaded.rounds)),
        seated=len(loaded.rounds),
        planned=max(int(loaded.row.plan.get("planned", 1)), len(loaded.rounds)),
    )
    limits.check("pdf")
    data = render.pdf(html)
    return Response(
        data, mimetype="application/pdf", headers={"Content-Disposition": 'inline; filename="evening-slips.pdf"'}
    )
