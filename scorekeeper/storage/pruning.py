"""Pruning what would otherwise grow for ever, with no extra service to run.

Used submission ids (a repeat arrives within minutes, or days for a phone that was offline),
cached PDFs (derived, rendered again on demand), ended rate-limit windows and kept paper checks
nobody has corrected for PAPER_CHECK_DAYS (a check is kept to come back to after the evening,
not for good; anyone may keep one, so they must not pile up) are deleted once they are old. It
runs after a response has been sent, at most once per `PRUNE_INTERVAL` seconds
across every worker and machine: each worker asks the database at most once per interval, and a
conditional UPDATE of the `chores` row lets exactly one of them win. `scorekeeper prune` runs
it at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import click
from flask import Flask, Response, current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, delete, insert, update
from sqlalchemy.exc import IntegrityError

from .models import ChoreRow, PaperCheckRow, PdfCacheRow, RateLimitRow, SheetCacheRow, SubmissionRow

CHORE = "prune"


@dataclass(frozen=True)
class Pruned:
    submissions: int
    sheets: int
    limits: int
    checks: int = 0

    def __str__(self) -> str:
        return (
            f"pruned {self.submissions} submission id(s), {self.sheets} cached sheet(s), "
            f"{self.limits} rate-limit counter(s), {self.checks} kept paper check(s)"
        )


def prune(
    engine: Engine,
    submission_days: float,
    pdf_days: float,
    at: float | None = None,
    check_days: float | None = None,
) -> Pruned:
    """Delete submission ids older than `submission_days`, cached PDFs older than `pdf_days`,
    rate-limit windows that have ended, and paper checks not changed for `check_days` (if given)."""
    at = time.time() if at is None else at
    moment = datetime.fromtimestamp(at, UTC)
    with engine.begin() as connection:
        submissions = connection.execute(
            delete(SubmissionRow).where(SubmissionRow.at < moment - timedelta(days=submission_days))
        ).rowcount
        old = moment - timedelta(days=pdf_days)
        sheets = connection.execute(delete(PdfCacheRow).where(PdfCacheRow.at < old)).rowcount
        sheets += connection.execute(delete(SheetCacheRow).where(SheetCacheRow.at < old)).rowcount
        limits = connection.execute(delete(RateLimitRow).where(RateLimitRow.reset_at < int(at))).rowcount
        checks = 0
        if check_days is not None:
            stale = moment - timedelta(days=check_days)
            old_checks = delete(PaperCheckRow).where(PaperCheckRow.updated_at < stale)
            checks = connection.execute(old_checks).rowcount
    return Pruned(submissions, sheets, limits, checks)


def claim(engine: Engine, interval: float, at: float | None = None) -> bool:
    """Whether this process should prune now: true for exactly one caller per `interval`."""
    at = int(time.time() if at is None else at)
    with engine.begin() as connection:
        won = connection.execute(
            update(ChoreRow)
            .where(ChoreRow.name == CHORE, ChoreRow.last_run <= at - interval)
            .values(last_run=at)
        ).rowcount
    if won:
        return True
    try:
        with engine.begin() as connection:
            connection.execute(insert(ChoreRow).values(name=CHORE, last_run=at))
    except IntegrityError:  # the row is there: someone pruned within the interval
        return False
    return True


def prune_app(app: Flask) -> Pruned:
    """Prune `app`'s database with its configured ages."""
    return prune(
        app.extensions["db_engine"],
        float(app.config["SUBMISSION_DAYS"]),
        float(app.config["PDF_CACHE_DAYS"]),
        check_days=float(app.config["PAPER_CHECK_DAYS"]),
    )


def init_app(app: Flask) -> None:
    """Prune after some response, once per interval; each worker asks at most once per interval."""
    next_look = [0.0]

    @app.after_request
    def maybe_prune(response: Response) -> Response:
        interval = float(app.config["PRUNE_INTERVAL"])
        moment = time.monotonic()
        if moment < next_look[0]:
            return response
        next_look[0] = moment + interval

        def run() -> None:
            with app.app_context():
                if claim(app.extensions["db_engine"], interval):
                    app.logger.info("%s", prune_app(app))

        response.call_on_close(run)
        return response


@click.command("prune")
@with_appcontext
def prune_command() -> None:
    """Delete old submission ids, cached PDFs, ended rate-limit windows and old paper checks now."""
    click.echo(str(prune_app(current_app)))
