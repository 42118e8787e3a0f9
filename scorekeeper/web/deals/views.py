"""Entering a deal and correcting an earlier one."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.present.sheet_view import sheet_view
from scorekeeper.scoring import Contract, Doubling, Game, GameError, doubling_order, targets
from scorekeeper.scoring.doubles import only_declarer_doubled
from scorekeeper.storage import evening_stops, organiser, store
from scorekeeper.storage.store import StoredGame
from scorekeeper.web.changes import Change, write
from scorekeeper.web.common.forms import DealForm
from scorekeeper.web.common.lookup import game_or_404
from scorekeeper.web.common.organiser import as_organiser

from .form import entry_detail, fill_form, form_class
from .problems import erring, keep_what_matters, put_problems, refused
from .reading import Invalid, read_deal

bp = Blueprint("deals", __name__)


def _contract(value: str | None, allowed: tuple[Contract, ...]) -> Contract | None:
    return next((c for c in allowed if c.id == value), None)


def _chosen(allowed: tuple[Contract, ...], game: Game) -> Contract | None:
    """The contract asked for: a switch on the form, the posted one, or the link's."""
    wanted = request.form.get("choose") or request.values.get("contract")
    contract = _contract(wanted, allowed)
    if contract is None and request.method == "POST" and "choose" not in request.form:
        # Keep a posted entry even if its contract is no longer free (another phone took it):
        # the engine's message says so next to the contract.
        posted = request.form.get("contract")
        contract = game.rules.contract(posted) if posted else None
    return contract


@bp.route("/g/<token>/deal", methods=["GET", "POST"])
def add(token: str) -> ResponseReturnValue:
    """Enter the next deal."""
    stored = game_or_404(token, "g")
    turn = stored.game.next_turn()
    # A table ended at its fair stop takes no more deals: its page says where it stopped.
    if turn is None or evening_stops.stopped_after(stored.row) is not None:
        return redirect(url_for("games.page", kind="g", token=token), 303)
    contract = _chosen(turn.contracts_left, stored.game)
    form = _form(contract, stored)
    if request.method == "GET" and form is not None:
        for seat in turn.forced:
            form["doubles"][f"dbl_{seat}_{turn.roles.declarer}"].data = True
    saved = _saved(stored.game, request.args.get("contract")) if contract is None else None
    return _entry(stored, form, contract, len(stored.game.deals), turn.contracts_left, "add", saved)


def _saved(game: Game, wanted: str | None) -> int | None:
    """The number of the deal just saved, when this form was asked for its contract (as going back
    after saving does): the page says it is saved rather than offering the contracts as if not."""
    last = game.deals[-1] if game.deals else None
    return len(game.deals) if request.method == "GET" and last and last.contract.id == wanted else None


@bp.route("/g/<token>/deal/<int:number>/edit", methods=["GET", "POST"])
def edit(token: str, number: int) -> ResponseReturnValue:
    """Correct deal `number`, checked against every later deal."""
    stored = game_or_404(token, "g")
    index = number - 1
    if not 0 <= index < len(stored.game.deals):
        abort(404)
    current = stored.game.deals[index]
    turn = stored.game.turn(index)
    allowed = turn.contracts_left if current.contract in turn.contracts_left else (current.contract,)
    contract = _chosen(allowed, stored.game) or current.contract
    form = _form(contract, stored)
    if request.method == "GET" and form is not None and contract == current.contract:
        fill_form(form, current, turn.roles.declarer, stored.game.rules, stored.detail(index))
    return _entry(stored, form, contract, index, allowed, "edit")


def _form(contract: Contract | None, stored: StoredGame) -> DealForm | None:
    if contract is None:
        return None
    form = form_class(contract, stored.game.rules)()
    # The contract shown, whatever was posted: a switch posts the one it leaves.
    form.contract.data = contract.id
    if request.method == "GET":
        form.version.data = stored.stamp
    return form


def _offered(game: Game, declarer: int, contract: Contract | None) -> dict[int, list[int]]:
    """Whom each player may be offered to double; the declarer is offered everyone, and the
    page (or the server, without JavaScript) keeps only those who doubled them."""
    n = len(game.players)
    if contract is None or game.rules.doubling is Doubling.NONE:
        return {p: [] for p in range(n)}
    offered = {p: sorted(targets(p, declarer, contract, game.rules, ())) for p in range(n) if p != declarer}
    offered[declarer] = [p for p in range(n) if p != declarer]
    return offered


def _entry(
    stored: StoredGame,
    form: DealForm | None,
    contract: Contract | None,
    index: int,
    allowed: tuple[Contract, ...],
    kind: str,
    saved: int | None = None,
) -> ResponseReturnValue:
    game = stored.game
    turn = game.turn(index)
    changed = locked = False
    switching = "choose" in request.form
    if form is not None and contract is not None and not switching and form.validate_on_submit():
        # A new deal opens the sheet at it (the page shows the top, where the next contracts
        # are); a correction opens the top, which says what changed.
        if kind == "add":
            location = url_for("games.page", kind="g", token=stored.token, _anchor=f"deal-{index + 1}")
        else:
            location = url_for("games.page", kind="g", token=stored.token, corrected=index + 1)
        read, declarer = form, turn.roles.declarer

        def made() -> Game:
            deal = read_deal(read, contract, declarer, game.rules)
            return game.add(deal) if kind == "add" else game.replace(index, deal)

        change = Change(made, kind, index, location, entry_detail(form, contract))
        try:
            done = write(stored, form.version.data, form.submission.data, change)
        except Invalid:
            pass  # the reader said on each field what is missing
        except GameError as error:
            put_problems(form, error, index + 1)
        except organiser.Locked:
            locked = True
        else:
            if done is not None:
                return redirect(done, 303)
            changed = True
    elif form is not None and not switching:
        keep_what_matters(form)
    if changed:
        # Show the entry again on top of the game as it is now, ready to save in one tap.
        stored = store.find(stored.token) or stored
        game = stored.game
        if form is not None:
            form.version.data = stored.stamp
        if kind == "add":
            if game.complete:
                return redirect(url_for("games.page", kind="g", token=stored.token), 303)
            index = len(game.deals)
            turn = game.turn(index)
            allowed = turn.contracts_left
    status = 409 if changed else (423 if locked else (422 if refused(form) else 200))
    # A locked table says so before anything is typed (only then is the organiser's link looked for).
    warned = not locked and stored.row.locked_at is not None and not as_organiser(stored).organiser
    return (
        render_template(
            "deals/form.html",
            stored=stored,
            game=game,
            names=game.seated(index),  # who sits at each seat in this deal: a substitute by name
            form=form,
            contract=contract,
            allowed=allowed,
            turn=turn,
            number=index + 1,
            kind=kind,
            erring=erring(form),
            changed=changed,
            locked=locked,
            warned=warned,
            saved=saved,
            view=sheet_view(stored.game) if changed else None,
            order=doubling_order(turn.roles.declarer, len(game.players)),
            offered=_offered(game, turn.roles.declarer, contract),
            settle_possible=contract is not None and game.rules.settles(contract, False),
            only_declarer=contract is not None and only_declarer_doubled(contract, game.rules),
        ),
        status,
    )
