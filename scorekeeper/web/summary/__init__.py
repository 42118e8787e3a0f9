"""The end-of-game summary: totals, statistics, chart and the settlement at a stake."""
