"""nginx keeps the read-only live answers a moment (deploy/nginx-site.conf): a room following a game
costs the servers about one request a second per kind of reader, each reader still gets the answer
of their own language, digits and encoding, nobody is shown an older sheet than the one they have,
and a deal saved shows within seconds. The edit link's live part always comes from a server."""

from __future__ import annotations

import gzip
import time

import brotli
import pytest

from tests.builders import worked_example
from tests.server.server import Answer, Phone

from .cluster import Cluster, save_on

# What a reader may send that the answer depends on: cookies chosen on the page (language, digits),
# the browser's own language, and the encodings it takes.
READERS = {
    "en": {"Cookie": "lang=en"},
    "fa": {"Cookie": "lang=fa"},
    "fa-persian": {"Cookie": "lang=fa; digits=persian"},
    "hr": {"Cookie": "lang=hr"},
    "fr": {"Cookie": "lang=fr; digits=persian"},  # Persian digits are for Persian readers only
    "browser-fa": {"Accept-Language": "fa-IR,fa;q=0.9,en;q=0.5"},
    "browser-hr": {"Accept-Language": "hr,en;q=0.5"},
    "browser-none": {},
}
ENCODINGS = ("br", "gzip", "identity")
NO_TRICKS = {"contract": "no-tricks", "result": {"tricks": {"Ann": 4, "Beth": 3, "Cat": 3, "Diana": 3}}}


def decoded(answer: Answer) -> bytes:
    encoding = answer.headers.get("Content-Encoding", "identity")
    return {"br": brotli.decompress, "gzip": gzip.decompress}.get(encoding, bytes)(answer.body)


def from_servers(club: Cluster, start: int) -> list[str]:
    """Of nginx's log lines since `start`, those of live polls, each with the server it went to
    ("-": nginx answered from what it kept)."""
    time.sleep(0.3)  # nginx writes a line once the answer is sent
    return [line.split()[3] for line in club.nginx.lines(start) if "/live" in line]


def test_a_room_following_a_game_costs_the_servers_a_request_a_second(club: Cluster) -> None:
    links = club.servers[0].import_game(worked_example())
    # Phones that opened the page: each has a session cookie of its own, which must not split the room.
    phones = [Phone() for _ in range(5)]
    for phone in phones:
        assert phone.request(f"{club.base}{links['view_url']}").status == 200
        assert any(c.name == "session" for c in phone.jar)
    live = f"{club.base}{links['view_url']}/live"
    etag = phones[0].request(live, headers={"Accept-Encoding": "br"}).headers["ETag"]
    start, began = len(club.nginx.lines()), time.monotonic()
    statuses = [
        phone.request(live, headers={"Accept-Encoding": "br", "If-None-Match": etag}).status
        for _ in range(8)
        for phone in phones
    ]
    seconds = time.monotonic() - began
    assert statuses == [304] * 40
    sent_on = [s for s in from_servers(club, start) if s != "-"]
    # nginx keeps an answer to the end of its second: a request a second at most, one more for the
    # second the polls began in.
    assert len(sent_on) <= int(seconds) + 2, (sent_on, seconds)

    # The edit link's live part carries the asker's own CSRF token: every poll goes to a server.
    edit = f"{club.base}{links['edit_url']}/live"
    etag = phones[0].request(edit).headers["ETag"]
    start = len(club.nginx.lines())
    assert [phones[0].request(edit, headers={"If-None-Match": etag}).status for _ in range(6)] == [304] * 6
    assert "-" not in from_servers(club, start)


@pytest.mark.parametrize("sheet", ["", "?sheet=full"])
def test_every_reader_gets_the_answer_of_their_own_language_digits_and_encoding(
    club: Cluster, sheet: str
) -> None:
    links = club.servers[1].import_game(worked_example())
    path = f"{links['view_url']}/live{sheet}"
    asked = [(reader, encoding) for reader in READERS for encoding in ENCODINGS]

    def ask(base: str) -> dict[tuple[str, str], Answer]:
        return {
            (reader, encoding): Phone().request(
                base + path, headers={**READERS[reader], "Accept-Encoding": encoding}
            )
            for reader, encoding in asked
        }

    start = len(club.nginx.lines())
    # Twice through nginx in quick succession: the second round finds the answers kept by the
    # first, each reader's beside every other's. Then straight from a server, for comparison.
    ask(club.base)
    through = ask(club.base)
    direct = ask(club.servers[0].base)
    assert "-" in from_servers(club, start)  # some answers did come from what nginx kept
    for key, answer in through.items():
        alone = direct[key]
        assert answer.status == alone.status == 200, key
        assert "Set-Cookie" not in answer.headers and "X-Accel-Expires" not in answer.headers, key
        for name in ("ETag", "Content-Encoding", "Content-Type", "Cache-Control"):
            assert answer.headers.get(name) == alone.headers.get(name), (key, name)
        shown = decoded(answer).decode().replace(club.base, "BASE")
        assert shown == decoded(alone).decode().replace(club.servers[0].base, "BASE"), key
    # The readers do differ: a cache that mixed them up would have been caught above.
    assert len({a.headers["ETag"] for a in through.values()}) == 5  # en, fa, fa with digits, hr, fr
    assert len({a.headers.get("Content-Encoding") for a in through.values()}) == 3


def test_a_follower_sees_a_new_deal_within_seconds_and_never_an_older_sheet(club: Cluster) -> None:
    links = club.servers[0].import_game(worked_example())
    token = links["edit_url"].rsplit("/", 1)[1]
    live = f"{club.base}{links['view_url']}/live"
    headers = {"Accept-Encoding": "gzip"}
    follower = Phone()
    before = follower.request(live, headers=headers).headers["ETag"]
    again = {**headers, "If-None-Match": before}
    assert follower.request(live, headers=again).status == 304  # nginx now keeps the old sheet's 304

    assert save_on(club.servers[1].base, token, NO_TRICKS) == 303
    saved = time.monotonic()
    # A phone that opens the page now is shown the new sheet (whatever the server remembers of the
    # game: a sheet is sent from the state read now); its first poll must not take it back.
    page = Phone().request(f"{club.servers[0].base}{links['view_url']}/live", headers=headers)
    after = page.headers["ETag"]
    assert after != before
    assert Phone().request(live, headers={**headers, "If-None-Match": after}).status == 304

    # The follower, polling as live.js does (the sheet it has), is shown the new one within seconds.
    while (answer := follower.request(live, headers=again)).status == 304:
        assert time.monotonic() - saved < 10, "the follower never saw the new deal"
        time.sleep(0.2)
    assert answer.status == 200 and answer.headers["ETag"] == after
    shown = decoded(answer).decode().replace(club.base, "BASE")
    assert shown == decoded(page).decode().replace(club.servers[0].base, "BASE")
