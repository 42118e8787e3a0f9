"""What players entered, as stored: games, their deals, and every change made.

Nothing computed (scores, totals) is stored; the engine derives it. Rows live by what they
belong to; importing this package registers every table on `Base.metadata`.
"""

from .base import Base, now
from .evenings import AdjustmentRow, EveningApprovalRow
from .games import ChangeRow, DealRow, GameRow, PaperCheckRow, SubmissionRow
from .groups import EveningRow, GroupRow, NameChangeRow, NameMergeRow, SeasonRow
from .housekeeping import ChoreRow, PdfCacheRow, RateLimitRow, SettingRow, SheetCacheRow

__all__ = [
    "AdjustmentRow",
    "Base",
    "ChangeRow",
    "ChoreRow",
    "DealRow",
    "EveningApprovalRow",
    "EveningRow",
    "GameRow",
    "GroupRow",
    "NameChangeRow",
    "NameMergeRow",
    "PaperCheckRow",
    "PdfCacheRow",
    "RateLimitRow",
    "SeasonRow",
    "SettingRow",
    "SheetCacheRow",
    "SubmissionRow",
    "now",
]
