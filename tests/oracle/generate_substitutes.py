"""Random replacements for a generated game, legal or aimed just past what the format allows.

Kept apart from `generate`, whose random stream existing seeds rely on: these draw from the
stream after the game is drawn. Only the table's size is read from the document.
"""

from __future__ import annotations

import copy
from random import Random
from typing import Any

from .reference_rules import parse_rules

NEW_NAMES = ["Zoe", "Yan", "Xia", "Wim", "Vera", "Ugo", "Tess", "Sami"]


def total_deals(doc: dict[str, Any]) -> int:
    return parse_rules(doc.get("rules", {}), len(doc["players"])).total_deals


def add_substitutes(rng: Random, doc: dict[str, Any]) -> dict[str, Any]:
    """The game with one to three legal replacements, in the order they were made."""
    out = copy.deepcopy(doc)
    total = total_deals(out)
    seats = len(out["players"])
    taken = {p.casefold() for p in out["players"]}
    subs: list[dict[str, Any]] = []
    latest: dict[int, int] = {}
    for _ in range(rng.randint(1, 3)):
        seat = rng.randrange(seats)
        low = latest.get(seat, 1) + 1
        if low > total:
            continue
        first = rng.randint(low, total)
        name = rng.choice([n for n in NEW_NAMES if n.casefold() not in taken])
        taken.add(name.casefold())
        latest[seat] = first
        subs.append({"seat": seat, "from_deal": first, "name": name})
    out["substitutes"] = subs
    return out


def bend_substitute(rng: Random, doc: dict[str, Any]) -> dict[str, Any]:
    """One replacement changed to a value at or just past a bound (legal or not: the reference says)."""
    out = copy.deepcopy(doc)
    subs = out.get("substitutes") or []
    if not subs:
        return out
    sub = rng.choice(subs)
    total, seats = total_deals(out), len(out["players"])
    key = rng.choice(["seat", "from_deal", "name", "extra", "drop"])
    if key == "seat":
        sub["seat"] = rng.choice([-1, 0, seats - 1, seats, True, "1", 1.0])
    elif key == "from_deal":
        sub["from_deal"] = rng.choice([0, 1, 2, total, total + 1, None, 3.0])
    elif key == "name":
        sub["name"] = rng.choice(
            [out["players"][0], out["players"][-1].upper(), " Zoe", "Zo\u2067e", "", "N" * 40, "N" * 41, 5]
        )
    elif key == "extra":
        sub["why"] = "ill"
    else:
        del sub[rng.choice(["seat", "from_deal", "name"])]
    return out
