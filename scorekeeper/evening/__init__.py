"""The club evening's planner (pure): how a head count splits into tables, and who sits where.

Like the rules engine it imports the standard library only, so the `scorekeeper seat` command and
the web app seat players by the same rule.
"""

from .meetings import Meetings, meetings_of, repeats
from .planner import Evening, Round, Table, plan, seat_round
from .standings import Standing, TableResult, place_points, standings
from .tables import ALL_SIZES, PlanError, parse_sizes, table_sizes

__all__ = [
    "ALL_SIZES",
    "Evening",
    "Meetings",
    "PlanError",
    "Round",
    "Standing",
    "Table",
    "TableResult",
    "meetings_of",
    "parse_sizes",
    "place_points",
    "plan",
    "repeats",
    "seat_round",
    "standings",
    "table_sizes",
]
