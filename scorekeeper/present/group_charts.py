"""Bar charts for a group's page, drawn on the server as inline SVG beside charts.py's line chart.

One horizontal bar per player, from zero, so that long names fit on a phone
(each name sits above its bar) and negative values read to the left of the
zero line. The same conventions as charts.py: presentation attributes only
(the Content-Security-Policy forbids inline styles), a title and a text
alternative, words and digits formatted by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from .charts import COLOURS, WIDTH, ChartText, fitted, nice_ticks, svg_start

EDGE = 8  # where the names start
LEFT, RIGHT, TOP = 44, 44, 24  # the plot, with room for a figure beside the longest bars
ROW = 34
BAR = 14


def _text(x: float, y: float, anchor: str, words: str, fill: str = "#1b1f23") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{fill}">{escape(words)}</text>'


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    text: ChartText,
    *,
    number: Callable[[float], str] = str,
    value: Callable[[float], str] | None = None,
    rtl: bool = False,
    id: str = "bars",
) -> str:
    """An SVG chart of one bar per label; `text.deals` labels the value axis. `number` formats the
    axis' ticks, `value` (by default `number`) the figure beside each bar."""
    value = value or number
    ticks = nice_ticks(int(min([0, *values]) // 1), int(-(-max([0, *values]) // 1)))
    low, high = min(ticks), max(ticks)
    right = WIDTH - RIGHT
    plot = ROW * len(labels)
    height = TOP + plot + 36

    def x(v: float) -> float:
        return LEFT + (right - LEFT) * (v - low) / max(high - low, 1)

    out = svg_start(height, id, text)
    for t in ticks:
        line = ' stroke="#1b1f23" stroke-width="1.5"' if t == 0 else ' stroke="#d0d7de"'
        out.append(f'<line x1="{x(t):.1f}" y1="{TOP - 4}" x2="{x(t):.1f}" y2="{TOP + plot}"{line}/>')
        out.append(_text(x(t), TOP + plot + 14, "middle", number(t)))
    out.append(_text((LEFT + right) / 2, TOP + plot + 30, "middle", text.deals, "#4b5563"))
    for i, (label, figure) in enumerate(zip(labels, values, strict=True)):
        top = TOP + ROW * i
        start, end = sorted((x(0), x(figure)))
        colour = COLOURS[i % len(COLOURS)]
        # A white halo keeps a name readable where it crosses the grid.
        name = _text(
            WIDTH - EDGE if rtl else EDGE, top + 8, "end" if rtl else "start", fitted(label, WIDTH - 2 * EDGE)
        )
        out.append(name.replace("<text ", '<text stroke="#fff" stroke-width="3" paint-order="stroke" ', 1))
        out.append(
            f'<rect class="bar" x="{start:.1f}" y="{top + 12}" width="{max(end - start, 1):.1f}" '
            f'height="{BAR}" fill="{colour}"/>'
        )
        # The figure beside the bar's end, on the side away from zero.
        after = figure >= 0
        out.append(
            _text(end + 4 if after else start - 4, top + 23, "start" if after else "end", value(figure))
        )
    out.append("</svg>")
    return "\n".join(out)
