"""The reference's reading of `substitutes` (docs/game-format.md, "A player replaced mid-game").

Written from the docs alone, like the rest of the oracle: a replacement changes nobody's deal
scores, only who is credited with a seat's score from `from_deal` on.
"""

from __future__ import annotations

from typing import Any

from .reference_rules import Invalid, is_int

SUB_KEYS = {"seat", "from_deal", "name"}
# The direction controls the format names (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C).
TURNING = {chr(c) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]}


def parse_substitutes(value: object, players: list[str], total_deals: int) -> list[dict[str, Any]]:
    """The replacements, checked; Invalid naming the replacement otherwise."""
    if not isinstance(value, list):
        raise Invalid("substitutes: not a list")
    seen = {p.casefold() for p in players}
    latest: dict[int, int] = {}
    out = []
    for i, sub in enumerate(value):
        where = f"substitutes[{i}]"
        if not isinstance(sub, dict) or set(sub) != SUB_KEYS:
            raise Invalid(f"{where}: expected exactly seat, from_deal and name")
        seat, first, name = sub["seat"], sub["from_deal"], sub["name"]
        if not is_int(seat) or not 0 <= seat < len(players):
            raise Invalid(f"{where}.seat: not a seat")
        if not is_int(first) or not 2 <= first <= total_deals:
            raise Invalid(f"{where}.from_deal: not a deal from 2 to {total_deals}")
        if first <= latest.get(seat, 1):
            raise Invalid(f"{where}.from_deal: not after the seat's earlier replacement")
        latest[seat] = first
        if not isinstance(name, str) or not 1 <= len(name) <= 40 or name != name.strip():
            raise Invalid(f"{where}.name: bad name {name!r}")
        if TURNING & set(name):
            raise Invalid(f"{where}.name: holds a direction control")
        if name.casefold() in seen:
            raise Invalid(f"{where}.name: already at the table")
        seen.add(name.casefold())
        out.append({"seat": seat, "from_deal": first, "name": name})
    return out


def people(players: list[str], subs: list[dict[str, Any]], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """Everyone who sat, players first: their seat, how many deals they sat in and their total."""
    out = {p: {"seat": s, "deals": 0, "total": 0} for s, p in enumerate(players)}
    for sub in subs:
        out[sub["name"]] = {"seat": sub["seat"], "deals": 0, "total": 0}
    for hand in hands:
        for seat, player in enumerate(players):
            # Whoever took the seat last, at or before this deal, sits there.
            sitting = player
            for sub in subs:
                if sub["seat"] == seat and sub["from_deal"] <= hand["number"]:
                    sitting = sub["name"]
            out[sitting]["deals"] += 1
            out[sitting]["total"] += hand["score"][player]
    return out
