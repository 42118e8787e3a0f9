"""The deal form's fields: lists with fixed names, messages on the field they concern, and every input
drawn with an id, a label and, when it is in error, `aria-describedby` naming the message."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict
from wtforms.utils import unset_value

from scorekeeper.scoring import BARBU, GameError, Problem, Rules
from scorekeeper.web.deals.fields import FixedList
from scorekeeper.web.deals.form import form_class
from scorekeeper.web.deals.problems import erring, keep_what_matters, put_problems
from tests.web.helpers import create_game, errors_after, hands, post_deal

DOMINOES = BARBU.contract("dominoes")
assert DOMINOES is not None


def _dominoes_form(app: Flask, posted: dict[str, str]) -> Any:
    with app.test_request_context("/", method="POST", data=posted):
        return form_class(DOMINOES, Rules.of())(formdata=MultiDict(posted))


def test_a_place_left_unticked_keeps_every_other_place_under_its_name(app: Flask) -> None:
    # A radio left unticked sends nothing: stock FieldList would make place_2 the first entry.
    form = _dominoes_form(app, {"place_2": "1", "place_3": "2", "place_4": "3"})
    places = form["order"]
    assert [entry.name for entry in places] == ["place_1", "place_2", "place_3", "place_4"]
    assert places.data == [None, 1, 2, 3]
    assert places["place_3"].data == 2


def test_a_place_left_unticked_goes_to_the_one_player_left(client: FlaskClient) -> None:
    links = create_game(client)
    form = {"contract": "dominoes", "rank": "8", "place_1": "2", "place_3": "0", "place_4": "3"}
    assert post_deal(client, links, form).status_code == 303
    assert hands(client, links)[0]["result"]["order"] == ["Cat", "Beth", "Ann", "Diana"]


def test_a_place_not_offered_is_refused_at_that_place(app: Flask) -> None:
    form = _dominoes_form(app, {"rank": "8", "place_1": "0", "place_2": "9", "place_4": "3"})
    with app.test_request_context("/"):
        assert not form.validate()
    assert [field.name for field in erring(form)] == ["place_2"]


def _tag(html: str, name: str, value: str | None = None) -> str:
    for tag in re.findall(r"<input\b[^>]*>", html):
        if f'name="{name}"' in tag and (value is None or f'value="{value}"' in tag):
            return tag
    raise AssertionError(f"no input {name} on the page")


def _described_by(tag: str) -> list[str]:
    found = re.search(r'aria-describedby="([^"]*)"', tag)
    return found.group(1).split() if found else []


def _message(html: str, id: str) -> str:
    found = re.search(rf'<p class="error"[^>]*\bid="{id}"[^>]*>(.*?)</p>', html, re.S)
    assert found, f"no message {id}"
    return found.group(1).strip()


def test_a_list_s_message_is_shown_after_it_and_named_by_each_of_its_inputs(client: FlaskClient) -> None:
    links = create_game(client)
    form = {"contract": "no-tricks", "tricks_0": "4", "tricks_1": "4", "tricks_2": "3", "tricks_3": "3"}
    html = post_deal(client, links, form).text
    assert errors_after(html, "tricks_3") == ["tricks add up to 14, not 13"]
    for seat in range(4):
        assert _described_by(_tag(html, f"tricks_{seat}")) == ["tricks-error-1"]
    assert _message(html, "tricks-error-1") == "tricks add up to 14, not 13"


def test_a_choice_s_message_is_named_by_its_chips_and_no_other_input(client: FlaskClient) -> None:
    links = create_game(client)
    form = {"contract": "no-hearts", "hearts_0": "0", "hearts_1": "3", "hearts_2": "8", "hearts_3": "2"}
    html = post_deal(client, links, form).text
    assert errors_after(html, "ace") == ["Who took the ace of hearts?"]
    for seat in range(4):
        assert _described_by(_tag(html, "ace", str(seat))) == ["ace-error-1"]
    assert _message(html, "ace-error-1") == "Who took the ace of hearts?"
    assert _described_by(_tag(html, "hearts_0")) == []
    assert _described_by(_tag(html, "dbl_1_0")) == []


def test_a_card_s_message_and_the_part_s_are_both_named(client: FlaskClient) -> None:
    links = create_game(client)
    form = {"contract": "no-queens", "queen_spades": "0", "queen_hearts": "1", "queen_diamonds": "2"}
    html = post_deal(client, links, form).text
    assert _described_by(_tag(html, "queen_clubs", "3")) == ["queen_clubs-error-1"]
    assert _message(html, "queen_clubs-error-1") == "Who took the queen of Clubs?"
    assert _described_by(_tag(html, "queen_spades", "0")) == []


def test_the_doubles_message_is_named_by_every_tick_box(client: FlaskClient) -> None:
    links = create_game(client)
    html = post_deal(client, links, {"contract": "barbu", "dbl_0_1": "y", "king": "1"}).text
    message = "Ann can only redouble players who doubled them, not Beth"
    assert _message(html, "doubles-error-1") == message
    for name in ("all_doubled", "dbl_1_0", "max_0"):
        assert _described_by(_tag(html, name)) == ["doubles-error-1"], name


@pytest.mark.parametrize("contract", ["no-tricks", "no-queens", "no-hearts", "trumps", "dominoes", "barbu"])
def test_every_input_has_an_id_and_a_label(client: FlaskClient, contract: str) -> None:
    links = create_game(client)
    html = client.get(f"{links.edit}/deal?contract={contract}").text
    form = html[html.index('<form method="post" class="deal-form"') : html.index("</form>")]
    shown = [t for t in re.findall(r"<(?:input|select)\b[^>]*>", form) if 'type="hidden"' not in t]
    assert shown
    ids = [re.search(r'\bid="([^"]+)"', tag) for tag in shown]
    assert all(ids), [t for t, i in zip(shown, ids, strict=True) if not i]
    names = [i.group(1) for i in ids if i]
    assert len(set(names)) == len(names)
    for id in names:
        wrapped = re.search(rf'<label\b[^>]*>\s*<input\b[^>]*\bid="{id}"', form)
        assert wrapped or f'for="{id}"' in form, id


def test_the_engine_s_problems_go_to_the_field_they_name(app: Flask) -> None:
    form = _dominoes_form(app, {})
    with app.test_request_context("/"):
        form.validate()
        error = GameError(
            [
                Problem("order", "order: list every player exactly once"),
                Problem("first_declarer", "not a field of this form"),
                Problem("rank", "a rank", deal=3),
            ]
        )
        put_problems(form, error, number=1)
    assert form["order"].errors == ["list every player exactly once"]
    assert form["result"].errors == ["not a field of this form"]
    assert form.form_errors == ["This makes deal 3 illegal: a rank"]


def test_a_stale_form_says_only_that_it_expired(app: Flask) -> None:
    form = _dominoes_form(app, {"rank": "8", "place_1": "0", "place_2": "9"})
    with app.test_request_context("/"):
        form.validate()
        form.version.errors = ["The version is missing."]
        keep_what_matters(form)
    assert erring(form) == []
    assert form.form_errors == ["The form expired or was not sent whole. Please save again."]


def test_a_field_refused_by_wtforms_keeps_its_own_message(app: Flask) -> None:
    form = _dominoes_form(app, {"rank": "8", "place_1": "0", "place_2": "9"})
    with app.test_request_context("/"):
        form.validate()
        keep_what_matters(form)
    assert [(field.name, field.errors) for field in erring(form)] == [
        ("place_2", ["Choose one of the choices shown."])
    ]
    assert form.form_errors == []


def test_counts_are_whole_numbers_shown_back_as_typed(app: Flask) -> None:
    posted = {"tricks_0": " ۴ ", "tricks_1": "−1", "tricks_2": "four", "tricks_3": ""}
    with app.test_request_context("/", method="POST", data=posted):
        form = form_class(BARBU.contract("no-tricks"), Rules.of())(formdata=MultiDict(posted))
        counts = form["tricks"]
        assert counts.data == [4, -1, None, None]
        assert [entry.unreadable for entry in counts] == [False, False, True, False]
        assert [entry._value() for entry in counts] == ["۴", "−1", "four", ""]


def _bound_one_by_one(self: Any, formdata: Any = None, data: Any = None, index: int | None = None) -> Any:
    """Stock WTForms' way of making a list's entry: the field bound anew under its name."""
    index = len(self.entries) if index is None else index
    name = self.name.removesuffix(self.short_name) + self.names[index]
    options = {"name": name, "id": name, "_meta": self.meta, "translations": self._translations}
    entry = self.meta.bind_field(self._form, self.unbound_field, options)
    entry.index, entry.short_name = index, self.names[index]
    entry.process(formdata, unset_value if data is None else data)
    self.entries.append(entry)
    return entry


def _entries(form: Any) -> dict[str, Any]:
    shared = ("_form", "meta", "_translations", "label")
    return {
        entry.name: (
            {k: repr(v) for k, v in vars(entry).items() if k not in shared},
            (entry.label.field_id, entry.label.text),
            str(entry()),
            entry.errors,
        )
        for field in form
        if isinstance(field, FixedList)
        for entry in field
    }


POSTED = {"dbl_0_1": "y", "max_2": "y", "tricks_0": "3", "tricks_1": "x", "place_1": "2", "place_2": "9"}


@pytest.mark.parametrize("posted", [None, POSTED], ids=["asked", "posted"])
def test_a_list_s_entries_are_the_fields_wtforms_would_bind(
    app: Flask, monkeypatch: pytest.MonkeyPatch, posted: dict[str, str] | None
) -> None:
    # The entries after the first are copies of it (binding each was half of building the form):
    # they must be what binding would have made, in what they hold, show and refuse.
    rules = Rules.of()
    for contract in rules.contracts:
        data = {**(posted or {}), "queen_hearts": "1", "contract": contract.id} if posted else None
        with app.test_request_context("/?lang=fa", method="POST" if data else "GET", data=data):
            form = form_class(contract, rules)()
            form.validate()
            with monkeypatch.context() as stock:
                stock.setattr(FixedList, "_add_entry", _bound_one_by_one)
                bound = form_class(contract, rules)()
                bound.validate()
            assert _entries(form) == _entries(bound), contract.id
