"""Set one message's translation in the catalogues: set_translation.py MSGID fa=... hr=... fr=...

For the odd string added by hand; whole batches are translated in the .po files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"


def main(msgid: str, *pairs: str) -> int:
    for pair in pairs:
        lang, _, text = pair.partition("=")
        path = ROOT / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang)
        message = catalog.get(msgid)
        if message is None:
            print(f"{lang}: no message {msgid!r}; run scripts/translations.sh update first")
            return 1
        message.string = text
        message.flags.discard("fuzzy")
        with path.open("wb") as file:
            write_po(file, catalog, width=76)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
