"""A French game whose Salad is made up (docs/examples/french-salad.json): the history, the undo
and correction notices, the summary and a deal form sent again name or ask for the table's Salad,
and a correction says every key of it that changed, the last two tricks too, not only the four of
the default Salad."""

from __future__ import annotations

import io
from pathlib import Path

from flask.testing import FlaskClient

from tests.web.helpers import ANN, BETH, CAT, DIANA, Links, current_version, form_version, text_of

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "french-salad.json"
SUITS = ("spades", "hearts", "diamonds", "clubs")
DEFAULT_NAME = "all four at once"  # the default Salad's name: "Salad (all four at once)"


def imported(client: FlaskClient) -> Links:
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(EXAMPLE.read_bytes()), "french-salad.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.text
    edit = response.headers["Location"]
    return Links(edit, edit)


def undo(client: FlaskClient, links: Links) -> None:
    version = form_version(client.get(links.edit).text)
    assert client.post(f"{links.edit}/undo", data={"version": version}).status_code == 303


def test_the_undo_notice_and_the_history_name_the_made_up_salad(client: FlaskClient) -> None:
    links = imported(client)
    page = text_of(client.get(links.edit).text)
    assert "Salad = ½ (No tricks + Hearts + Queens + Barbu + Last two)" in page  # the rules summary
    undo(client, links)  # the Dominoes
    undo(client, links)  # the Salad
    page = text_of(client.get(links.edit).text)
    assert "Deal 1 was undone (Salad, declared by Ann)." in page
    assert DEFAULT_NAME not in page
    response = client.post(f"{links.edit}/redo", data={"version": form_version(client.get(links.edit).text)})
    assert response.status_code == 303
    history = text_of(client.get(f"{links.edit}/history").text)
    assert "Deal 1 undone (it was Salad)." in history
    assert "Deal 1 put back (Salad)." in history
    assert DEFAULT_NAME not in history


def test_a_correction_of_the_salad_says_every_key_that_changed(client: FlaskClient) -> None:
    links = imported(client)
    edit = f"{links.edit}/deal/1/edit"
    data = {
        "version": form_version(client.get(edit).text),
        "contract": "salad",
        **{f"tricks_{seat}": n for seat, n in enumerate(("3", "3", "3", "4"))},
        **{f"hearts_{seat}": n for seat, n in enumerate(("1", "5", "7", "0"))},
        # Beth one queen, Cat two, Diana one, as in the file: the queens are asked card by card.
        **{f"queen_{suit}": seat for suit, seat in zip(SUITS, (BETH, CAT, CAT, DIANA), strict=True)},
        "king": BETH,
        "penultimate": ANN,
        "last": CAT,
    }
    response = client.post(edit, data=data)
    assert response.status_code == 303, response.text
    said = (
        "Deal 1 corrected: Ann's tricks 4 → 3; Diana's tricks 3 → 4; K♥: Cat → Beth;"
        " Trick 12: Beth → Ann; Trick 13: Diana → Cat."
    )
    notice = text_of(client.get(response.headers["Location"]).text)
    assert said in notice
    assert said in text_of(client.get(f"{links.edit}/history").text)
    # Trick 12 alone changed again: the notice says that and nothing else.
    data = {**data, "version": form_version(client.get(edit).text), "penultimate": DIANA}
    response = client.post(edit, data=data)
    assert response.status_code == 303, response.text
    notice = text_of(client.get(response.headers["Location"]).text)
    assert "Deal 1 corrected: Trick 12: Ann → Diana." in notice


def test_the_summary_names_the_made_up_salad(client: FlaskClient) -> None:
    links = imported(client)
    summary = text_of(client.get(f"{links.edit}/summary").text)
    assert "Points by contract" in summary and "Salad" in summary
    assert DEFAULT_NAME not in summary


def test_a_salad_sent_again_keeps_its_form_with_the_last_two_tricks(client: FlaskClient) -> None:
    links = imported(client)
    data = {"version": current_version(client, links), "contract": "salad", "king": CAT}
    response = client.post(links.entry, data=data)
    assert response.status_code == 422
    form = text_of(response.text)
    assert "Who took trick 12?" in form and "Who took trick 13, the last?" in form
