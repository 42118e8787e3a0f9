"""Lists a player reads are separated by their language's comma: Persian has its own (،)."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.present.i18n import reading_as
from scorekeeper.web.paper_check.words import either, row_list


@pytest.mark.parametrize(
    ("lang", "persian", "rows", "shown"),
    [
        ("en", False, (0, 4, 8), "1, 5, 9"),
        ("fr", False, (0, 4, 8), "1, 5, 9"),
        ("fa", False, (0, 4, 8), "1\u060c 5\u060c 9"),
        ("fa", True, (0, 4, 8), "۱\u060c ۵\u060c ۹"),
    ],
)
def test_row_lists_use_the_languages_comma(
    app: Flask, lang: str, persian: bool, rows: tuple[int, ...], shown: str
) -> None:
    with app.app_context(), reading_as(lang, persian):
        assert row_list(rows) == shown


def test_a_persian_choice_of_three_uses_the_persian_comma(app: Flask) -> None:
    with app.app_context(), reading_as("fa", False):
        text = either(["a", "b", "c"])
    assert "a\u060c b" in text and ", " not in text
