"""The group page's bar chart: one bar per player, from zero, with its figure, a title and a text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from scorekeeper.present.charts import ChartText
from scorekeeper.present.group_charts import bar_chart

TEXT = ChartText(title="Barbu: average per game", desc="Each player's average", deals="Average per game")
SVG = "{http://www.w3.org/2000/svg}"


def bars(svg: str) -> list[tuple[float, float]]:
    root = ET.fromstring(svg)
    return [(float(r.get("x", 0)), float(r.get("width", 0))) for r in root.iter(f"{SVG}rect")]


def test_one_bar_per_player_on_the_right_side_of_zero() -> None:
    svg = bar_chart(["Ann", "Beth", "<Cat>"], [12.5, -30.0, 0.0], TEXT, value=lambda v: f"{v:+.1f}")
    root = ET.fromstring(svg)  # well formed, names escaped
    assert root.get("role") == "img" and root.find(f"{SVG}title") is not None
    assert "&lt;Cat&gt;" in svg
    ann, beth, cat = bars(svg)
    zero = beth[0] + beth[1]
    assert abs(ann[0] - zero) < 0.2 and ann[1] > 0  # right of zero
    assert beth[1] > ann[1]  # longer: 30 against 12.5
    assert cat[1] == 1.0  # nothing to draw but a hairline
    assert re.findall(r">([+−-]?\d+\.\d)<", svg) == ["+12.5", "-30.0", "+0.0"]


def test_right_to_left_puts_the_names_on_the_right() -> None:
    svg = bar_chart(["Ann"], [5.0], TEXT, rtl=True)
    assert 'text-anchor="end" fill="#1b1f23">Ann<' in svg
