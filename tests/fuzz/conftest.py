"""The fuzz tier reports what it sent and every server error it saw, also when it passes.

Under pytest-xdist (`make test` runs on every core) each worker writes its report's lines and
hands them to the process that prints the summary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .driver import Report
from .legacy import empty_database as _empty_database

REPORTS: list[tuple[str, Report]] = []
FROM_WORKERS: list[list[tuple[str, str]]] = []  # each worker's lines: (title, "") or ("", line)


def _lines(database: str, report: Report) -> list[tuple[str, str]]:
    statuses = ", ".join(f"{code}: {n}" for code, n in sorted(report.statuses.items()))
    lines = [
        (f"fuzz on {database}", ""),
        ("", f"requests fuzzed: {report.sent}; 5xx seen: {len(report.errors)} ({statuses})"),
        (
            "",
            f"requests holding no edit link: {report.strangers};"
            f" writes by them: {len(report.stranger_writes)};"
            f" refusals that stored something: {len(report.stored_on_refusal)}",
        ),
    ]
    lines += [("", f"stranger write: {write}") for write in report.stranger_writes[:5]]
    for signature, errors in sorted(report.classes().items()):
        lines += [
            ("", f"5xx: {signature} x{len(errors)}"),
            ("", f"    e.g. {errors[0].request}"),
            ("", f"    {errors[0].error}"),
        ]
    return lines


def pytest_sessionfinish(session: pytest.Session) -> None:
    worker_output = getattr(session.config, "workeroutput", None)
    if worker_output is not None:  # an xdist worker: its lines go to the controller
        worker_output["fuzz_report"] = [line for d, r in REPORTS for line in _lines(d, r)]


def pytest_testnodedown(node: Any, error: Any) -> None:
    found = getattr(node, "workeroutput", {}).get("fuzz_report")
    if found:
        FROM_WORKERS.append([tuple(line) for line in found])


def pytest_terminal_summary(terminalreporter: Any) -> None:
    every = [_lines(d, r) for d, r in REPORTS] + FROM_WORKERS
    for title, line in (line for lines in every for line in lines):
        if title:
            terminalreporter.write_sep("-", title)
        else:
            terminalreporter.write_line(line)


@pytest.fixture
def empty_database(database_url: str) -> Iterator[str]:
    """A database of its own with no schema, beside the session's (see legacy.py)."""
    with _empty_database(database_url) as url:
        yield url
