"""The fuzzer: crawls the app for its pages and forms, sends seeded hostile requests, and checks each
answer: never a 5xx, a refused request (4xx) leaves every table of game data as it was, and a
request that holds no edit link (a stranger's) changes nothing already stored."""

from __future__ import annotations

import re
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from random import Random

from flask import Flask
from sqlalchemy import func, select, text

from scorekeeper.scoring import GAMES
from scorekeeper.storage import db
from scorekeeper.storage.models import (
    ChangeRow,
    DealRow,
    GameRow,
    GroupRow,
    NameMergeRow,
    PaperCheckRow,
    PdfCacheRow,
    SheetCacheRow,
    SubmissionRow,
)

from .forms import Form, read
from .values import Request, form_request, import_request, odd_headers, path_request

PACKAGE = Path(db.__file__).resolve().parent
# What a refusal must leave alone: everything but the rate-limit counters and the chores table.
STORED = (
    GameRow,
    DealRow,
    ChangeRow,
    SubmissionRow,
    PdfCacheRow,
    SheetCacheRow,
    PaperCheckRow,
    GroupRow,
    NameMergeRow,
)


@dataclass
class ServerError:
    request: str
    status: int
    where: str  # the deepest frame of the scorekeeper package, "file:line in function"
    error: str
    kind: str = "HTTP"

    @property
    def signature(self) -> str:
        return f"{self.kind} at {self.where}"


@dataclass
class Report:
    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    errors: list[ServerError] = field(default_factory=list)
    stored_on_refusal: list[str] = field(default_factory=list)
    strangers: int = 0
    """Requests that held no edit link of anything stored."""
    stranger_writes: list[str] = field(default_factory=list)
    """Such requests that changed something stored before them (a game, a group, a kept check)."""

    def classes(self) -> dict[str, list[ServerError]]:
        """The server errors seen, grouped by exception and place."""
        found: dict[str, list[ServerError]] = {}
        for error in self.errors:
            found.setdefault(error.signature, []).append(error)
        return found


def _existing(now: tuple[object, ...], before: tuple[object, ...]) -> tuple[object, ...]:
    """What `now` holds of the rows that were there `before`: rows added since (a new game, group
    or check, which anyone may make) are left out; changes and deletions show."""
    kept = []
    for rows_now, rows_before in zip(now, before, strict=True):
        keys = {row[0] for row in rows_before}  # type: ignore[index, attr-defined]
        kept.append(tuple(row for row in rows_now if row[0] in keys))  # type: ignore[index, attr-defined]
    return tuple(kept)


def _where(error: BaseException) -> str:
    ours = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.startswith(str(PACKAGE))]
    if not ours:
        return "outside scorekeeper/"
    frame = ours[-1]
    return f"{Path(frame.filename).relative_to(PACKAGE)}:{frame.lineno} in {frame.name}"


# The paper check's setup and grids: a grid form is only reached through the setup's answer.
CHECKS = [
    "/check",
    "/check/sheet?game=barbu",
    "/check/sheet?game=barbu-3&rubbers=1",
    "/check/sheet?game=barbette",
    "/check/sheet?game=french&players=5&sequence=fixed",
]


class Fuzzer:
    def __init__(self, app: Flask, csrf_app: Flask, rng: Random, extra: list[str] | None = None) -> None:
        self.app, self.rng = app, rng
        self.client = app.test_client()
        self.csrf_client = csrf_app.test_client()
        self.report = Report()
        self.forms: dict[tuple[str, str, tuple[str, ...]], Form] = {}
        self.pages: list[str] = []
        self.edit = self.view = "none"
        self.extra = extra or []
        """More pages to start the crawl from (a kept paper check)."""
        self.secrets: set[str] = set()
        """Every edit link's token known: of the games, groups and checks given and made since."""

    def counts(self) -> tuple[int, ...]:
        with self.app.app_context():
            s = db.session()
            return tuple(s.scalar(select(func.count()).select_from(m)) or 0 for m in STORED)

    def crawl(self, seeds: list[str], limit: int = 60) -> None:
        """Read the forms and links of the pages reachable from `seeds`."""
        queue, seen = list(seeds), set()
        while queue and len(seen) < limit:
            path = queue.pop(0)
            if path in seen or any(
                s in path for s in (".pdf", "export.", "/lang/", "/digits/", ".svg", "/static/")
            ):
                continue
            seen.add(path)
            with self.client.get(path) as response:
                if response.status_code != 200 or response.mimetype != "text/html":
                    continue
                forms, links = read(path, response.get_data(as_text=True))
            for form in forms:
                key = (form.action.split("?")[0], form.method, tuple(sorted(form.fields)))
                self.forms[key] = form
            queue.extend(link.split("#")[0] for link in links)
        self.pages = sorted(seen)

    def stored(self) -> tuple[object, ...]:
        """What is stored of everything that exists now: versions and stakes of games, their deals
        and history, groups and their merges, kept checks (to see whether a request changed it)."""
        with self.app.app_context():
            s = db.session()
            return tuple(
                tuple(tuple(row) for row in s.execute(text(query)))
                for query in (
                    "SELECT id, version, settle FROM games ORDER BY id",
                    "SELECT game_id, count(*) FROM deals GROUP BY game_id ORDER BY game_id",
                    "SELECT game_id, count(*) FROM changes GROUP BY game_id ORDER BY game_id",
                    "SELECT id, updated_at FROM groups ORDER BY id",
                    "SELECT group_id, alias, name FROM name_merges ORDER BY group_id, alias",
                    "SELECT id, updated_at FROM paper_checks ORDER BY id",
                )
            )

    def _stranger(self, request: Request) -> bool:
        seen = request.path + (request.body or b"").decode("latin-1") + repr(request.headers)
        return not any(secret in seen for secret in self.secrets)

    def _learn(self, location: str | None) -> None:
        """A new game's, group's or check's edit link, from where an answer sends the player."""
        found = re.search(r"/(?:g|gr|check)/([A-Za-z0-9_-]{20,64})", location or "")
        if found:
            self.secrets.add(found.group(1))

    def send(self, request: Request, client_csrf: bool = False) -> None:
        client = self.csrf_client if client_csrf else self.client
        before = self.counts()
        stranger = self._stranger(request)
        if stranger:
            self.report.strangers += 1
            known = self.stored()
        self.report.sent += 1
        try:
            with client.open(
                request.path,
                method=request.method,
                data=request.body,
                content_type=request.content_type,
                headers=request.headers,
            ) as response:
                status = response.status_code
                location = response.headers.get("Location")
        except Exception as error:  # the test client passes the app's exceptions on (TESTING)
            self.report.statuses[500] += 1
            where, shown = _where(error), repr(error)[:300]
            self.report.errors.append(
                ServerError(request.describe(), 500, where, shown, type(error).__name__)
            )
            return
        self.report.statuses[status] += 1
        self._learn(location)
        if stranger and _existing(self.stored(), known) != known:
            self.report.stranger_writes.append(f"{status} {request.describe()}")
        if status >= 500:
            self.report.errors.append(ServerError(request.describe(), status, "answered", f"HTTP {status}"))
        elif status >= 400 and self.counts() != before:
            self.report.stored_on_refusal.append(f"{status} {request.describe()}")

    def pick_form(self) -> Form:
        """A form, each kind (new game, deal entry, undo, import...) as likely as any other."""
        kinds: dict[str, list[Form]] = {}
        for form in self.forms.values():
            kind = re.sub(r"/[gv]/[A-Za-z0-9_-]+", "/game", form.action.split("?")[0])
            kinds.setdefault(re.sub(r"/\d+/", "/n/", kind), []).append(form)
        return self.rng.choice(kinds[self.rng.choice(sorted(kinds))])

    def one(self) -> None:
        rng = self.rng
        move = rng.random()
        if move < 0.55 and self.forms:
            self.send(form_request(self.pick_form(), rng), client_csrf=rng.random() < 0.08)
        elif move < 0.67:
            self.send(import_request("/import", rng))
        elif move < 0.82:
            self.send(path_request(rng, self.edit, self.view))
        else:
            request = Request("GET", rng.choice(self.pages or ["/"]))
            if self.forms and rng.random() < 0.4:
                request = form_request(self.pick_form(), rng)
            request.headers = odd_headers(rng)
            request.note += " odd headers"
            self.send(request)

    def run(self, games: list[tuple[str, str]], requests: int) -> Report:
        self.edit, self.view = (link.rsplit("/", 1)[1] for link in games[0])
        for link in [edit for edit, _view in games] + self.extra:
            self._learn(link)
        seeds = ["/", "/new", "/import", "/sheets/blank", *CHECKS, *self.extra]
        seeds += [f"/new?game={game}" for game in GAMES] + [f"/sheets/blank?game={game}" for game in GAMES]
        contracts = sorted({c.id for game in GAMES.values() for c in game.contracts})
        for edit, view in games:
            seeds += [edit, view, f"{edit}/deal", f"{edit}/deal/1/edit", f"{view}/deal/1", f"{edit}/history"]
            seeds += [f"{edit}/summary", f"{view}/summary"]
            seeds += [f"{edit}/deal?contract={c}" for c in contracts]
        self.crawl(seeds)
        for n in range(requests):
            if n and n % 150 == 0:
                self.crawl(seeds)  # new versions, new one-time ids, games made meanwhile
            self.one()
        return self.report
