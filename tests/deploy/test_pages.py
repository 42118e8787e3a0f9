"""Each page through nginx and the two servers is the page one server gives alone: the same status, the
same bytes once what differs by nature is set aside (CSRF tokens and one-time ids, the address the
phone used), the same headers; and HTTPS at nginx shows where it should (Secure cookies, HSTS)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.builders import full_game, worked_example
from tests.server.server import Answer, Phone
from tests.web.helpers import new_game_form

from .cluster import Cluster

SAME_HEADERS = ("Content-Type", "Cache-Control", "Content-Security-Policy", "Content-Disposition", "ETag")
CONTRACTS = ("barbu", "no-queens", "dominoes", "trumps")


def normal(text: str, *origins: str) -> str:
    """A page with what differs by nature replaced: tokens and one-time ids, the address used."""
    for origin in origins:
        text = text.replace(origin, "ORIGIN")
    # A form with a prefix (the group page's season and rating forms) names them "season-csrf_token".
    text = re.sub(r'(name="(?:[a-z]+-)?(?:csrf_token|submission)"[^>]*value=")[^"]*"', r'\1X"', text)
    return re.sub(r'(id="again-submission"[^>]*value=")[^"]*"', r'\1X"', text)


class Pair:
    """Two phones asking the same things in the same order: one through nginx, one of a server."""

    def __init__(self, club: Cluster, lang: str, digits: str) -> None:
        self.club, self.alone = club, club.servers[0]
        self.through, self.direct = Phone(), Phone()
        for phone, base in ((self.through, club.base), (self.direct, self.alone.base)):
            phone.request(f"{base}/lang/{lang}?next=/")
            phone.request(f"{base}/digits/{digits}?next=/")

    def get(self, path: str) -> tuple[Answer, Answer]:
        """The page asked by each phone within one hour of the clock: a group's page and ETag name
        the hour (its night's tables are those of the last hours), so a pair asked across the
        turn of an hour is asked again."""
        while True:
            hour = time.time() // 3600
            answers = self.through.request(self.club.base + path), self.direct.request(self.alone.base + path)
            if time.time() // 3600 == hour:
                return answers

    def post(self, path: str, data: dict[str, str]) -> tuple[Answer, Answer]:
        """The form at `path` filled with `data` and sent, by each phone."""

        def send(phone: Phone, base: str) -> Answer:
            form = phone.form(base + path)
            # As a browser sends a form: with its page as Referer, which CSRF checks on HTTPS.
            return phone.request(base + path, {**data, **form}, headers={"Referer": base + path})

        return send(self.through, self.club.base), send(self.direct, self.alone.base)


@pytest.fixture(params=[("en", "western"), ("fa", "persian"), ("fr", "persian")], ids=lambda p: "-".join(p))
def pair(club: Cluster, request: pytest.FixtureRequest) -> Iterator[Pair]:
    yield Pair(club, *request.param)


@pytest.fixture(scope="module")
def paths(club: Cluster) -> list[str]:
    """The pages to compare: every screen, and those of two games imported on the second server."""
    games = [club.servers[1].import_game(doc) for doc in (worked_example(), full_game(ravage_city=True))]
    paths = ["/", "/new", "/new?game=french&players=5", "/import", "/sheets/blank", "/check"]
    paths += ["/check/sheet?game=barbu", "/groups/new", "/groups/import", "/offline", "/nowhere"]
    for links in games:
        edit, view = links["edit_url"], links["view_url"]
        paths += [edit, view, f"{edit}/live", f"{view}/live", f"{edit}/history", f"{view}/deal/1"]
        paths += [f"{edit}/summary", f"{view}/summary", f"{edit}/deal/1/edit", f"{view}/export.json"]
        paths += [f"{edit}/deal?contract={c}" for c in CONTRACTS]
    return paths


def test_every_page_through_the_pair_is_the_page_of_one_server(
    club: Cluster, pair: Pair, paths: list[str]
) -> None:
    origins = (club.base, pair.alone.base)
    made, _alone = pair.post("/groups/new", {"name": "Club"})
    assert made.status == 303
    group = made.headers["Location"].replace(club.base, "")
    view = re.search(r"/gv/[A-Za-z0-9_-]+", pair.get(group)[0].text)  # both phones open it
    assert view
    compared = 0
    for path in [*paths, group, f"{group}/live", view.group(0), f"{view.group(0)}/live"]:
        through, direct = pair.get(path)
        assert through.status == direct.status, path
        for name in SAME_HEADERS:
            assert through.headers.get(name) == direct.headers.get(name), (path, name)
        assert normal(through.text, *origins) == normal(direct.text, *origins), path
        # HTTPS at nginx, and the app knows it (SCOREKEEPER_TRUSTED_PROXIES=1); not on the server alone.
        assert through.headers.get("Strict-Transport-Security", "").startswith("max-age="), path
        assert "Strict-Transport-Security" not in direct.headers, path
        compared += 1
    assert compared > 30


def test_a_new_game_made_through_the_pair_is_the_same_as_one_made_alone(club: Cluster, pair: Pair) -> None:
    through, direct = pair.post("/new", new_game_form())
    assert through.status == direct.status == 303
    cookies = [{c.name: c for c in phone.jar}["session"] for phone in (pair.through, pair.direct)]
    assert [c.secure for c in cookies] == [True, False]  # Secure over HTTPS at nginx only
    made = [a.headers["Location"] for a in (through, direct)]
    pages = [pair.through.request(club.base + made[0]), pair.direct.request(pair.alone.base + made[1])]
    assert [p.status for p in pages] == [200, 200]
    # Two games: their links and stamps (version and epoch) differ, nothing else.
    tokens = [re.findall(r"/[gv]/([A-Za-z0-9_-]{20,})|(0\.[0-9a-f]{6,})", p.text) for p in pages]
    tokens = [[a or b for a, b in found] for found in tokens]
    first, second = (normal(p.text, club.base, pair.alone.base) for p in pages)
    for mine, theirs in zip(*tokens, strict=False):
        first = first.replace(mine, "TOKEN")
        second = second.replace(theirs, "TOKEN")
    assert first == second
