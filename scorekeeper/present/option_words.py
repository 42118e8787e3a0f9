"""An option's words that count deals ("Three rubbers (21 deals)"), counted from the rules the
option makes: a new game kind, table size or deck never leaves a stale figure in a label."""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring import Flag, GameKind, Option, Rules

from .i18n import gettext, ngettext


def option_words(text: str, game: GameKind, players: int, **settings: object) -> str:
    """`text` in the reader's language, its `%(deals)s` the deals of `game` at `players` players
    with `settings` (the option's value) set."""
    if "%(deals)s" not in text:
        return str(gettext(text))
    deals = Rules.of(game, players, **settings).total_deals  # type: ignore[arg-type]
    return str(gettext(text, deals=ngettext("%(num)s deal", "%(num)s deals", deals)))


def option_hint(form: Any, option: Option) -> str | None:
    """An option's hint on a rules form; a tick box's counts the deals with it ticked."""
    if not option.hint:
        return None
    game, players = form.rules_table
    settings = {option.key: True} if isinstance(option, Flag) else {}
    return option_words(option.hint, game, players, **settings)
