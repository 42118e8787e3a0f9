"""Filled sheets rendered in the background after the last save of a burst, so that whoever asks
for the PDF gets it at once instead of waiting for WeasyPrint.

A save (re)starts a short timer for its game; when a burst of saves is over the timer fires and, if
the game is still at the version it was set for, the one sheet last asked for the game (its paper,
orientation, language and digits, kept in the database by `cache.remember_asked`, so whichever
server the asking went to) is rendered for the new state, in an app context with that language
forced (`i18n.reading_as`, Flask-Babel's `force_locale`). A game nobody printed yet gets no sheet,
but its grid (`framed`: the table's lines and names, the most of a render, the same for every deal)
is drawn and kept once, for an A4 portrait sheet in the saver's language and digits, so that
whoever asks for the sheet as the game ends waits only for the deals to be written in. The sheet
goes to the shared cache. No request waits for it: under gevent (as `make run` serves) the timer is
a greenlet and the render runs in the worker's render process; elsewhere it is a thread. Several
workers may each set a timer; the first to fire renders, the others find the sheet cached. Timers
live in the worker that set them: a restart loses at most one pre-render, and the sheet is then
rendered when asked for, as before.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask, current_app

from scorekeeper.present.i18n import persian_digits, reading_as
from scorekeeper.storage import db, links, store
from scorekeeper.storage.store import StoredGame

from . import cache
from .filled import ORIENTATIONS, PAPERS, prepare_grid, render_filled

_timers: dict[str, Any] = {}
_lock = threading.Lock()


def prerender_sheet(stored: StoredGame, version: int) -> None:
    """After a save, have the game's sheet rendered once the burst of saves is over."""
    from flask_babel import get_locale

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    schedule(app, stored.token, version, (str(get_locale()), persian_digits()))


def schedule(app: Flask, token: str, version: int, reader: tuple[str, bool] | None = None) -> None:
    """Render the game's sheet once no save came for PRERENDER_DELAY seconds."""
    delay = float(app.config.get("PRERENDER_DELAY") or 0)
    if delay <= 0:
        return
    key = links.digest(token)  # the game's edit link, held only until the timer fires
    with _lock:
        old = _timers.pop(key, None)
        if old is not None:
            old.cancel() if hasattr(old, "cancel") else old.kill(block=False)
        _timers[key] = _start(delay, _run, app, token, version, reader)


def _start(delay: float, work: Any, *args: Any) -> Any:
    try:
        from gevent import monkey, spawn_later

        if monkey.is_module_patched("socket"):
            return spawn_later(delay, work, *args)
    except ImportError:  # pragma: no cover - gevent is a dependency
        pass
    timer = threading.Timer(delay, work, args)
    timer.daemon = True
    timer.start()
    return timer


def _run(app: Flask, token: str, version: int, reader: tuple[str, bool] | None = None) -> None:
    with _lock:
        _timers.pop(links.digest(token), None)
    try:
        with app.app_context():
            stored = store.find(token)
            if stored is None or stored.version != version:
                return  # a later save set its own timer
            asked = cache.last_asked(stored.row)
            if asked is None and reader is not None:  # nobody printed this game yet
                with reading_as(*reader):
                    prepare_grid(stored, "a4", "portrait")
                return
            if asked is None or asked.paper not in PAPERS:
                return
            orientation = asked.orientation if asked.orientation in ORIENTATIONS else "portrait"
            # The reader's language and digits as the asking request had them, forced for this
            # render: no request is made up for it.
            with reading_as(asked.lang, asked.persian):
                render_filled(stored, asked.paper, orientation)
    except Exception:
        app.logger.exception("pre-rendering the sheet of a game failed")
    finally:
        with app.app_context():
            db.close_session()
