"""The fuzz tier reports what it sent and every server error it saw, also when it passes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .driver import Report
from .legacy import empty_database as _empty_database

REPORTS: list[tuple[str, Report]] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for database, report in REPORTS:
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(report.statuses.items()))
        terminalreporter.write_sep("-", f"fuzz on {database}")
        terminalreporter.write_line(
            f"requests fuzzed: {report.sent}; 5xx seen: {len(report.errors)} ({statuses})"
        )
        terminalreporter.write_line(
            f"requests holding no edit link: {report.strangers};"
            f" writes by them: {len(report.stranger_writes)};"
            f" refusals that stored something: {len(report.stored_on_refusal)}"
        )
        for write in report.stranger_writes[:5]:
            terminalreporter.write_line(f"stranger write: {write}")
        for signature, errors in sorted(report.classes().items()):
            terminalreporter.write_line(f"5xx: {signature} x{len(errors)}")
            terminalreporter.write_line(f"    e.g. {errors[0].request}")
            terminalreporter.write_line(f"    {errors[0].error}")


@pytest.fixture
def empty_database(database_url: str) -> Iterator[str]:
    """A database of its own with no schema, beside the session's (see legacy.py)."""
    with _empty_database(database_url) as url:
        yield url
