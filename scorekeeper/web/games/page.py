"""The game page and its live part as rendered: the sheet view and its HTML, and the whole live
fragment of the read-only link, each made once per state, language and digits."""

from __future__ import annotations

import re

from flask import Response, current_app, render_template, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper.present.i18n import locale, persian_digits
from scorekeeper.present.sheet_view import SheetView, sheet_view
from scorekeeper.storage import links, store
from scorekeeper.storage.models import ChangeRow
from scorekeeper.util.memo import Memo
from scorekeeper.web.common.assets import compressed_once
from scorekeeper.web.common.forms import EmptyForm, new_submission_id
from scorekeeper.web.common.live import page_etag
from scorekeeper.web.common.share import public_base

from .history import changes, sitting


def fresh_form(stamp: str, submission: str | None = None) -> EmptyForm:
    """A button form for the state shown, even when the request posted an older one."""
    form = EmptyForm()
    form.version.data = stamp
    form.submission.data = submission or new_submission_id()
    return form


# Rendered once per state (stamp), language and digits, whoever asks: fifty phones following one game
# get the same sheet (and, on the read-only link, the same whole live fragment) without fifty renders.
VIEWS: Memo[tuple[str, str], SheetView] = Memo(256)

SHEETS: Memo[tuple[object, ...], Markup] = Memo(256)

FRAGMENTS: Memo[tuple[object, ...], str] = Memo(256)


# A run of white space that holds a line break shows as one space whatever its length, and nothing
# on the game page keeps white space as typed (no <pre>, no <textarea>, no multi-line attribute):
# the templates' indentation is a sixth of the sheet's compressed bytes, sent for nothing.
LINE_BREAK = re.compile(r"\s*\n\s*")


def tight(html: str) -> str:
    """`html` with each run of white space around a line break made one line break."""
    return LINE_BREAK.sub("\n", html)


def view_of(stored: store.StoredGame) -> SheetView:
    """The game's sheet view, laid out once per state."""
    key = (stored.row.edit_hash, stored.stamp)
    return VIEWS.get(key) or VIEWS.put(key, sheet_view(stored.game))


def sheet_html(stored: store.StoredGame, view: SheetView, full: bool) -> Markup:
    """The scoresheet's HTML, rendered once per state, link kind, language, digits and width."""
    key = (stored.row.edit_hash, stored.stamp, stored.editable, locale(), persian_digits(), full)
    found = SHEETS.get(key)
    if found is None:
        html = render_template("games/_sheet.html", stored=stored, view=view, full_sheet=full)
        found = SHEETS.put(key, Markup(tight(html)))
    return found


def render_page(
    stored: store.StoredGame, template: str, notice: str | None = None, status: int = 200
) -> Response:
    etag = page_etag("g" if stored.editable else "v", stored.stamp)
    full = request.args.get("sheet") == "full"
    shared = not stored.editable and notice is None
    if shared and template == "games/_live.html":
        key = fragment_key(stored.row.view_hash, stored.stamp)
        response = compressed_once(_live_fragment(stored, key, full), key)
    elif shared:
        # The read-only page holds the same live fragment its polls are answered with: rendered
        # once per state, language and digits, whichever of the two asks first. The page is the
        # same for every phone too (no form, no token of the asker's), so it is compressed once
        # per state, at brotli 10: 9 ms once, for a tenth fewer bytes to every phone that opens it.
        key = fragment_key(stored.row.view_hash, stored.stamp)

        def page() -> str:
            return _render(stored, template, notice, full, Markup(_live_fragment(stored, key, full)))

        response = compressed_once(page, ("page", template, *key), level=PAGE_BR_LEVEL)
        response.status_code = status
    elif notice is None and "corrected" not in request.args:
        live = Markup(edit_live_part(stored, full))
        body = live if template == "games/_live.html" else _render(stored, template, None, full, live)
        response = Response(body, status=status)
    else:
        response = Response(_render(stored, template, notice, full), status=status)
    response.set_etag(etag, weak=True)
    return response


PAGE_BR_LEVEL = 10


def fragment_key(view_hash: str, stamp: str) -> tuple[object, ...]:
    """What the read-only live fragment depends on: every phone with the same key gets the same.
    The links to copy in it start with the address the page was asked at (`share.public_base`)."""
    full = request.args.get("sheet") == "full"
    return ("game", view_hash, stamp, locale(), persian_digits(), full, public_base())


def shared_fragment(token: str, stamp: str) -> Response | None:
    """The read-only live fragment of this state if already rendered: no query, no render."""
    key = fragment_key(links.digest(token), stamp)
    body = FRAGMENTS.get(key)
    return None if body is None else compressed_once(body, key)


# The edit link's live part, rendered once per state as the read-only one is, but with marks where
# each request's own values go: its buttons' one-time ids and the CSRF token of the asker's session.
EDIT_PARTS: Memo[tuple[object, ...], str] = Memo(256)
CSRF_MARK, FORM_MARK, AGAIN_MARK = "csrf-mark-5d0e1c", "submission-mark-8a4f2b", "submission-mark-c93e70"


def edit_live_part(stored: store.StoredGame, full: bool) -> str:
    """The edit link's live part as a render of its own would make it for this request."""
    key = ("edit", stored.row.edit_hash, stored.stamp, locale(), persian_digits(), full, public_base())
    # Asked on every request, as building the buttons' forms did: it puts the token in the session.
    token = generate_csrf() if current_app.config.get("WTF_CSRF_ENABLED", True) else None
    marked = EDIT_PARTS.get(key)
    if marked is None:
        forms = (fresh_form(stored.stamp, FORM_MARK), fresh_form(stored.stamp, AGAIN_MARK))
        html = tight(_render(stored, "games/_live.html", None, full, forms=forms))
        marked = EDIT_PARTS.put(key, html.replace(token, CSRF_MARK) if token else html)
    filled = marked.replace(FORM_MARK, new_submission_id()).replace(AGAIN_MARK, new_submission_id())
    return filled.replace(CSRF_MARK, token) if token else filled


def _live_fragment(stored: store.StoredGame, key: tuple[object, ...], full: bool) -> str:
    found = FRAGMENTS.get(key)
    return found or FRAGMENTS.put(key, tight(_render(stored, "games/_live.html", None, full)))


def _render(
    stored: store.StoredGame,
    template: str,
    notice: str | None,
    full: bool,
    live: Markup | None = None,
    forms: tuple[EmptyForm, EmptyForm] | None = None,
) -> str:
    """`template` with what it shows; `live`: the live part, already made (nothing of it is worked
    out again); `forms`: the edit link's buttons, else new ones (none on the read-only link)."""
    if live is None and stored.editable and forms is None:
        forms = (fresh_form(stored.stamp), fresh_form(stored.stamp))
    undone = undone_change(stored) if stored.editable and live is None else None
    undone_contract = undone_declarer = None
    if undone is not None and undone.before is not None and undone.position is not None:
        undone_contract = stored.game.rules.contract(str(undone.before["contract"]))
        undone_declarer = stored.game.plan.declarers[undone.position]
    view = view_of(stored)
    return render_template(
        template,
        stored=stored,
        view=view,
        sheet_html=sheet_html(stored, view, full),
        turn=stored.game.next_turn(),
        form=forms[0] if forms else None,
        again=forms[1] if forms else None,
        live_html=live,
        notice=notice,
        etag=page_etag("g" if stored.editable else "v", stored.stamp),
        undone=undone if undone_contract is not None else None,
        full_sheet=full,
        undone_contract=undone_contract,
        undone_declarer=undone_declarer,
        corrected=_corrected(stored) if stored.editable else None,
    )


def _corrected(stored: store.StoredGame) -> tuple[int, list[Markup]] | None:
    """The correction the page was opened after (?corrected=N), in words: the deal's number and
    what changed, while it is still the game's last change."""
    wanted = request.args.get("corrected", "")
    if not wanted.isdecimal() or len(wanted) > 3:
        return None
    last = store.last_change(stored.row)
    if (
        last is None
        or last.kind != "edit"
        or last.version != stored.version
        or last.position != int(wanted) - 1
    ):
        return None
    if last.before is None or last.after is None:
        return None
    sat = sitting(stored.game, last.position)
    return int(wanted), changes(last.before, last.after, stored.game.rules, sat)


def undone_change(stored: store.StoredGame) -> ChangeRow | None:
    """The last change, when it undid a deal and nothing changed since: it can be put back."""
    last = store.last_change(stored.row)
    return last if last is not None and last.kind == "undo" and last.version == stored.version else None
