"""Markers for words a player reads, so the catalogue tools find them where they are defined.

The engine speaks English; the web layer translates the marked strings with the
same catalogue. `C_` gives a word a context, for words that mean two things
("Hearts" the suit and "Hearts" the contract).
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark `message` for translation where it is defined, not where it is used."""
    return message


def C_(context: str, message: str) -> str:
    """Mark `message` for translation in `context` (translated with pgettext)."""
    return message
