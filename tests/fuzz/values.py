"""Hostile values, requests built from a page's forms, import files, odd paths and odd headers,
all drawn from one seeded `random.Random`."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from random import Random
from typing import Any
from urllib.parse import quote_from_bytes

from tests.builders import full_game, worked_example

from .forms import Form
from .zips import group_zip

Value = str | bytes

TEXT: list[Value] = [
    "",
    " ",
    "0",
    "-1",
    "13",
    "99",
    "9" * 40,
    "9" * 4000,
    "9" * 5000,
    "-" + "9" * 400,
    "1e309",
    "NaN",
    "inf",
    "1.5",
    "0x10",
    "+",
    "--1",
    "−5",
    "۱۳",
    "٣",
    " 13 ",
    "\x00",
    "a\x00b",
    "\r\n",
    "x\r\nSet-Cookie: a=b",
    "\t",
    "é" * 41,
    "😀" * 30,
    "\u202eRTL",
    "a\u2067b\u2069",
    "Ann\u200f",
    "\u061c",
    "ß" * 40,
    "ﬃ" * 30,
    "1e-1000030",
    "1e-99999999999999999",
    "1e1000000",
    "0." + "0" * 60 + "1",
    "0001-01-01",
    "9999-12-31",
    "<script>alert(1)</script>",
    "'; DROP TABLE games;--",
    "../../etc/passwd",
    "A" * 70_000,
    "null",
    "true",
    "[]",
    "{}",
    "%00",
    "y",
    "on",
    "random",
    "custom",
    b"\xff\xfe\xfd",
    b"caf\xe9",
]


def hostile(rng: Random) -> Value:
    return rng.choice(TEXT)


@dataclass
class Request:
    """One request to send: what the report shows of it is `describe()`."""

    method: str
    path: str
    body: bytes | None = None
    content_type: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    note: str = ""

    def describe(self) -> str:
        body = ""
        if self.body:
            shown = self.body[:160].decode("utf-8", "backslashreplace")
            body = f" body={shown!r}{'...' if len(self.body) > 160 else ''}"
        headers = f" headers={self.headers!r}" if self.headers else ""
        return f"{self.method} {self.path[:200]!r}{body}{headers} {self.note}".rstrip()


def _encode(pairs: list[tuple[str, Value]]) -> bytes:
    def part(v: Value) -> str:
        return quote_from_bytes(v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass"))

    return "&".join(f"{part(k)}={part(v)}" for k, v in pairs).encode("ascii")


def baseline(form: Form, rng: Random) -> list[tuple[str, Value]]:
    """The form filled as a player might: a value the page offers for each field."""
    pairs: list[tuple[str, Value]] = []
    for f in form.fields.values():
        if f.kind == "file":
            continue
        if f.kind == "checkbox":
            if rng.random() < 0.4:
                pairs.extend((f.name, v) for v in f.values[:1])
        elif f.values:
            pairs.append((f.name, rng.choice(f.values)))
        elif f.kind in ("text", "search", "number"):
            pairs.append((f.name, rng.choice(["Ann", "Beth", "Cat", "Diana", "3", ""])))
    return pairs


def _show(value: Value) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else f"{shown[:30]}...({len(value)} long)"


def mutate(pairs: list[tuple[str, Value]], rng: Random) -> tuple[list[tuple[str, Value]], str]:
    """`pairs` with a few hostile changes; returns them and what was done."""
    pairs = list(pairs)
    done = []
    for _ in range(rng.randint(1, 4)):
        move = rng.random()
        if pairs and move < 0.55:
            i = rng.randrange(len(pairs))
            pairs[i] = (pairs[i][0], hostile(rng))
            done.append(f"{pairs[i][0]}={_show(pairs[i][1])}")
        elif pairs and move < 0.7:
            name = pairs.pop(rng.randrange(len(pairs)))[0]
            done.append(f"dropped {name}")
        elif pairs and move < 0.85:
            name = rng.choice(pairs)[0]
            pairs.append((name, hostile(rng)))
            done.append(f"duplicated {name}={_show(pairs[-1][1])}")
        else:
            name = rng.choice(["contract", "version", "submission", "action", "most", "x" * 300, "\x00"])
            pairs.append((name, hostile(rng)))
            done.append(f"added {name[:20]!r}={_show(pairs[-1][1])}")
    return pairs, ", ".join(done)


def form_request(form: Form, rng: Random) -> Request:
    """A request for `form`: as a player fills it, or (mostly) mutated."""
    pairs = baseline(form, rng)
    note = "baseline"
    if rng.random() < 0.8:
        pairs, note = mutate(pairs, rng)
    if form.method == "get":
        query = _encode(pairs).decode()
        return Request("GET", f"{form.action.split('?')[0]}?{query}", note=note)
    if form.multipart:
        return import_request(form.action, rng, pairs)
    return Request("POST", form.action, _encode(pairs), "application/x-www-form-urlencoded", note=note)


# -- import files -------------------------------------------------------------------------------


def _poke(doc: Any, rng: Random) -> Any:
    """`doc` with one value somewhere inside replaced by something hostile."""
    if isinstance(doc, dict) and doc:
        key = rng.choice(list(doc))
        doc[key] = _poke(doc[key], rng) if rng.random() < 0.6 else _json_hostile(rng)
    elif isinstance(doc, list) and doc:
        i = rng.randrange(len(doc))
        doc[i] = _poke(doc[i], rng) if rng.random() < 0.6 else _json_hostile(rng)
    else:
        return _json_hostile(rng)
    return doc


def _json_hostile(rng: Random) -> Any:
    value = hostile(rng)
    choices: list[Any] = [
        value.decode("latin-1") if isinstance(value, bytes) else value,
        None,
        True,
        -1,
        10**400,
        -(10**30),
        1.5,
        float("1e308"),
        [],
        {},
        [[[]]],
        {"": None},
        ["Ann", "Ann"],
    ]
    return rng.choice(choices)


def import_file(rng: Random) -> bytes:
    """A game file: good, poked at, or not a game file at all."""
    move = rng.random()
    if move < 0.1:
        return json.dumps(worked_example()).encode()
    if move < 0.7:
        doc = copy.deepcopy(rng.choice([worked_example(), full_game(), full_game(ravage_city=True)]))
        for _ in range(rng.randint(1, 3)):
            doc = _poke(doc, rng)
        return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()
    return rng.choice(
        [
            b"",
            b"{",
            b"[" * 50_000 + b"]" * 50_000,
            b'{"format": "barbu-game/1"' + b', "x": 1' * 5000 + b"}",
            b"\xff\xfe{}",
            b"\x00" * 100,
            b"null",
            b"1e999999",
            b'"' + b"a" * 90_000 + b'"',
            b"A" * 120_000,
            json.dumps({"format": "barbu-game/1", "players": ["A" * 5000] * 4}).encode(),
        ]
    )


def import_request(action: str, rng: Random, pairs: list[tuple[str, Value]] | None = None) -> Request:
    """A multipart upload to `action`: a game file, or a group's zip for the group import."""
    boundary = "fuzzboundary7MA4YWxk"
    parts = []
    for name, value in pairs or []:
        data = value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode() + data)
    if rng.random() < 0.93:
        filename = rng.choice(["game.json", "", "../../x.json", "é\x00.json", "a" * 300])
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        group = action.startswith("/groups/")
        body, kind = (group_zip(rng), "application/zip") if group else (import_file(rng), "application/json")
        parts.append(f"{head}Content-Type: {kind}\r\n\r\n".encode() + body)
    body = b"\r\n".join(parts) + f"\r\n--{boundary}--\r\n".encode()
    return Request("POST", action, body, f"multipart/form-data; boundary={boundary}", note="import")


# -- odd paths and headers ----------------------------------------------------------------------

PATHS = [
    "/%00",
    "/g/%00",
    "/v/%00/live",
    "/g/" + "x" * 65,
    "/g/" + "x" * 5000 + "/deal",
    "/g/{edit}/deal/99999999999999999999999/edit",
    "/g/{edit}/deal/0/edit",
    "/g/{edit}/deal/-1/edit",
    "/v/{view}/deal/99999999999999999999",
    "/g/{edit}/deal?contract=%00",
    "/g/{edit}/deal?contract=" + "x" * 5000,
    "/g/{view}/deal",
    "/v/{edit}",
    "/g/{edit}/qr/edit.svg",
    "/v/{view}/qr/edit.svg",
    "/v/{view}/qr/view.svg",
    "/static/../../etc/passwd",
    "/static/%2e%2e/%2e%2e/pyproject.toml",
    "/static/js/%00.js",
    "/sheets/blank.pdf?paper=%00&orientation=" + "x" * 3000,
    "/sheets/blank.pdf?player_0=%0D%0A&player_1=" + "é" * 50 + "&ravage_city=y",
    "/sheets/blank.pdf?player_0=" + "%F0%9F%98%80" * 60,
    "/g/{edit}/sheet.pdf?paper=letter&orientation=%00",
    "/lang/fr?next=/%0Ax",
    "/lang/" + "x" * 300 + "?next=//evil.example",
    "/digits/persian?next=%0D%0ALocation:%20http://evil",
    "/digits/%00?next=/\\\\evil",
    "/new?" + "&".join(f"player={n}" for n in range(500)),
    "/new?player=%00&player=%FF",
    "/" + "a/" * 1500,
    "//",
    "/offline?%00",
    "/sw.js",
    "/g/{edit}/history?x=%00",
    "/forget",
    "/g/{edit}/undo",
    "/g/{edit}/again",
]
METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]


def path_request(rng: Random, edit: str, view: str) -> Request:
    path = rng.choice(PATHS).replace("{edit}", edit).replace("{view}", view)
    return Request(rng.choice(METHODS), path, note="odd path")


HEADERS = {
    "Host": [
        "a" * 64 + ".example",
        "é.example",
        "",
        "x:99999999",
        "[::1",
        "ex ample",
        "a." * 130,
        "localhost:0",
    ],
    "X-Forwarded-For": ["\x00", "1.2.3.4, " * 200, "not-an-ip", "::ffff:1.2.3.4", "300.1.1.1"],
    "X-Forwarded-Proto": ["https", "gopher", "\x00"],
    "If-None-Match": ['W/"g0-en"', "*", '"' + "x" * 5000 + '"', "W/", '"\x00"', ",,,,"],
    "Accept-Language": [
        "*;q=abc",
        "fa-IR;q=1e999",
        "x" * 5000,
        "fa,fa,fa;q=-1",
        "\x00",
        "zz-ZZ",
        "fr;q=0.5, hr",
    ],
    "Cookie": [
        "lang=xx",
        "lang=fa; digits=persian",
        "digits=\x00",
        "session=garbage",
        "session=" + "a" * 4000,
        "session=.eJyrVkosKFCyUkpKTFGqBQAtYgVE.Zz.Zz",
        "session=~r:v/x&p.Zz.Zz",
        "session=~",
        "lang=" + "é" * 10,
    ],
    "Content-Type": [
        "application/x-www-form-urlencoded; charset=utf-16",
        "multipart/form-data",
        "text/plain",
    ],
    "Range": ["bytes=999999-", "bytes=-"],
}


def odd_headers(rng: Random) -> dict[str, str]:
    names = rng.sample(list(HEADERS), rng.randint(1, 3))
    return {name: rng.choice(HEADERS[name]) for name in names}
