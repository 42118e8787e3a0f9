"""Fail when a string of the code or templates has no translation in some catalogue.

Usage: check_translations.py MESSAGES.POT TRANSLATIONS_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po

LANGUAGES = ("fa", "hr", "fr")


def main(pot_path: str, directory: str) -> int:
    with open(pot_path, "rb") as file:
        wanted = [m for m in read_po(file) if m.id]
    missing = 0
    for lang in LANGUAGES:
        po = Path(directory) / lang / "LC_MESSAGES" / "messages.po"
        if not po.exists():
            print(f"{lang}: no catalogue at {po}")
            missing += len(wanted)
            continue
        with po.open("rb") as file:
            catalog = read_po(file, locale=lang)
        for message in wanted:
            found = catalog.get(message.id, message.context)
            strings = found.string if found is not None else None
            texts = strings if isinstance(strings, (list, tuple)) else [strings]
            if found is None or found.fuzzy or not all(texts):
                missing += 1
                shown = message.id if isinstance(message.id, str) else message.id[0]
                print(f"{lang}: no translation for {shown!r}")
    if missing:
        print(f"{missing} missing translation(s); run scripts/translations.sh update and translate them.")
        return 1
    print(f"every one of {len(wanted)} strings is translated in {', '.join(LANGUAGES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
