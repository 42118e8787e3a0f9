"""The group page's charts, drawn in the page's language once per group state and dates chosen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import format_decimal
from markupsafe import Markup

from scorekeeper.present.charts import ChartText
from scorekeeper.present.group_charts import bar_chart
from scorekeeper.present.group_stats import Records
from scorekeeper.present.i18n import RTL, digits, locale, number, persian_digits
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.vocabulary import contract_name, game_name
from scorekeeper.scoring.stats import DECLARER, OPPONENT
from scorekeeper.storage.models import GroupRow
from scorekeeper.util.memo import Memo

from .figures import Figures, Filter

CHARTS: Memo[tuple[object, ...], dict[str, Markup]] = Memo(128)


def charts(row: GroupRow, state: str, chosen: Filter, shown: Figures) -> dict[str, Markup]:
    """The page's charts by name: each leaderboard's averages per game (by game kind), each
    kind's doubles ("doubles-<kind>") and each player's points by contract ("<kind>-<n>", n
    counting the players from 1 as the page lists them)."""
    key = (row.edit_hash, state, chosen.key, locale(), persian_digits())
    found = CHARTS.get(key)
    if found is None:
        drawn = {}
        for kind in shown.records:
            drawn.update(_player_charts(kind))
        for board in shown.boards:
            name = game_name(board.kind)
            text = ChartText(
                title=_("%(game)s: average per game", game=name),
                desc=_("Each player's average total per game, as a bar; the table above gives the figures."),
                deals=_("Average per game"),
            )
            drawn[board.kind.id] = Markup(
                bar_chart(
                    [line.name for line in board.standings],
                    [line.average for line in board.standings],
                    text,
                    number=_tick,
                    value=without_isolates(average),
                    rtl=locale() in RTL,
                    id=f"chart-{board.kind.id}",
                )
            )
        found = CHARTS.put(key, drawn)
    return found


def _tick(value: float) -> str:
    return without_isolates(number)(round(value))


def without_isolates(form: Callable[[Any], str]) -> Callable[[float], str]:
    """`form` without the marks that keep a number left to right in a line: an SVG text is one."""
    return lambda value: form(value).replace("\u2066", "").replace("\u2069", "")


def average(value: float) -> str:
    """An average to one decimal, signed, with the language's decimal sign."""
    tenths = round(value * 10)
    # Babel writes Western digits in Persian: the page's choice of digits is i18n's.
    text = digits(format_decimal(abs(tenths) / 10, format="0.0"))
    if tenths == 0:
        return text
    # Kept left to right inside right-to-left text, as the sheet's numbers are (i18n.number).
    text = ("+" if tenths > 0 else "−") + text
    return f"\u2066{text}\u2069" if locale() in RTL else text


def _draw(labels: list[str], values: list[float], text: ChartText, id: str) -> Markup:
    return Markup(
        bar_chart(
            labels, values, text, number=_tick, value=without_isolates(average), rtl=locale() in RTL, id=id
        )
    )


def _player_charts(kind: Records) -> dict[str, Markup]:
    """The doubles of every player of one game kind, and each player's points by contract."""
    drawn = {}
    name = game_name(kind.kind)
    if kind.kind.doubling and not kind.kind.lower_wins:  # French penalties: not counted as won or lost
        text = ChartText(
            title=_("%(game)s: doubles, points won less points lost", game=name),
            desc=_("Each player's side payments received less those paid, as a bar."),
            deals=_("Points"),
        )
        nets = [float(p.doubles.net) for p in kind.players]
        drawn[f"doubles-{kind.kind.id}"] = _draw(
            [p.name for p in kind.players], nets, text, f"doubles-{kind.kind.id}"
        )
    for n, player in enumerate(kind.players, start=1):
        labels, values = [], []
        for contract_id in kind.contracts:
            contract = kind.kind.contract(contract_id)
            for role, words in ((DECLARER, _("as declarer")), (OPPONENT, _("as opponent"))):
                tally = player.tally(role, contract_id)
                if contract is not None and tally.average is not None:
                    labels.append(f"{contract_name(contract)}, {words}")
                    values.append(tally.average)
        text = ChartText(
            title=_("%(name)s: average points per deal", name=player.name),
            desc=_("Average points per deal of each contract, as a bar; the table above gives the figures."),
            deals=_("Average points per deal"),
        )
        drawn[f"{kind.kind.id}-{n}"] = _draw(labels, values, text, f"chart-{kind.kind.id}-{n}")
    return drawn
