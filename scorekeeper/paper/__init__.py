"""Checking a paper scoresheet typed in by hand: pure, no web or database.

`PaperSheet` holds the figures as typed; `check(sheet)` says what does not add up, where and by
how much, and which single figure to suspect when the findings point at one.
"""

from .findings import Finding, Findings, Kind, Suspect, Tally
from .sheet import Figure, PaperRow, PaperSheet
from .suspect import check

__all__ = ["Figure", "Finding", "Findings", "Kind", "PaperRow", "PaperSheet", "Suspect", "Tally", "check"]
