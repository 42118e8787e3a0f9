"""A stored game and the columns of its rows: the stamp that names a state, the links sealed with
a row, a deal's `barbu-game/1` hand and the game file of a row."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from scorekeeper.scoring import FORMAT, Game

from . import links
from .models import DealRow, GameRow, GroupRow


class Conflict(Exception):
    """The game changed since the version the change was made on."""


class Changed(Exception):
    """The game changed while its deals were being read."""


@dataclass(frozen=True)
class StoredGame:
    """A game as loaded for one request: the row, the checked game, and the link used."""

    row: GameRow
    game: Game
    editable: bool
    token: str
    """The token of the link the game was found by: the database keeps only its hash."""
    organiser: bool = False
    """The change is the organiser's (the group's edit link opened on this phone): a table its
    club evening locked takes it, and the history says who made it."""

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def stamp(self) -> str:
        """The state shown: what forms carry, and what ETags and caches name."""
        return stamp(self.row.version, self.row.epoch)

    @property
    def view_token(self) -> str | None:
        """The read-only link's token: the one used, or (from the edit link) the one sealed under it."""
        if not self.editable:
            return self.token
        return links.unseal(seals(self.row).get("view"), self.token, "game-view", self.row.view_hash)

    def detail(self, index: int) -> dict[str, Any]:
        """What the form showed for the deal at `index` beyond its result (who took which queen)."""
        deal = self.row.deals[index] if index < len(self.row.deals) else None
        return dict(deal.entry or {}) if deal is not None else {}


# Below 2**40, so that a group's sum of its games' epochs (groups.state) stays a 64-bit integer.
EPOCH_LIMIT = 2**40 - 1


def new_epoch() -> int:
    """A random epoch for a new version: 40 bits, drawn anew with every write."""
    return 1 + secrets.randbits(40) % EPOCH_LIMIT


def stamp(version: int, epoch: int) -> str:
    """A game's version and the epoch drawn with it, as one short string: "12.3f9a0c"."""
    return f"{version}.{epoch:x}"


def seals(row: GameRow | GroupRow) -> dict[str, Any]:
    """The links kept sealed with a row (see `links`)."""
    return dict(row.seals or {})


def hand_of(deal: DealRow) -> dict[str, Any]:
    """The `barbu-game/1` hand of a stored deal."""
    hand: dict[str, Any] = {"contract": deal.contract, "doubles": deal.doubles}
    if deal.trump:
        hand["trump"] = deal.trump
    if deal.rank:
        hand["rank"] = deal.rank
    if deal.result is not None:
        hand["result"] = deal.result
    return hand


# The players replaced mid-game are kept in the rules column under this key, beside the rules
# proper: they change as rarely, and so need no column (nor migration) of their own.
SUBSTITUTES = "substitutes"


def document(row: GameRow) -> dict[str, Any]:
    """The game file of a stored game."""
    rules = dict(row.rules)
    subs = rules.pop(SUBSTITUTES, None)
    doc = {
        "format": FORMAT,
        "players": list(row.players),
        "first_declarer": row.players[row.first_declarer],
        "rules": rules,
        "hands": [hand_of(d) for d in row.deals],
    }
    if subs:
        doc[SUBSTITUTES] = subs
    return doc


def rules_column(doc: dict[str, Any]) -> dict[str, Any]:
    """The rules column of a game file: its rules, and its substitutes if any."""
    if not doc.get(SUBSTITUTES):
        return dict(doc["rules"])
    return {**doc["rules"], SUBSTITUTES: doc[SUBSTITUTES]}


def deal_row(position: int, hand: dict[str, Any]) -> DealRow:
    return DealRow(position=position, **columns(hand, None))


def columns(hand: dict[str, Any], detail: dict[str, Any] | None) -> dict[str, Any]:
    """A deal row's columns for a `barbu-game/1` hand."""
    return {
        "contract": hand["contract"],
        "trump": hand.get("trump"),
        "rank": hand.get("rank"),
        "doubles": hand.get("doubles", []),
        "result": hand.get("result"),
        "entry": detail or None,
    }
