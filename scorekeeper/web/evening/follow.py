"""Following an evening live: the big screen and the guide cards ask every few seconds, with the
ETag they have, and mostly hear 304 (as the game page and the group page do, see groups.live)."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable

from flask import Response, abort, request

from scorekeeper.storage import evenings, groups
from scorekeeper.storage.models import EveningRow
from scorekeeper.web.common.live import page_etag
from scorekeeper.web.common.lookup import group_or_404


def timer_minute(row: EveningRow, now: float | None = None) -> str:
    """The minute now while a round's time limit is running (the big screen counts it down), else
    nothing: a screen with no timer running gets a 304 until something is saved."""
    moment = time.time() if now is None else now
    for one in row.plan.get("rounds", []):
        started, minutes = one.get("started"), one.get("minutes")
        timed = one.get("length") == "time" and started and minutes
        # Until a minute past the end, so that "Time is up" is shown once the time runs out.
        if timed and int(started) + int(minutes) * 60 + 60 > moment:
            return str(int(moment // 60))
    return ""


def evening_etag(kind: str, state: str, row: EveningRow, extra: str = "") -> str:
    """The group's state (every deal saved and game added changes it), the evening's own plan (its
    rounds, and whatever else is stored with it), `extra`, the language and the digits."""
    plan = json.dumps(row.plan, sort_keys=True, default=str).encode()
    mine = hashlib.blake2b(plan, digest_size=6).hexdigest()
    return page_etag(kind, f"{state}.e{row.id}.{mine}.{extra}")


def found_or_404(group: groups.StoredGroup, number: int) -> EveningRow:
    row = evenings.find(group, number)
    if row is None:
        abort(404)
    return row


def current_etag(
    kind: str, token: str, row: EveningRow, extra: Callable[[EveningRow], str], whole_group: bool = True
) -> str:
    """The ETag of what a page shows if it is made now: read before the evening's games are, so
    that a page never names a later state than it shows (at worst its first poll gets a 200).
    Without `whole_group`, `extra` alone says what of the group's games the page shows."""
    found = groups.state(token, fresh=True) if whole_group else None
    return evening_etag(kind, "" if found is None else found[0], row, extra(row))


def poll(
    kind: str,
    token: str,
    number: int,
    extra: Callable[[EveningRow], str],
    make: Callable[[groups.StoredGroup], str],
    whole_group: bool = True,
) -> Response:
    """A live part of an evening's page (`make`), or 304 when the page already shows it; without
    `whole_group` its ETag names only `extra` (and the plan), not every game of the group."""
    found = groups.state(token)
    # Authorized first, as the page itself is: a link of the other kind is no such page.
    if found is None or found[1] != (kind == "gr"):
        abort(404)
    group = group_or_404(token, kind)
    row = found_or_404(group, number)
    etag = evening_etag(kind, found[0] if whole_group else "", row, extra(row))
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = Response(make(group), mimetype="text/html")
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response
