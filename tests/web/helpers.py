"""Builders shared by the web tests: games made through the screens or the store, deals as form data
(the worked example of rules.md among them), and readers of what a page shows."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from scorekeeper.present.report import score_document
from scorekeeper.scoring import load
from scorekeeper.storage import db, store

PLAYERS = ["Ann", "Beth", "Cat", "Diana"]
ANN, BETH, CAT, DIANA = "0", "1", "2", "3"
MINUS = "−"  # the page shows negative numbers with the Unicode minus sign

# The worked example of rules.md, entered as the deal form sends it (Ann declares, seat 0).
WORKED_DEAL_1 = {
    "contract": "no-queens",
    "max_1": "y",  # Beth says maximum: doubles Ann, Cat and Diana
    "dbl_2_0": "y",  # Cat doubles Ann
    "dbl_0_2": "y",  # Ann redoubles Cat
    "queen_spades": ANN,
    "queen_hearts": CAT,
    "queen_diamonds": DIANA,
    "queen_clubs": DIANA,
}
WORKED_DEAL_2 = {
    "contract": "no-hearts",
    "max_3": "y",  # Diana says maximum
    "dbl_0_3": "y",  # Ann redoubles Diana
    "hearts_0": "0",
    "hearts_1": "3",
    "hearts_2": "8",
    "hearts_3": "2",
    "ace": CAT,
}
WORKED_TOTALS = {"Ann": -4, "Beth": 16, "Cat": -48, "Diana": -18}


@dataclass(frozen=True)
class Links:
    """A game's two links, e.g. edit "/g/<token>" and view "/v/<token>"."""

    edit: str
    view: str

    @property
    def edit_token(self) -> str:
        return self.edit.rsplit("/", 1)[1]

    @property
    def view_token(self) -> str:
        return self.view.rsplit("/", 1)[1]

    @property
    def entry(self) -> str:
        return f"{self.edit}/deal"


def new_game_form(players: list[str] | None = None, first: str = ANN, **fields: str) -> dict[str, str]:
    """The new-game form as a browser sends it with the standard rules preselected."""
    form = {f"player_{seat}": name for seat, name in enumerate(players or PLAYERS)}
    form.update(
        first_declarer=first,
        scheme="standard",
        doubling="standard",
        compulsory_doubles="2",
        undoubled_negative="play",
        rotation="blocks",
        action="create",
    )
    form.update(fields)
    return form


def create_game(
    client: FlaskClient, players: list[str] | None = None, first: str = ANN, **fields: str
) -> Links:
    """Start a game through POST /new and return its links (the view link as the game page shows it)."""
    response = client.post("/new", data=new_game_form(players, first, **fields))
    assert response.status_code == 303, response.text
    edit = response.headers["Location"]
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]+", edit), edit
    page = client.get(edit).text
    views = set(re.findall(VIEW_LINK, page))
    assert len(views) == 1, views
    return Links(edit, views.pop())


# The read-only link as the edit page shares it: a link, or a full address to copy.
VIEW_LINK = r'(?:href|value)="(?:https?://[^/"]+)?(/v/[A-Za-z0-9_-]+)"'


def import_game(app: Flask, doc: dict[str, Any]) -> Links:
    """Store a game file as the `scorekeeper import` command does, without the command."""
    with app.app_context():
        created = store.create(load(doc), kind="import")
        return Links(f"/g/{created.edit_token}", f"/v/{created.view_token}")


def renamed(doc: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A copy of game file `doc` with Ann, Beth, Cat and Diana renamed to `names` everywhere."""
    text = json.dumps(doc)
    for old, new in zip(PLAYERS, names, strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    result: dict[str, Any] = json.loads(text)
    return result


def count_rows(app: Flask, model: type[Any]) -> int:
    """How many rows of `model` (GameRow, DealRow, ChangeRow) the database holds."""
    with app.app_context():
        return db.session().scalar(select(func.count()).select_from(model)) or 0


def current_version(client: FlaskClient, links: Links) -> str:
    """The version the deal form carries now, read as a phone would: the game page's first contract
    button leads to the entry form, which holds the version."""
    contract = re.search(r'href="[^"]*/deal\?contract=([a-z-]+)"', client.get(links.edit).text)
    assert contract, "the game page offers no contract to enter"
    return form_version(client.get(f"{links.entry}?contract={contract.group(1)}").text)


def shown_version(client: FlaskClient, links: Links) -> str:
    """The state the game page's buttons (undo, play again) were made on, or the deal form's."""
    html = client.get(links.edit).text
    return form_version(html) if 'name="version"' in html else current_version(client, links)


def play_again(client: FlaskClient, links: Links, submission: str = "") -> TestResponse:
    """Tap "play again" on the game page as it is now, under the one-time id `submission`."""
    sent = {"version": shown_version(client, links), "submission": submission}
    return client.post(f"{links.edit}/again", data=sent)


def form_version(html: str) -> str:
    found = re.search(r'<input[^>]*name="version"[^>]*value="([0-9a-f.]+)"', html)
    assert found, "no version field on the page"
    return found.group(1)


def post_deal(
    client: FlaskClient, links: Links, data: dict[str, Any], version: str | None = None
) -> TestResponse:
    """POST a deal to the entry form, on the current version unless `version` is given."""
    sent = {"version": current_version(client, links) if version is None else version, **data}
    return client.post(links.entry, data=sent)


def enter(client: FlaskClient, links: Links, *deals: dict[str, Any]) -> None:
    """Enter `deals` one after the other; each must be accepted."""
    for data in deals:
        response = post_deal(client, links, data)
        assert response.status_code == 303, response.text


def export(client: FlaskClient, link: str) -> dict[str, Any]:
    response = client.get(f"{link}/export.json")
    assert response.status_code == 200
    doc: dict[str, Any] = json.loads(response.text)
    return doc


def hands(client: FlaskClient, links: Links) -> list[dict[str, Any]]:
    """The deals stored for the game, as its export lists them."""
    result: list[dict[str, Any]] = export(client, links.edit)["hands"]
    return result


def totals(client: FlaskClient, links: Links) -> dict[str, int]:
    """The game's totals, scored by the engine from the exported file."""
    result: dict[str, int] = score_document(export(client, links.edit))["totals"]
    return result


def signed(n: int) -> str:
    """A number as the sheet shows it: +16, −4, 0."""
    return f"+{n}" if n > 0 else (f"{MINUS}{-n}" if n < 0 else "0")


def text_of(html: str) -> str:
    """The page's visible text with tags dropped and white space collapsed (a name's <bdi> is
    inline: it adds no space)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi[^>]*>", "", html))).split())


def checked(html: str, name: str, value: str = "y") -> bool:
    """True when the checkbox or radio `name` with `value` is rendered checked."""
    for tag in re.findall(r"<input\b[^>]*>", html):
        if f'name="{name}"' in tag and f'value="{value}"' in tag:
            return re.search(r"\schecked\b", tag) is not None
    raise AssertionError(f"no input {name}={value} on the page")


def input_value(html: str, name: str) -> str | None:
    """The value a text input `name` is rendered with."""
    for tag in re.findall(r"<input\b[^>]*>", html):
        if f'name="{name}"' in tag:
            found = re.search(r'value="([^"]*)"', tag)
            return found.group(1) if found else None
    raise AssertionError(f"no input {name} on the page")


def errors_after(html: str, name: str) -> list[str]:
    """The error messages shown right after the last input named `name` (before the next control):
    what a player reads next to the field."""
    at = html.rfind(f'name="{name}"')
    assert at >= 0, f"no field {name} on the page"
    following = re.search(r"<(input|select|textarea|button)\b", html[at + 1 :])
    end = at + 1 + following.start() if following else len(html)
    return [text_of(m) for m in re.findall(r'<p class="error"[^>]*>(.*?)</p>', html[at:end], re.S)]


def all_errors(html: str) -> list[str]:
    """Every error message on the page."""
    return [text_of(m) for m in re.findall(r'<p class="error"[^>]*>(.*?)</p>', html, re.S)]
