"""The deal form's WTForms messages come from a catalogue loaded once, and say what Flask-WTF's say."""

from __future__ import annotations

import pytest
from flask import Flask
from flask_wtf.i18n import translations as flask_wtf_translations

from scorekeeper.web.common.forms import DealForm

MESSAGES = ["Not a valid choice.", "The CSRF token is missing.", "This field is required."]


@pytest.mark.parametrize("lang", ["en", "fa", "hr", "fr"])
def test_the_kept_catalogue_says_what_flask_wtf_says(app: Flask, lang: str) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
        form = DealForm()
        ours = form.meta.get_translations(form)
        for message in MESSAGES:
            assert ours.gettext(message) == flask_wtf_translations.gettext(message), (lang, message)
        assert ours.ngettext("a", "b", 2) == flask_wtf_translations.ngettext("a", "b", 2)
    if lang == "fr":  # a language WTForms translates: the messages are not left in English
        with app.test_request_context("/", headers={"Cookie": "lang=fr"}):
            form = DealForm()
            assert form.meta.get_translations(form).gettext("Not a valid choice.") != "Not a valid choice."
