"""An evening's points, to one decimal place, in every language and both digit settings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from flask import Flask

from scorekeeper.present.i18n import LRI, PDI, reading_as, tenths


@pytest.mark.parametrize(
    ("lang", "persian", "value", "shown"),
    [
        ("en", False, 20.0, "20.0"),
        ("fr", False, Fraction(9, 4), "2.2"),
        ("hr", False, -3.5, "−3.5"),
        ("en", False, -0.01, "0.0"),
        ("fa", False, 20.0, "20.0"),
        ("fa", True, 20.0, "۲۰٫۰"),
        ("fa", True, 7.5, "۷٫۵"),
        ("fa", True, -3.5, f"{LRI}−۳٫۵{PDI}"),
        ("fa", False, -3.5, f"{LRI}−3.5{PDI}"),
    ],
)
def test_tenths(app: Flask, lang: str, persian: bool, value: float, shown: str) -> None:
    with app.app_context(), reading_as(lang, persian):
        assert tenths(value) == shown
