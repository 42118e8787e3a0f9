"""The new-game and paper-check screens show one rules fieldset: the same inputs, written the same
way, for the points, the custom points and every rule option the check asks."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import GAMES


def _rules_inputs(html: str) -> dict[str, str]:
    """Each input or select of the page's rules fieldset, by name, as written (its options too)."""
    start = html.index('<fieldset class="rules">')
    found = {}
    tags = r'<select\b[^>]*\bname="([^"]+)"[^>]*>.*?</select>|<input\b[^>]*\bname="([^"]+)"[^>]*>'
    for tag in re.finditer(tags, html[start:], re.S):
        found.setdefault(tag.group(1) or tag.group(2), tag.group(0))
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_the_check_asks_the_rules_as_the_new_game_screen_does(client: FlaskClient, game: str) -> None:
    new = _rules_inputs(client.get(f"/new?game={game}").text)
    check = _rules_inputs(client.get(f"/check?game={game}").text)
    assert "scheme" in check and any(name.startswith("pt_") for name in check)
    for name, tag in check.items():
        assert new.get(name) == tag, name


def test_every_rule_input_has_a_label_and_says_what_describes_it(client: FlaskClient) -> None:
    page = client.get("/new", query_string={"game": "barbu"}).text
    for name, tag in _rules_inputs(page).items():
        if 'type="hidden"' in tag or 'type="submit"' in tag:
            continue
        ident = re.search(r'\bid="([^"]+)"', tag)
        assert ident, name
        assert f'for="{ident.group(1)}"' in page, name
        for described in re.findall(r'aria-describedby="([^"]+)"', tag):
            for target in described.split():
                assert f'id="{target}"' in page, (name, target)
