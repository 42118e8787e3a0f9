"""Money as the player's language writes it: a stake, a payment, in the currency's own decimals."""

from __future__ import annotations

import re
from decimal import Decimal

from babel import Locale
from babel.numbers import format_currency

from scorekeeper.scoring.settle import minor_unit

from .i18n import digits, locale, persian_digits


def money(amount: Decimal, currency: str, exact: bool = False) -> str:
    """`amount` in `currency` as the player's language writes money, with the currency's own
    number of decimals (ISO 4217, which Babel's tables do not always follow); `exact` keeps
    any further digits (a stake of half a cent)."""
    where = Locale.parse(locale())
    places = minor_unit(currency)
    pattern = re.sub(
        r"\.0+", "." + "0" * places if places else "", where.currency_formats["standard"].pattern
    )
    return digits(
        format_currency(
            amount,
            currency,
            format=pattern,
            locale=where,
            currency_digits=False,
            decimal_quantization=not exact,
            numbering_system=numbering(),
        )
    )


def numbering() -> str:
    """Persian digits come with Persian separators (٬ and ٫), not a Latin comma and point (Babel
    gives the separators; `digits` the digits)."""
    return "arabext" if persian_digits() else "latn"
