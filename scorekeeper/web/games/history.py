"""A change to a deal, said in words: "Deal 5: Cat's tricks 3 → 4; Beth no longer doubles Diana".

Changes are stored as the game file's hands before and after; this compares
them part by part, as the contract describes its result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_never

from markupsafe import Markup, escape

from scorekeeper.present.i18n import comma, number, player_name
from scorekeeper.present.i18n import gettext as _
from scorekeeper.present.money import money
from scorekeeper.present.vocabulary import contract_name, place_label, suit_name, taker_short
from scorekeeper.scoring import Contract, Counts, Game, Group, Order, Rules, Taker
from scorekeeper.scoring.counts import count_kind
from scorekeeper.scoring.errors import GameError
from scorekeeper.scoring.settle import parse_currency, parse_stake
from scorekeeper.scoring.words import N_

Hand = dict[str, Any]


def _say(template: str, **params: object) -> Markup:
    """A sentence in the player's language, names kept whole (`player_name`) and numbers as the
    page shows them."""

    def shown(value: object) -> object:
        return number(value) if isinstance(value, int) else value

    return Markup(escape(_(template))) % {k: shown(v) for k, v in params.items()}


def sitting(game: Game, position: int | None) -> dict[str, str]:
    """Each seat's name mapped to whoever sat there in the deal at 0-based `position`."""
    if position is None:
        return {}
    return dict(zip(game.players, game.seated(position), strict=True))


class _Sitters:
    """Who sat at each seat in the deal: the hands name seats by their first player's name, the
    words name whoever sat there then (a substitute)."""

    def __init__(self, sitting: Mapping[str, str]) -> None:
        self.sitting = sitting

    def name(self, seat: object) -> Markup:
        return player_name(self.sitting.get(str(seat), str(seat)))

    def names(self, value: Any) -> Markup:
        seats = value if isinstance(value, list) else [value]
        return Markup(comma()).join(self.name(n) for n in seats)


def _doubles(before: Hand, after: Hand, who: _Sitters) -> list[Markup]:
    old = {tuple(p) for p in before.get("doubles", [])}
    new = {tuple(p) for p in after.get("doubles", [])}
    now, no_longer = N_("%(player)s now doubles %(other)s"), N_("%(player)s no longer doubles %(other)s")
    said = [_say(now, player=who.name(a), other=who.name(b)) for a, b in sorted(new - old)]
    said += [_say(no_longer, player=who.name(a), other=who.name(b)) for a, b in sorted(old - new)]
    return said


def _part(
    part: Counts | Taker | Order | Group, old: Any, new: Any, rules: Rules, who: _Sitters
) -> list[Markup]:
    if old == new:
        return []
    match part:
        case Counts(of=of):
            return [
                _say(count_kind(of).changed, name=who.name(name), old=old.get(name, 0), new=count)
                for name, count in new.items()
                if old.get(name) != count
            ]
        case Taker():
            return [Markup("{}: {} → {}").format(taker_short(part, rules), who.names(old), who.names(new))]
        case Order():
            return [Markup("{}: {} → {}").format(_("order"), who.names(old), who.names(new))]
        case Group():
            return [Markup("{}: {} → {}").format(_("most cards of one suit"), who.names(old), who.names(new))]
        case _:
            assert_never(part)


def changes(
    before: Hand, after: Hand, rules: Rules, sitting: Mapping[str, str] | None = None
) -> list[Markup]:
    """What changed between two versions of one deal, each in a few words; `sitting` maps each
    seat's name to whoever sat there in that deal (a substitute), when not its first player."""
    who = _Sitters(sitting or {})
    # The table's own contracts: a made-up Salad has its name and its parts, not the default's.
    old_contract, new_contract = rules.contract(before["contract"]), rules.contract(after["contract"])
    said: list[Markup] = []
    if old_contract is not new_contract and old_contract and new_contract:
        said.append(Markup("{} → {}").format(contract_name(old_contract), contract_name(new_contract)))
    if before.get("trump") != after.get("trump") and after.get("trump"):
        said.append(Markup("{}: {}").format(_("Trump suit"), suit_name(after["trump"])))
    if before.get("rank") != after.get("rank"):
        old_rank, new_rank = before.get("rank") or "–", after.get("rank") or "–"
        said.append(Markup("{}: {} → {}").format(_("Starting rank"), old_rank, new_rank))
    said += _doubles(before, after, who)
    old_result, new_result = before.get("result"), after.get("result")
    if old_result is None and new_result is not None:
        said.append(Markup(escape(_("now played out"))))
    elif new_result is None and old_result is not None:
        said.append(Markup(escape(_("now settled without play"))))
    elif old_contract is new_contract and isinstance(new_contract, Contract) and old_result and new_result:
        for part in new_contract.parts:
            said += _part(part, old_result.get(part.key), new_result.get(part.key), rules, who)
    return said


def _stake(settle: dict[str, Any] | None) -> str | None:
    """A stake kept in the history ({"stake": "0.10", "currency": "EUR"}) as money, if readable."""
    if not settle:
        return None
    try:
        return money(parse_stake(settle["stake"]), parse_currency(settle["currency"]), exact=True)
    except (GameError, KeyError, TypeError):
        return None


def stake_change(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """A change of the stake, in a few words: set, changed or removed."""
    old, new = _stake(before), _stake(after)
    if old is not None and new is not None:
        return _("Stake changed from %(old)s to %(new)s a point.", old=old, new=new)
    if new is not None:
        return _("Stake set at %(new)s a point.", new=new)
    if old is not None:
        return _("Stake removed (it was %(old)s a point).", old=old)
    return _("Stake removed.")


__all__ = ["changes", "place_label", "sitting", "stake_change"]
