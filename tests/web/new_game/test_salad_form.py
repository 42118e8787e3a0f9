"""The Salad's make-up on the rules form of French Barbu: ticked on the new-game screen (Viv1bin's
Salad scores 250 for a player who takes everything), refused by its field when the engine refuses
it, kept by "play again with this table". The paper check's setup shares the form:
tests/web/paper_check/test_made_up_salad.py."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.helpers import ANN, PLAYERS, Links, enter, errors_after, export, text_of, totals

FRENCH = {
    "game": "french",
    "players": "4",
    "deck": "52",
    "sequence": "choice",
    "doubling": "none",
    "compulsory_doubles": "0",
}
# Viv1bin's values (docs/game-format.md): its Salad halves them, so every one is even.
VIV1BIN = {
    "scheme": "custom",
    "pt_no_tricks_0": "10",
    "pt_no_hearts_0": "10",
    "pt_no_queens_0": "20",
    "pt_barbu_0": "80",
    "pt_tricks_0": "-5",
    "pt_no_first_last_0": "40",
    "pt_no_first_last_1": "40",
    "pt_dominoes_0": "-120",
    "pt_dominoes_3": "0",
    "pt_no_last_two_0": "20",
    "pt_no_last_two_1": "60",
}
FIVE = ["no-tricks", "no-hearts", "no-queens", "barbu", "no-last-two"]
EVERYTHING = {  # Ann takes every trick, heart and queen, the king and the last two tricks
    "contract": "salad",
    **{f"tricks_{s}": "13" if s == 0 else "0" for s in range(4)},
    **{f"hearts_{s}": "13" if s == 0 else "0" for s in range(4)},
    **{f"queen_{suit}": ANN for suit in ("spades", "hearts", "diamonds", "clubs")},
    "king": ANN,
    "penultimate": ANN,
    "last": ANN,
}


def ticked(html: str, name: str = "salad_parts") -> list[str]:
    """The values of the boxes named `name` the page shows ticked."""
    tags = re.findall(rf'<input\b[^>]*\bname="{name}"[^>]*>', html)
    return [re.findall(r'value="([^"]*)"', t)[0] for t in tags if re.search(r"\bchecked\b", t)]


def _post(client: FlaskClient, **fields: object):  # type: ignore[no-untyped-def]
    """The new-game form of a French table as a browser sends it, with `fields`."""
    names = {f"player_{s}": name for s, name in enumerate(PLAYERS)}
    data = (
        names | FRENCH | {"first_declarer": ANN, "salad": "1", "salad_scored": "penalty", "action": "create"}
    )
    return client.post("/new", data={**data, **fields})


def create_game(client: FlaskClient, **fields: object) -> Links:
    response = _post(client, **fields)
    assert response.status_code == 303, errors_after(response.text, "salad_parts")
    edit = response.headers["Location"]
    return Links(edit, edit)


def test_the_salad_is_asked_only_in_french_barbu(client: FlaskClient) -> None:
    assert 'name="salad_parts"' not in client.get("/new").text
    page = client.get("/new?game=french").text
    assert ticked(page) == FIVE[:4]  # the four of the rules reference
    assert 'name="salad_halved"' in page and 'value="reward"' in page


def test_viv1bins_salad_made_up_on_the_form_scores_250(client: FlaskClient) -> None:
    links = create_game(client, **FRENCH, **VIV1BIN, salad_parts=FIVE, salad_halved="y")
    assert export(client, links.edit)["rules"]["salad"] == {
        "parts": FIVE,
        "halved": True,
        "scored": "penalty",
    }
    assert "Salad = ½ (No tricks + Hearts + Queens + Barbu + Last two)" in text_of(
        client.get(links.edit).text
    )
    enter(client, links, EVERYTHING)
    assert totals(client, links) == {"Ann": 250, "Beth": 0, "Cat": 0, "Diana": 0}


def test_a_reward_salad_turns_the_signs(client: FlaskClient) -> None:
    links = create_game(client, **FRENCH, salad_parts=["barbu"], salad_scored="reward")
    enter(client, links, {"contract": "salad", "king": ANN})
    assert totals(client, links)["Ann"] == -80


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        # French Barbu's standard 5 a trick cannot be halved without a fraction.
        (
            {"salad_parts": FIVE, "salad_halved": "y"},
            "salad_halved",
            "Halving needs even points: No tricks gives 5.",
        ),
        ({}, "salad_parts", "Tick at least one part."),
        ({"salad_parts": ["no-tricks", "ravage-city"]}, "salad_parts", "not a valid choice"),
        ({"salad_parts": ["barbu"], "salad_scored": "bonus"}, "salad_scored", "Not a valid choice"),
    ],
    ids=["halved-odd", "no-part", "unknown-part", "unknown-scoring"],
)
def test_a_salad_the_engine_refuses_is_said_by_its_field_and_nothing_is_stored(
    client: FlaskClient, fields: dict[str, object], field: str, message: str
) -> None:
    response = _post(client, **fields)
    assert response.status_code == 200
    assert any(message in error for error in errors_after(response.text, field)), errors_after(
        response.text, field
    )


def test_the_salad_is_said_in_the_readers_language(client: FlaskClient) -> None:
    client.get("/lang/fr")
    response = _post(client, salad_parts=FIVE, salad_halved="y")
    said = " ".join(errors_after(response.text, "salad_halved"))
    assert "Pas de plis" in said and "Halving" not in said, said


def test_play_again_with_this_table_keeps_the_made_up_salad(client: FlaskClient) -> None:
    links = create_game(client, **FRENCH, salad_parts=["barbu", "last-trick"], salad_scored="reward")
    client.get(links.edit)  # now among this browser's tables
    entry = "g/" + links.edit.rsplit("/", 1)[1]
    page = client.get(f"/new?like={entry}").text
    assert ticked(page) == ["barbu", "last-trick"]
    assert ticked(page, "salad_scored") == ["reward"]


def test_a_form_sent_without_the_salads_fields_keeps_the_default_salad(client: FlaskClient) -> None:
    names = {f"player_{s}": name for s, name in enumerate(PLAYERS)}
    response = client.post("/new", data=names | FRENCH | {"first_declarer": ANN, "action": "create"})
    assert response.status_code == 303, errors_after(response.text, "salad_parts")
    assert "salad" not in export(client, response.headers["Location"])["rules"]


def test_the_salad_is_refused_with_the_names_not_after_them(client: FlaskClient) -> None:
    response = _post(client, player_1="", salad_parts=FIVE, salad_halved="y")
    assert errors_after(response.text, "player_1") == ["Enter a name."]
    assert errors_after(response.text, "salad_halved")
