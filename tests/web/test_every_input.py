"""Every input of every screen has a label, and every `aria-describedby` names an element of the
page: the screens are walked as a player meets them, blank and with a mistake in each kind of form.
And no template writes an <input> by hand: inputs come from the macros of templates/common/."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.evening.test_organiser import finished_evening
from tests.web.helpers import create_game

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Where inputs are drawn: the macros every screen calls.
MACRO_FILES = {"common/fields.html", "common/rules_fields.html"}
UNLABELLED = {"hidden", "submit", "button"}


class _Inputs(HTMLParser):
    """The page's controls, its labels' `for`, the controls inside a <label>, and every id."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str | None]] = []
        self.label_for: set[str] = set()
        self.ids: set[str] = set()
        self.in_label = 0
        self.wrapped: set[int] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "label":
            self.in_label += 1
            if found.get("for"):
                self.label_for.add(str(found["for"]))
        if tag in ("input", "select", "textarea") and found.get("type") not in UNLABELLED:
            if self.in_label:
                self.wrapped.add(len(self.controls))
            self.controls.append({"tag": tag, **found})

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.in_label -= 1


def problems(html: str) -> list[str]:
    """What a screen reader would miss: a control without a label, a description that names nothing."""
    page = _Inputs()
    page.feed(html)
    found = []
    for n, control in enumerate(page.controls):
        named = control.get("name")
        labelled = n in page.wrapped or control.get("id") in page.label_for or control.get("aria-label")
        if not labelled:
            found.append(f"{control['tag']} {named}: no label")
        for described in (control.get("aria-describedby") or "").split():
            if described not in page.ids:
                found.append(f"{control['tag']} {named}: describedby {described} names nothing")
    return found


def screens(app: Flask, client: FlaskClient) -> dict[str, str]:
    """Every screen with a form, blank and with mistakes, by a short name."""
    links = create_game(client)
    token = links.edit.rsplit("/", 1)[1]
    evening, view_evening, _game, _token = finished_evening(app, client)
    group = evening.split("/evenings/")[0]
    table = re.search(r'<option value="(\d+)"', client.get(evening).text.split('id="adjustments-title"')[1])
    assert table
    bad_file = {"file": (BytesIO(b"not a file"), "x.zip")}
    pages = {
        "home": client.get("/"),
        "new game": client.get("/new"),
        "game": client.get(links.edit),
        "deal form": client.get(f"/g/{token}/deal"),
        "summary": client.get(f"{links.edit}/summary"),
        "summary, bad stake": client.post(f"/g/{token}/summary", data={"stake": "ten", "currency": "E"}),
        "new group": client.get("/groups/new"),
        "new group, no name": client.post("/groups/new", data={"name": ""}),
        "group": client.get(group),
        "group, bad dates": client.get(f"{group}?from=x&to=y&best=z"),
        "group, bad season": client.post(f"{group}/seasons", data={"name": "", "first": "x", "last": ""}),
        "group, bad rating": client.post(f"{group}/rating", data={"games": "x"}),
        "new evening": client.get(f"{group}/evenings/new"),
        "new evening, bad": client.post(f"{group}/evenings/new", data={"rounds": "99", "minutes": "x"}),
        "evening": client.get(evening),
        "evening, read only": client.get(view_evening),
        "evening, bad adjustment": client.post(
            f"{evening}/adjustments",
            data={"table": table.group(1), "player": "", "points": "x", "reason": ""},
        ),
        "paper check": client.get("/check"),
        "blank sheet": client.get("/sheets/blank"),
        "import": client.get("/import"),
        "import, bad": client.post("/import", data={"file": (BytesIO(b"{"), "x.json")}),
        "group import": client.get("/groups/import"),
        "group import, bad": client.post("/groups/import", data=bad_file),
    }
    for name, response in pages.items():
        assert response.status_code in (200, 400, 422), (name, response.status_code)
    return {name: response.text for name, response in pages.items()}


@pytest.mark.postgres
def test_every_input_has_a_label_and_names_what_describes_it(app: Flask, client: FlaskClient) -> None:
    shown = screens(app, client)
    assert {name: problems(html) for name, html in shown.items() if problems(html)} == {}
    # the walk meets the mistakes it makes: each says so by its field
    for name in ("summary, bad stake", "group, bad dates", "group, bad season", "new evening, bad"):
        assert 'class="error"' in shown[name] and "aria-describedby" in shown[name], name


def test_the_checker_sees_a_missing_label_and_a_dangling_description() -> None:
    assert problems('<label for="a">A</label><input id="a" aria-describedby="a-hint">') == [
        "input None: describedby a-hint names nothing"
    ]
    assert problems('<input id="b" name="b">') == ["input b: no label"]
    assert problems('<label>B <input name="b"></label><input type="hidden" name="c">') == []


def test_no_template_writes_an_input_by_hand() -> None:
    by_hand = [
        str(path.relative_to(TEMPLATES))
        for path in sorted(TEMPLATES.rglob("*.html"))
        if str(path.relative_to(TEMPLATES)) not in MACRO_FILES and re.search(r"<input\b", path.read_text())
    ]
    assert by_hand == []
