"""The paper check of a French table with its own Salad: the setup asks the make-up (the new-game
screen's fields), and a row the player marks as that Salad is checked against its total."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import urlencode

from flask.testing import FlaskClient

from tests.web.helpers import errors_after, text_of

# Barbu 80 and the last two tricks 20 + 60: this Salad adds up to 160.
SETUP = {
    "game": "french",
    "players": "4",
    "scheme": "standard",
    "deck": "52",
    "sequence": "choice",
    "doubling": "none",
    "compulsory_doubles": "0",
    "salad": "1",
    "salad_parts": ["barbu", "no-last-two"],
    "salad_scored": "penalty",
}


def grid(**setup: object) -> str:
    return f"/check/sheet?{urlencode({**SETUP, **setup}, doseq=True)}"


def totals(html: str) -> dict[str, int]:
    found = re.search(r'data-totals="([^"]*)"', html)
    assert found
    result: dict[str, int] = json.loads(unescape(found.group(1)))
    return result


def test_the_setup_asks_the_salads_make_up_and_the_grid_follows_it(client: FlaskClient) -> None:
    assert 'name="salad_parts"' in client.get("/check?game=french").text
    assert 'name="salad_parts"' not in client.get("/check?game=barbu").text
    response = client.get(grid())
    assert response.status_code == 200
    assert totals(response.text)["salad"] == 160
    refused = client.get(grid(salad_parts=[]))
    assert refused.status_code == 422
    assert "Tick at least one part." in errors_after(refused.text, "salad_parts")


def test_a_row_marked_as_the_tables_salad_is_checked_as_that_salad(client: FlaskClient) -> None:
    # Ann took the king, Beth the last two tricks.
    row = {"c0": "salad", "s0_0": "80", "s0_1": "80", "s0_2": "0", "s0_3": "0", "action": "check"}
    html = client.post(grid(), data=row).text
    assert re.search(r'<option value="salad" selected>', html)  # read as chosen, not as no contract
    assert "Everything typed so far adds up." in html
    slip = text_of(client.post(grid(), data={**row, "s0_1": "60"}).text)
    assert "Row 1 adds up to +140, 20 short of +160 (Salad)." in slip  # the Salad's, chosen
