"""Money and the settlement in the player's language, for the "How the game went" page."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import format_decimal
from markupsafe import Markup

from scorekeeper.present.i18n import digits, locale
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.money import money, numbering
from scorekeeper.scoring import Game, GameError
from scorekeeper.scoring.settle import Settlement, parse_currency, parse_stake, settle


def _decimal(amount: Decimal) -> str:
    return digits(
        format_decimal(amount, locale=locale(), decimal_quantization=False, numbering_system=numbering())
    )


@dataclass(frozen=True)
class SettleView:
    """A settlement as the page shows it."""

    settlement: Settlement
    transfers: list[tuple[Markup, Markup, str]]
    nets: list[tuple[str, Decimal, str]]
    stake: str
    unit: str
    rounding: str


def _bdi(name: str) -> Markup:
    """A name kept apart from the sentence around it (a Latin name in Persian, and back)."""
    return Markup("<bdi>{}</bdi>").format(name)


def stored_settlement(game: Game, saved: dict[str, str] | None) -> SettleView | None:
    """The settlement at the stake kept with the game, or None when none is (or it is unreadable)."""
    if not saved:
        return None
    try:
        stake, currency = (
            parse_stake(str(saved.get("stake", ""))),
            parse_currency(str(saved.get("currency", ""))),
        )
    except GameError:
        return None
    result = settle(game.totals, stake, currency, game.rules.game.lower_wins)
    names = game.players
    return SettleView(
        settlement=result,
        transfers=[
            (_bdi(names[t.payer]), _bdi(names[t.payee]), money(t.amount, currency)) for t in result.transfers
        ],
        nets=[(names[s], net, money(abs(net), currency)) for s, net in enumerate(result.nets)],
        stake=money(stake, currency, exact=True),
        unit=money(Decimal(1).scaleb(-result.places), currency),
        rounding=f"{_decimal(result.rounding)} {currency}",
    )


def settle_rule(game: Game) -> str:
    """How the nets follow from the totals in this game, in a sentence."""
    if game.rules.game.lower_wins:
        return str(_("Penalty points: each pair of players settles the difference between their totals."))
    if sum(game.totals) == 0:
        return str(_("Each player wins or pays their total times the stake."))
    return str(
        _("The totals do not add up to 0, so each player wins or pays their total less the table's average.")
    )
