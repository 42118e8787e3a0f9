"""WTForms' and Flask-WTF's own messages reach the reader in their language, on every form.

WTForms has no Croatian catalogue and Flask-WTF writes its CSRF messages in English only: our four
catalogues carry them, and every form of the app derives from `common.forms.Form`, which reads them.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectChoice, SelectField, SelectMultipleField, StringField
from wtforms.validators import DataRequired, Length, NumberRange

import scorekeeper.web as web
from scorekeeper.storage.models import GameRow
from scorekeeper.web.common.forms import Form
from tests.web.helpers import count_rows, errors_after

LANGUAGES = ["en", "fa", "hr", "fr"]

# What a reader of each language sees for a choice not offered (a tampered post or link).
NOT_OFFERED = {
    "en": "Not a valid choice.",
    "fa": "این گزینه در میان گزینه‌ها نیست.",
    "hr": "Taj izbor nije ponuđen.",
    "fr": "Ce choix n’est pas proposé.",
}


def _forms() -> list[type]:
    found, todo = [], list(FlaskForm.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.startswith("scorekeeper.")]


def test_every_form_of_the_app_reads_our_catalogues(app: Flask) -> None:
    assert web  # every blueprint's forms are imported by the app
    forms = _forms()
    assert len(forms) > 10
    strays = [f"{cls.__module__}.{cls.__qualname__}" for cls in forms if not issubclass(cls, Form)]
    assert strays == []


class Probe(Form):
    choice = SelectField(choices=["a", "b"])
    count = IntegerField(validators=[NumberRange(1, 9)])
    text = StringField(validators=[Length(min=2)])
    needed = StringField(validators=[DataRequired()])
    many = SelectMultipleField(choices=[SelectChoice(1, "one")], coerce=int)


PROBED = {
    "choice": "Not a valid choice.",
    "count": "Number must be between %(min)s and %(max)s.",
    "text": "Field must be at least %(min)d character long.",
    "needed": "This field is required.",
    "many": "Invalid choice(s): one or more data inputs could not be coerced.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wtforms_messages_come_from_our_catalogue(app: Flask, lang: str) -> None:
    data = {"choice": "z", "count": "12", "text": "x", "needed": "", "many": "nine"}
    with app.test_request_context("/", method="POST", data=data, headers={"Cookie": f"lang={lang}"}):
        form = Probe(meta={"csrf": False})
        assert not form.validate()
        errors = {name: messages[0] for name, messages in form.errors.items()}
    assert set(errors) == set(PROBED)
    assert errors["choice"] == NOT_OFFERED[lang]
    if lang == "en":
        assert errors["count"] == "Number must be between 1 and 9."
        assert errors["text"] == "Field must be at least 2 characters long."
    else:  # none left in English, and the numbers filled in
        filled = {"Number must be between 1 and 9.", "Field must be at least 2 characters long."}
        english = filled | set(PROBED.values())
        assert not set(errors.values()) & english, errors
        assert "1" in errors["count"] and "9" in errors["count"] and "2" in errors["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_csrf_refusal_is_in_the_readers_language(make_app: object, lang: str) -> None:
    app = make_app(WTF_CSRF_ENABLED=True, WTF_CSRF_CHECK_DEFAULT=False)  # type: ignore[operator]
    with app.test_request_context("/", method="POST", data={}, headers={"Cookie": f"lang={lang}"}):
        form = Form()
        assert not form.validate()
        [message] = form.errors["csrf_token"]
    expected = {
        "en": "The CSRF token is missing.",
        "fa": "نشانهٔ امنیتی (CSRF) فرم وجود ندارد.",
        "hr": "Nedostaje sigurnosni token (CSRF) obrasca.",
        "fr": "Le jeton de sécurité (CSRF) du formulaire manque.",
    }
    assert message == expected[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_screen_refuses_a_choice_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    page = client.post("/new", data={"scheme": "standard", "doubling": "sideways", "action": "check"}).text
    assert errors_after(page, "doubling") == [NOT_OFFERED[lang]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_paper_check_refuses_a_choice_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    response = client.get("/check/sheet?game=barbu&first_declarer=9&rotation=sideways")
    assert response.status_code == 422
    assert errors_after(response.text, "first_declarer") == [NOT_OFFERED[lang]]
    assert errors_after(response.text, "rotation") == [NOT_OFFERED[lang]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_first_declarer_not_at_the_table_is_refused(app: Flask, client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    data = {"player_0": "Ann", "player_1": "Beth", "player_2": "Cat", "player_3": "Diana"}
    response = client.post("/new", data={**data, "scheme": "standard", "first_declarer": "7"})
    assert response.status_code == 200  # the form again, as for any refusal on this screen
    assert errors_after(response.text, "first_declarer") == [NOT_OFFERED[lang]]
    assert count_rows(app, GameRow) == 0
