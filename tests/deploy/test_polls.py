"""A live poll that carries the ETag it was given is answered 304 through nginx, whichever of the two
servers answers it (nginx itself, for the read-only link) and whatever the phone accepts as encoding:
an open sheet costs one small answer every two seconds, not the whole sheet again."""

from __future__ import annotations

import pytest

from tests.builders import worked_example
from tests.server.server import Phone

from .cluster import Cluster

ENCODINGS = ("gzip, deflate, br", "gzip", "identity")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_poll_with_its_etag_is_304_on_both_servers(club: Cluster, encoding: str) -> None:
    links = club.servers[0].import_game(worked_example())
    phone = Phone()
    for lang, digits in (("en", "western"), ("fa", "persian")):
        phone.request(f"{club.base}/lang/{lang}?next=/")
        phone.request(f"{club.base}/digits/{digits}?next=/")
        for path in (links["view_url"], links["edit_url"]):
            live = f"{club.base}{path}/live"
            first = phone.request(live, headers={"Accept-Encoding": encoding})
            assert first.status == 200 and first.headers.get("ETag"), (lang, path)
            start = len(club.nginx.lines())
            asked = {"Accept-Encoding": encoding, "If-None-Match": first.headers["ETag"]}
            again = [phone.request(live, headers=asked) for _ in range(6)]
            assert [a.status for a in again] == [304] * 6, (lang, path, first.headers["ETag"])
            if path == links["edit_url"]:  # nginx answers the read-only link's (test_live_cache)
                assert len(set(club.upstreams(start))) == 2  # both servers answered some of them
