"""A change to a deal, said in words: "Deal 5: Cat's tricks 3 → 4; Beth no longer doubles Diana".

Changes are stored as the game file's hands before and after; this compares
them part by part, as the contract describes its result.
"""

from __future__ import annotations

from typing import Any

from ..i18n import contract_name, place_label, suit_name, taker_short
from ..i18n import gettext as _
from ..scoring import Contract, Counts, GameKind, Group, Order, Rules, Taker
from ..scoring.words import N_

Hand = dict[str, Any]
COUNT_CHANGED = {
    "tricks": N_("%(name)s's tricks %(old)s → %(new)s"),
    "hearts": N_("%(name)s's hearts %(old)s → %(new)s"),
    "queens": N_("%(name)s's queens %(old)s → %(new)s"),
}


def _names(value: Any) -> str:
    return ", ".join(value) if isinstance(value, list) else str(value)


def _doubles(before: Hand, after: Hand) -> list[str]:
    old = {tuple(p) for p in before.get("doubles", [])}
    new = {tuple(p) for p in after.get("doubles", [])}
    said = [_("%(player)s now doubles %(other)s", player=a, other=b) for a, b in sorted(new - old)]
    said += [_("%(player)s no longer doubles %(other)s", player=a, other=b) for a, b in sorted(old - new)]
    return [str(s) for s in said]


def _part(part: Counts | Taker | Order | Group, old: Any, new: Any, rules: Rules) -> list[str]:
    if old == new:
        return []
    match part:
        case Counts(of=of):
            return [
                str(_(COUNT_CHANGED[of], name=name, old=old.get(name, 0), new=count))
                for name, count in new.items()
                if old.get(name) != count
            ]
        case Taker():
            return [f"{taker_short(part, rules)}: {old} → {new}"]
        case Order():
            return [f"{_('order')}: {_names(old)} → {_names(new)}"]
        case Group():
            return [f"{_('most cards of one suit')}: {_names(old)} → {_names(new)}"]


def changes(before: Hand, after: Hand, rules: Rules) -> list[str]:
    """What changed between two versions of one deal, each in a few words."""
    game: GameKind = rules.game
    old_contract, new_contract = game.contract(before["contract"]), game.contract(after["contract"])
    said: list[str] = []
    if old_contract is not new_contract and old_contract and new_contract:
        said.append(f"{contract_name(old_contract)} → {contract_name(new_contract)}")
    if before.get("trump") != after.get("trump") and after.get("trump"):
        said.append(f"{_('Trump suit')}: {suit_name(after['trump'])}")
    if before.get("rank") != after.get("rank"):
        said.append(f"{_('Starting rank')}: {before.get('rank') or '–'} → {after.get('rank') or '–'}")
    said += _doubles(before, after)
    old_result, new_result = before.get("result"), after.get("result")
    if old_result is None and new_result is not None:
        said.append(str(_("now played out")))
    elif new_result is None and old_result is not None:
        said.append(str(_("now settled without play")))
    elif old_contract is new_contract and isinstance(new_contract, Contract) and old_result and new_result:
        for part in new_contract.parts:
            said += _part(part, old_result.get(part.key), new_result.get(part.key), rules)
    return said


__all__ = ["changes", "place_label"]
