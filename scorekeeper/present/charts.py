"""Line charts drawn on the server as inline SVG: each player's running total over the deals.

The SVG works in a page (scaled by its viewBox to the screen's width) and in
WeasyPrint's PDF alike, so its colours are SVG presentation attributes (a
Content-Security-Policy forbids inline styles, and the PDF does not apply the
page's stylesheet inside SVG). Players are told apart by colour, dash pattern
and marker shape together, never by colour alone. Words and digits come in
from the caller, already translated and formatted; names are escaped here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

__all__ = [
    "COLOURS",
    "DASHES",
    "WIDTH",
    "ChartText",
    "legend_sample",
    "nice_ticks",
    "running_chart",
    "svg_start",
]

# Okabe-Ito hues darkened to a 4.5:1 contrast on white (lines need 3:1).
COLOURS = ("#0b6aa8", "#b5470a", "#00785a", "#a3438d", "#6b6100")
DASHES = ("", "7 3", "2 3", "9 3 2 3", "5 2 1 2")
WIDTH = 360
LEFT, RIGHT, TOP, PLOT = 44, 12, 10, 190
LEGEND_ROW = 20


@dataclass(frozen=True)
class ChartText:
    """The chart's words: its title, its text alternative and the horizontal axis' label."""

    title: str
    desc: str
    deals: str


def fitted(words: str, room: float, size: float = 11) -> str:
    """`words` shortened with an ellipsis to about `room` units at font size `size`: SVG text is
    not wrapped or cut by the browser, and a name of 40 wide letters would run off the chart."""

    def width(c: str) -> float:
        wide = unicodedata.east_asian_width(c) in "WF" or ord(c) >= 0x1F000
        return size * (1.25 if wide else 0.62)

    if sum(map(width, words)) <= room:
        return words
    used, kept = width("…"), []
    for c in words:
        used += width(c)
        if used > room:
            break
        kept.append(c)
    return "".join(kept) + "…"


def svg_start(height: int, id: str, text: ChartText) -> list[str]:
    """The opening of a chart's SVG: its size, and its title and description for screen readers."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" direction="ltr" font-family="DejaVu Sans, sans-serif" font-size="11" '
        f'aria-labelledby="{id}-title {id}-desc">',
        f'<title id="{id}-title">{escape(text.title)}</title>',
        f'<desc id="{id}-desc">{escape(text.desc)}</desc>',
    ]


def nice_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Round tick values (1, 2 or 5 times a power of ten apart) from below `low` to above `high`,
    0 among them, at most about `most` of them."""
    low, high = min(low, 0), max(high, 0, low + 1)
    span, step, i = max(high - low, 1), 1, 0
    while span / step > most - 1:
        step = round(step * (2, 2.5, 2)[i % 3])  # 1, 2, 5, 10, 20, 50, ...
        i += 1
    return list(range(low // step * step, -(-high // step) * step + 1, step))


# Marker shapes around (0, 0): circle, square, triangle, diamond, inverted triangle; each its first
# point, then relative moves only, so that one is drawn anywhere by moving that point.
SHAPES = (
    (-3.2, 0, "a3.2 3.2 0 1 0 6.4 0a3.2 3.2 0 1 0 -6.4 0Z"),
    (-3, -3, "h6v6h-6Z"),
    (0, -4, "l3.8 6.6h-7.6Z"),
    (0, -4.2, "l4.2 4.2l-4.2 4.2l-4.2 -4.2Z"),
    (0, 4, "l3.8 -6.6h-7.6Z"),
)


def _marker(shape: int, x: float, y: float) -> str:
    """The attributes of a point marker of `shape` at (x, y)."""
    return f'd="{_markers(shape, [(x, y)])}"'


def _markers(shape: int, points: Sequence[tuple[float, float]]) -> str:
    """A path's data drawing the marker of `shape` at each of `points`, a subpath each: one
    element for all of a line's markers, which a renderer (WeasyPrint above all) draws much faster
    than an element per marker, and looks the same."""
    dx, dy, moves = SHAPES[shape % len(SHAPES)]
    return "".join(f"M{round(x, 1) + dx:.1f} {round(y, 1) + dy:.1f}{moves}" for x, y in points)


def _text(x: float, y: float, anchor: str, words: str, fill: str = "#1b1f23") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{fill}">{escape(words)}</text>'


def _sample(i: int, x: float, y: float) -> list[str]:
    """A legend's line sample with its marker, 28 units wide from `x`."""
    colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return [
        f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 28:.1f}" y2="{y:.1f}" stroke="{colour}" '
        f'stroke-width="2.5"{dashed}/>',
        f'<path {_marker(i, x + 14, y)} fill="{colour}"/>',
    ]


def legend_sample(i: int) -> str:
    """A small SVG of player `i`'s line and marker, for a legend written in HTML."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart-sample" viewBox="0 0 28 12" width="28" '
        'height="12" aria-hidden="true">' + "".join(_sample(i, 0, 6)) + "</svg>"
    )


def running_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int]],
    text: ChartText,
    *,
    number: Callable[[int], str] = str,
    labels: Sequence[str] | None = None,
    rtl: bool = False,
    id: str = "chart",
    legend: bool = True,
    values: Callable[[int], str] | None = None,
) -> str:
    """An SVG line chart of `series[p][d]`, player p's running total after deal d + 1.

    Every line starts at 0 before the first deal and has one marker per deal.
    `labels` are the legend's texts (the names by default); `number` formats
    tick values; `rtl` mirrors the legend for right-to-left pages, the plot keeps
    deal 1 on the left as charts in Persian usually do. `id` keeps the ids of
    several charts on one page apart. With `legend` False the SVG holds no words
    but its title, description and tick numbers, and the caller writes the legend
    and the axis' label in HTML beside it (with `legend_sample`): WeasyPrint draws
    SVG text without bidi or shaping, so Persian names must stay out of a PDF's SVG.
    `values`, when given, formats the vertical axis' ticks (`number` then the deals' alone).
    """
    deals = max((len(s) for s in series), default=0)
    plotted = [0, *(v for s in series for v in s)]
    ticks = nice_ticks(min(plotted), max(plotted))
    low, high = min(ticks), max(ticks)
    right = WIDTH - RIGHT
    height = TOP + PLOT + (40 + LEGEND_ROW * len(names) if legend else 22)

    def xy(d: int, v: int) -> tuple[float, float]:
        x = LEFT + (right - LEFT) * d / max(deals, 1)
        y = TOP + PLOT * (high - v) / max(high - low, 1)
        return x, y

    out = [
        *svg_start(height, id, text),
        f'<rect x="{LEFT}" y="{TOP}" width="{right - LEFT}" height="{PLOT}" fill="#fff" stroke="#8b949e"/>',
    ]
    for t in ticks:
        _, y = xy(0, t)
        line = ' stroke="#1b1f23" stroke-width="1.5"' if t == 0 else ' stroke="#d0d7de"'
        cls = "zero" if t == 0 else "grid"
        out.append(f'<line class="{cls}" x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}"{line}/>')
        out.append(_text(LEFT - 5, y + 4, "end", (values or number)(t)))
    for d in [d for d in nice_ticks(0, deals, 7) if d <= deals]:
        x, _ = xy(d, low)
        out.append(
            f'<line x1="{x:.1f}" y1="{TOP + PLOT}" x2="{x:.1f}" y2="{TOP + PLOT + 4}" stroke="#8b949e"/>'
        )
        out.append(_text(x, TOP + PLOT + 16, "middle", number(d)))
    if legend:
        out.append(_text((LEFT + right) / 2, TOP + PLOT + 30, "middle", text.deals, "#4b5563"))
    for i, s in enumerate(series):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        points = " ".join("{:.1f},{:.1f}".format(*xy(d, v)) for d, v in enumerate([0, *s]))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="series series-{i}" fill="{colour}">')
        out.append(
            f'<polyline class="line" points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
            f' stroke-linejoin="round"{dashed}/>'
        )
        if s:
            out.append(f'<path class="points" d="{_markers(i, [xy(d + 1, v) for d, v in enumerate(s)])}"/>')
        out.append("</g>")
    for i, label in enumerate((labels if labels is not None else names) if legend else ()):
        y = TOP + PLOT + 48 + LEGEND_ROW * i
        if rtl:
            out += _sample(i, right - 28, y)
            anchor, x = "end", right - 36
        else:
            out += _sample(i, LEFT, y)
            anchor, x = "start", LEFT + 36
        out.append(_text(x, y + 4, anchor, label))
    out.append("</svg>")
    return "\n".join(out)
