"""Checking a paper sheet typed in by hand: the setup, the grid, and what the check found."""
