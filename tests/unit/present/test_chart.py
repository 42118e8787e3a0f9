"""The running-totals chart: well-formed SVG, a line per player and a marker per deal."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.present.charts import (
    COLOURS,
    DASHES,
    ChartText,
    legend_sample,
    nice_ticks,
    running_chart,
)
from scorekeeper.scoring.stats import game_stats
from tests.unit import family

SVG = "{http://www.w3.org/2000/svg}"
TEXT = ChartText("Running totals", "Ann ends on −4 & Beth on 16", "Deal")
GAMES = {"barbu": 4, "barbu-3": 3, "barbette": 4, "barbu-5": 5, "french": 5}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("kind", GAMES)
def test_one_line_per_player_and_a_marker_per_deal(kind: str) -> None:
    game = family.complete(family.rules(kind, GAMES[kind]))
    stats = game_stats(game)
    root = parse(running_chart(stats.names, [p.running for p in stats.players], TEXT))
    series = root.findall(f"{SVG}g")
    assert len(series) == len(stats.players)
    for group, player in zip(series, stats.players, strict=True):
        lines = group.findall(f"{SVG}polyline")
        assert len(lines) == 1
        # The line starts at 0 before the first deal, then has a vertex per deal.
        assert len(lines[0].get("points", "").split()) == stats.deals + 1
        # The markers are one path, a subpath (starting with a move) per deal.
        [markers] = group.findall(f"{SVG}path")
        assert markers.get("d", "").count("M") == stats.deals == len(player.running)


def test_text_alternative_and_escaped_names() -> None:
    svg = running_chart(["<b>Ann</b>", 'Bo "B" & co'], [[1, 2], [-1, -2]], TEXT, id="c1")
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "c1-title c1-desc"
    assert root.find(f"{SVG}title").text == "Running totals"
    assert root.find(f"{SVG}desc").text == TEXT.desc
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "<b>Ann</b>" in texts and 'Bo "B" & co' in texts
    assert "<b>" not in svg


def test_players_differ_by_more_than_colour() -> None:
    assert len(set(COLOURS)) == len(set(DASHES)) == 5
    root = parse(running_chart(list("ABCDE"), [[i, -i] for i in range(5)], TEXT))
    lines = root.findall(f"{SVG}g/{SVG}polyline")
    assert len({line.get("stroke-dasharray") for line in lines}) == 5
    # Each marker's shape: its path data without the moves that place it.
    shapes = {re.sub(r"M[-\d.]+ [-\d.]+", "", g.find(f"{SVG}path").get("d")) for g in root.findall(f"{SVG}g")}
    assert len(shapes) == 5


def test_numbers_go_through_the_given_function() -> None:
    svg = running_chart(["A", "B"], [[10, -10], [-10, 10]], TEXT, number=lambda n: f"<{n}>")
    texts = [t.text for t in parse(svg).iter(f"{SVG}text")]
    assert "<0>" in texts and "<-10>" in texts and "<2>" in texts


def test_scales_to_the_screen_and_has_a_zero_line() -> None:
    root = parse(running_chart(["A", "B", "C"], [[5], [-5], [0]], TEXT))
    assert root.get("width") == "100%" and root.get("viewBox", "").startswith("0 0 360 ")
    assert len(root.findall(f"{SVG}line[@class='zero']")) == 1


def test_right_to_left_mirrors_the_legend() -> None:
    ltr = parse(running_chart(["آن"], [[1]], TEXT))
    rtl = parse(running_chart(["آن"], [[1]], TEXT, rtl=True))
    assert ltr.get("direction") == rtl.get("direction") == "ltr"
    assert [t.get("text-anchor") for t in ltr.iter(f"{SVG}text")][-1] == "start"
    assert [t.get("text-anchor") for t in rtl.iter(f"{SVG}text")][-1] == "end"


def test_an_empty_game_still_draws() -> None:
    root = parse(running_chart(["A", "B", "C"], [[], [], []], TEXT))
    assert len(root.findall(f"{SVG}g/{SVG}path")) == 0
    assert len(root.findall(f"{SVG}line[@class='zero']")) == 1


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [(-48, 16, [-60, -40, -20, 0, 20]), (0, 0, [0, 1]), (3, 7, [0, 2, 4, 6, 8]), (-684, 0, None)],
)
def test_nice_ticks(low: int, high: int, ticks: list[int] | None) -> None:
    found = nice_ticks(low, high)
    if ticks is not None:
        assert found == ticks
    assert min(found) <= min(low, 0) and max(found) >= max(high, 0) and 0 in found
    assert len(found) <= 7


def test_without_legend_the_svg_holds_only_numbers() -> None:
    """For the PDF: WeasyPrint lays SVG text out without bidi, so names go in HTML beside it."""
    root = parse(running_chart(["نگار", "رضا"], [[5, 10], [-5, -10]], TEXT, legend=False))
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert texts and all(t.lstrip("-").isdigit() for t in texts)
    assert len(root.findall(f"{SVG}g")) == 2


def test_legend_sample_matches_the_line() -> None:
    for i in range(5):
        sample = parse(legend_sample(i))
        line = sample.find(f"{SVG}line")
        assert line is not None and line.get("stroke") == COLOURS[i]
        assert (line.get("stroke-dasharray") or "") == DASHES[i]
        assert sample.get("aria-hidden") == "true"
