"""Reading numbers and text as players type them on any phone keyboard."""

from __future__ import annotations

# Persian and Arabic-Indic digits, and the Unicode minus sign, as ASCII.
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩−", "01234567890123456789-")


def strip_text(value: object) -> object:
    """Trim surrounding white space from submitted text."""
    return value.strip() if isinstance(value, str) else value


def parse_int(text: str | None) -> int | None:
    """The whole number typed in `text`, None when blank; ValueError when not a number."""
    if text is None or not text.strip():
        return None
    cleaned = text.strip().translate(_DIGITS).replace("+", "", 1)
    if not cleaned.lstrip("-").isdigit() or cleaned.count("-") > 1 or "-" in cleaned[1:]:
        raise ValueError(text)
    return int(cleaned)
