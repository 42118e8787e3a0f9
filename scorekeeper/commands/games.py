"""The commands of the `scorekeeper` CLI; the app factory adds them to its own `flask` CLI too."""

from __future__ import annotations

import json
import sys
from decimal import Decimal

import click
from flask.cli import with_appcontext

from scorekeeper.commands.seat import seat_command
from scorekeeper.present.report import sheet_json
from scorekeeper.present.text_sheet import render
from scorekeeper.scoring import GameError, score
from scorekeeper.scoring.settle import DEFAULT_CURRENCY, parse_currency, parse_stake, settle
from scorekeeper.storage.backup import backup_command, export_all_command
from scorekeeper.storage.pruning import prune_command
from scorekeeper.storage.restore import restore_command

from .rating import rate_command
from .reading import read_game
from .rivals import rivals_command


@click.command("score")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--human", is_flag=True, help="Print the sheet as a table instead of JSON.")
def score_command(file: str, human: bool) -> None:
    """Check and score a barbu-game/1 FILE ('-' for standard input)."""
    sheet = score(read_game(file))
    if human:
        click.echo(render(sheet))
    else:
        click.echo(json.dumps(sheet_json(sheet), ensure_ascii=False, indent=2))


def _json_number(value: Decimal) -> int | float:
    """A money amount as a JSON number: whole when it is, else as few digits as it has."""
    return int(value) if value == value.to_integral() else float(value)


@click.command("settle")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--stake", required=True, help="Money per point, such as 0.10.")
@click.option(
    "--currency",
    default=DEFAULT_CURRENCY,
    show_default=True,
    help="ISO 4217 code; amounts are rounded to its minor unit (JPY to 1, EUR to 0.01).",
)
def settle_command(file: str, stake: str, currency: str) -> None:
    """Who pays whom after the game in FILE ('-' for standard input), in the fewest transfers.

    Prints {"currency", "stake", "transfers": [{"from", "to", "amount"}]} as JSON.
    A game not yet over is settled at its totals so far (said on standard error).
    """
    problems = []
    for field, parse, text in (("stake", parse_stake, stake), ("currency", parse_currency, currency)):
        try:
            parse(text)
        except GameError as error:
            problems += [f"{field}: {p.message}" for p in error.problems]
    if problems:
        click.echo("\n".join(problems), err=True)
        sys.exit(1)
    amount, code = parse_stake(stake), parse_currency(currency)
    game = read_game(file)
    if not game.complete:
        click.echo(f"the game is not over: settled at the totals after {len(game.rows)} deals", err=True)
    result = settle(game.totals, amount, code, game.rules.game.lower_wins)
    names = game.players
    transfers = [
        {"from": names[t.payer], "to": names[t.payee], "amount": _json_number(t.amount)}
        for t in result.transfers
    ]
    out = {"currency": code, "stake": _json_number(amount), "transfers": transfers}
    click.echo(json.dumps(out, ensure_ascii=False, indent=2))


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def import_command(file: str) -> None:
    """Store a barbu-game/1 FILE as a new game and print its links as one JSON line."""
    from scorekeeper.storage import store

    game = read_game(file)
    created = store.create(game, kind="import")
    links = {"id": created.id, "edit_url": f"/g/{created.edit_token}", "view_url": f"/v/{created.view_token}"}
    click.echo(json.dumps(links))


COMMANDS = [
    score_command,
    settle_command,
    import_command,
    rate_command,
    rivals_command,
    prune_command,
    backup_command,
    restore_command,
    export_all_command,
    seat_command,
]
