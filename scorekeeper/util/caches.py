"""Every cache this process keeps in memory, in one place: what it keys on, why it can never hand
out a stale value, and how large it may grow. A test checks that this list and the code agree.

The app runs as several workers on several machines, on one database, through restores and
deploys. A value kept in one worker's memory is right only if nothing any other worker, machine,
restore or deploy does can make it wrong. The rules every cache here keeps:

- Key by values that never repeat. A game's state is named by its stamp (its version and the
  random epoch drawn with it, see `store`), never by the bare version, which a restore gives
  back, nor by a row id, which a restore hands out again to another game. A group's state is a
  hash of its games' stamps and epochs (`groups.state`). Links (tokens) are 192 random bits, and
  caches name a link by its SHA-256 hash, as the database does (see `links`).
- What a key names never changes, so a value found under it is right on every worker, whichever
  worker made it. A restored state is a state that existed, under the stamp it had.
- Keep no ORM object past its request (they belong to one request's session): group pages keep
  `groups.GameInfo` copies of the rows.
- A new code revision starts new processes (gunicorn starts new workers), which start with empty
  caches; what is kept outside the process (rendered PDFs in the database) is keyed by
  `revision.REVISION` instead.
- Everything is bounded: a `Memo` by its size, the functools caches by their key space or size.
- The two short-lived caches (`stamps.STAMPS`, `group_state.STATES`) keep what the database said for
  half a second, not what it will say: a change or a restore on another machine shows one poll
  later; the stamp they hold still names the state it was read for.

Dropped: the group page's cache of folded games and names by group state (`web.groups.figures.GAMES`),
which kept ORM rows. It spared one `groups.games` (1.5 to 6 ms for 30 tables, bench/caches.py)
only when the page's figures and its live part were made for the same new state in the same
worker; the phones that follow a night make only the live part, once per state (NIGHTS). What
every other cache here saves, made again against found: bench/caches.py.
"""

from __future__ import annotations

from dataclasses import dataclass

STAMP = "a game's stamp (version and epoch): one state for good, also across a restore"
GROUP = "the group's edit link hash and state (a hash of its games' versions and epochs, its merges)"
CODE = "values of the code itself (game kinds, contracts, forms): a new revision is a new process"


@dataclass(frozen=True)
class Cache:
    """One cache in process memory."""

    name: str
    """Where it lives: module.NAME, or module.function for a functools cache."""
    key: str
    holds: str
    safe: str
    """Why it cannot be stale across workers, machines, restores and deploys."""
    bound: str


CACHES = (
    Cache(
        "scorekeeper.storage.versions.FOLDED",
        "(edit link hash, stamp)",
        "the folded, checked game",
        STAMP,
        "Memo(512)",
    ),
    Cache(
        "scorekeeper.storage.stamps.STAMPS",
        "a game link's hash, with the kind of link it is",
        "the game's stamp and when to ask again",
        "half a second old at most; the stamp still names the state it was read for",
        "Memo(4096)",
    ),
    Cache(
        "scorekeeper.web.games.page.VIEWS",
        "(edit link hash, stamp)",
        "the sheet's layout (SheetView)",
        STAMP,
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.games.page.SHEETS",
        "(edit link hash, stamp, link kind, language, digits, width)",
        "the sheet's HTML",
        STAMP + "; the words are the code's",
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.games.page.FRAGMENTS",
        '("game", view link hash, stamp, language, digits, width, the address links start with)',
        "the read-only live fragment, which the read-only page also holds",
        STAMP + "; carries no form, so no one-time id or CSRF token",
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.games.page.EDIT_PARTS",
        '("edit", edit link hash, stamp, language, digits, width, the address links start with)',
        "the edit link's live part, with marks for its buttons' one-time ids and CSRF token",
        STAMP + "; each request fills in new one-time ids and its own session's token, so the "
        "part holds nothing of the request that made it; a notice or ?corrected= is never kept",
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.common.assets.ENCODED",
        "the fragment's key (a game's above, or a group's) and the encoding",
        "the fragment compressed with br or gzip",
        "its key names what was compressed, which never changes",
        "Memo(512)",
    ),
    Cache(
        "scorekeeper.storage.group_state.STATES",
        "a group link's hash, with the kind of link it is",
        "the group's state and when to ask again",
        "half a second old at most; the state names what it was read for",
        "Memo(4096)",
    ),
    Cache(
        "scorekeeper.present.group_stats.STATS",
        "(edit link hash, stamp)",
        "one game's figures by contract and role",
        STAMP,
        "Memo(1024)",
    ),
    Cache(
        "scorekeeper.web.groups.figures.FIGURES",
        "(group's edit link hash, state, dates chosen)",
        "leaderboards, records and games of the group (copies of rows, no ORM object)",
        GROUP,
        "Memo(128)",
    ),
    Cache(
        "scorekeeper.web.groups.figures.NIGHTS",
        "(group's edit link hash, state)",
        "tonight's tables and ranking (copies of rows); the state includes the hour",
        GROUP,
        "Memo(128)",
    ),
    Cache(
        "scorekeeper.web.groups.figures._LOCKS",
        "what is being made: a group's edit link hash, or its live part",
        "a lock, so that one request of a worker makes a new state while the others wait",
        "holds no value, only who is working",
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.groups.views.FRAGMENTS",
        "(group's edit link hash, state, link kind, language, digits)",
        "the group's live part",
        GROUP + "; carries no form",
        "Memo(256)",
    ),
    Cache(
        "scorekeeper.web.groups.charts.CHARTS",
        "(group's edit link hash, state, dates chosen, language, digits)",
        "the group page's SVG charts",
        GROUP,
        "Memo(128)",
    ),
    Cache(
        "scorekeeper.storage.limits._upsert_statement",
        "a database dialect's name",
        "the rate limit's upsert statement, its values left as parameters",
        "a statement with no data in it: what it counts is passed at each call",
        "one per dialect (two)",
    ),
    Cache(
        "scorekeeper.web.common.wtforms_messages.catalogue",
        "a language",
        "WTForms' own message catalogue in that language",
        "the catalogue is a file of the installed WTForms, which changes only with a new process",
        "one per language (four)",
    ),
    Cache(
        "scorekeeper.web.common.wtforms_messages._messages",
        "a language's catalogues, ours and WTForms' (or none)",
        "the object a form asks for WTForms' messages, bound to those catalogues",
        "it holds the kept catalogues (the code's words) and nothing of a request",
        "lru_cache(64): one per language and app (four in a server; a test run builds many apps)",
    ),
    Cache(
        "scorekeeper.web.common.assets.lean",
        "a static file's path",
        "the file's bytes as sent: a script or stylesheet without its comments and indentation",
        "static files change only with a new revision, which is a new process",
        "one per static file asked for",
    ),
    Cache(
        "scorekeeper.web.common.assets.packed",
        "a static file's path and an encoding (br or gzip)",
        "the file's bytes compressed at the tightest level",
        "static files change only with a new revision, which is a new process",
        "two per static file asked for",
    ),
    Cache(
        "scorekeeper.web.common.assets.fingerprint",
        "a static file's path",
        "a hash of the file's bytes, for its versioned address",
        "static files change only with a new revision, which is a new process",
        "one per static file a template names",
    ),
    Cache(
        "scorekeeper.scoring.seating.plan",
        "(rules, first declarer)",
        "who declares, deals and cuts each deal",
        "a pure function of its key",
        "lru_cache(256): custom rules come from what players typed",
    ),
    Cache(
        "scorekeeper.scoring.salad.salad",
        "a Salad's make-up, its parts in a fixed order",
        "the Salad contract of that make-up (one object per make-up, so that it compares as itself)",
        "a pure function of its key",
        "252 make-ups: 63 sets of parts × halved or not × penalty or reward",
    ),
    Cache(
        "scorekeeper.web.deals.form._form_class",
        "(contract, players, doubling, ranks)",
        "the deal form's class",
        CODE,
        "contracts (with up to 252 made-up Salads) × table sizes × 2 × decks",
    ),
    Cache(
        "scorekeeper.web.common.rules_form.rules_form",
        "(game kind, players)",
        "the rules form's class (the new-game and paper-check screens')",
        CODE,
        "game kinds × table sizes",
    ),
    Cache(
        "scorekeeper.web.common.rules_form.new_game_form",
        "(game kind, players)",
        "the new-game form's class",
        CODE,
        "game kinds × table sizes",
    ),
    Cache(
        "scorekeeper.web.paper_check.forms.setup_form",
        "(game kind, players)",
        "the paper check's setup form class",
        CODE,
        "game kinds × table sizes",
    ),
    Cache(
        "scorekeeper.web.common.sheet_options.sheet_options",
        "(game kind, players)",
        "the rule options that shape a sheet",
        CODE,
        "game kinds × table sizes",
    ),
    Cache(
        "scorekeeper.web.printing.blank.blank_form",
        "game kind",
        "the blank sheet's form class",
        CODE,
        "game kinds",
    ),
    Cache(
        "scorekeeper.web.paper_check.forms.grid_form",
        "the sheet's rules",
        "the paper check's grid form class",
        "a pure function of its key",
        "lru_cache(64): custom points come from what players typed",
    ),
    Cache(
        "scorekeeper.evening.tables._split",
        "(head count, table sizes allowed)",
        "the sizes of an evening's tables",
        "a pure function of its key",
        "lru_cache(256)",
    ),
)
"""Also in memory, and not caches of the database: the code revision (`revision.REVISION`, worked
out at start), the background renders' timers (`web.printing.prerender`, one per game being saved,
dropped when they fire), the render process and slots (`web.printing.render`, `web.printing.slots`), the
next prune time (`storage.pruning`), the translations and compiled templates Flask-Babel and Jinja
load from the code, and per-request memos kept in `flask.g` (`present.i18n`, `present.vocabulary`)."""
