"""A group's figures, derived from its folded games: who is who, leaderboards, the night's tables.

Nothing here is stored: every figure comes from the games' totals as the
engine scores them. Totals of different games (Barbu, Barbette, French...)
are never added up: each game kind has a leaderboard of its own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from scorekeeper.scoring import GAMES, Game, GameKind
from scorekeeper.scoring.stats import GameStats, PlayerRecord, combine, game_stats
from scorekeeper.storage.groups import GroupGame, fold
from scorekeeper.util.memo import Memo


class Names:
    """Who is who across a group's games: a name's folded key, after the group's merges.

    A player is shown under the merged name if there is one, else under the spelling of their
    latest game, so that a corrected spelling takes over once it is used.
    """

    def __init__(self, games: Iterable[GroupGame], merges: dict[str, str]) -> None:
        self.merges = merges
        self.spelling: dict[str, str] = {}
        for played in sorted(games, key=lambda g: (g.row.created_at, g.row.id)):
            self._spell(played.game)

    def _spell(self, game: Game) -> None:
        for name in game.people:
            self.spelling[fold(name)] = " ".join(name.split())

    @classmethod
    def of_games(cls, oldest_first: Iterable[Game], merges: dict[str, str]) -> Names:
        """Who is who across games that are not stored (a group's zip, game files), oldest first."""
        names = cls((), merges)
        for game in oldest_first:
            names._spell(game)
        return names

    def key(self, name: str) -> str:
        """The player a name stands for, as a folded key."""
        folded = fold(name)
        return fold(self.merges[folded]) if folded in self.merges else folded

    def shown(self, name: str) -> str:
        """How the player `name` stands for is shown: one string per player, whatever the spelling."""
        key = self.key(name)
        return self.spelling.get(key) or self.merges.get(fold(name)) or " ".join(name.split())

    def spellings(self) -> list[str]:
        """Every spelling seen in the group's games (one per folded key), sorted, for merging."""
        return sorted(self.spelling.values(), key=str.casefold)


@dataclass(frozen=True)
class Standing:
    """One player's line on a leaderboard."""

    place: int
    name: str
    games: int
    total: int

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


@dataclass(frozen=True)
class Board:
    """A leaderboard of one game kind; `lower_wins` for penalty points (French Barbu)."""

    kind: GameKind
    standings: tuple[Standing, ...]

    @property
    def lower_wins(self) -> bool:
        return self.kind.lower_wins


def ranked(kind: GameKind, totals: dict[str, int], games: dict[str, int]) -> Board:
    """The board of `kind` from each player's total and games played; equal totals share a place."""
    sign = 1 if kind.lower_wins else -1
    order = sorted(totals, key=lambda n: (sign * totals[n], n.casefold()))
    standings = tuple(
        Standing(1 + sum(1 for t in totals.values() if sign * t < sign * totals[n]), n, games[n], totals[n])
        for n in order
    )
    return Board(kind, standings)


def boards(played: Sequence[GroupGame], names: Names) -> list[Board]:
    """One leaderboard per game kind over `played`, in the order the app lists the games."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for one in played:
        kind = one.game.rules.game.id
        # Each person who sat is credited with the seat's scores of the deals they played.
        game, played_by = one.game, one.game.deals_played()
        for name, total in game.person_totals().items():
            if name not in game.players and not played_by[name]:
                continue  # a substitute whose first deal is still to come
            shown = names.shown(name)
            totals[kind][shown] += total
            counts[kind][shown] += 1
    return [ranked(GAMES[k], dict(totals[k]), dict(counts[k])) for k in GAMES if k in totals]


# A game's figures by (edit link's hash, stamp), as store.FOLDED keeps the folded game.
STATS: Memo[tuple[str, str], GameStats] = Memo(1024)


def stats_of(one: GroupGame) -> GameStats:
    """The figures of one game of the group, worked out once per state."""
    key = (one.row.edit_hash, one.row.stamp)
    return STATS.get(key) or STATS.put(key, game_stats(one.game, by_person=True))


@dataclass(frozen=True)
class Records:
    """Each player's figures added up over the games of one kind: by contract and role, doubles.

    `contracts` are the ids of the contracts played, in the order the game lists them.
    """

    kind: GameKind
    contracts: tuple[str, ...]
    players: tuple[PlayerRecord, ...]


def records(played: Sequence[GroupGame], names: Names) -> list[Records]:
    """Per game kind, each player's figures over `played`, players in order of name."""
    by_kind: dict[str, list[GameStats]] = defaultdict(list)
    for one in played:
        by_kind[one.game.rules.game.id].append(stats_of(one))
    found = []
    for kind_id, kind in GAMES.items():
        if kind_id not in by_kind:
            continue
        records = combine(by_kind[kind_id], names.key)
        shown = sorted((_renamed(r, names.shown(r.name)) for r in records), key=lambda r: r.name.casefold())
        played_ids = {c for s in by_kind[kind_id] for c in s.contracts}
        contracts = tuple(dict.fromkeys(c.id for c in kind.contracts if c.id in played_ids))
        found.append(Records(kind, contracts, tuple(shown)))
    return found


def _renamed(record: PlayerRecord, name: str) -> PlayerRecord:
    return PlayerRecord(name, record.games, record.total, record.by_role, record.doubles)


def between(played: Iterable[GroupGame], start: date | None, end: date | None) -> list[GroupGame]:
    """The complete games started from `start` to `end` (dates included, either may be open)."""
    chosen = []
    for one in played:
        day = one.row.created_at.date()
        if one.game.complete and (start is None or day >= start) and (end is None or day <= end):
            chosen.append(one)
    return chosen


# A club night's tables: the games of the group changed in the last NIGHT hours, finished or not.
# A window rather than the calendar day, so that a night going on past midnight (or past midnight
# UTC, wherever the club is) keeps its tables together.
NIGHT = timedelta(hours=12)


def tonight(played: Iterable[GroupGame], moment: datetime) -> list[GroupGame]:
    """The games of the night: changed within NIGHT of `moment`, newest table first."""
    recent = [g for g in played if _aware(g.row.updated_at) >= moment - NIGHT]
    return sorted(recent, key=lambda g: (g.row.created_at, g.row.id), reverse=True)


def _aware(value: datetime) -> datetime:
    """SQLite hands back naive datetimes of what was stored in UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
