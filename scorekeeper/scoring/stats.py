"""How a game went: running totals, points by contract and role, doubles won and lost.

Everything is read from a folded `Game`; nothing is scored again. A player's
points in a deal are their deal score (raw score plus side payments), so that
the points by contract, as declarer and as opponent, add up to the total.
`combine` adds several games' figures up per player name, for groups.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import accumulate

from .game import Game

__all__ = [
    "DECLARER",
    "OPPONENT",
    "Doubles",
    "GameStats",
    "PlayerRecord",
    "PlayerStats",
    "Tally",
    "combine",
    "game_stats",
]

DECLARER = "declarer"
OPPONENT = "opponent"


@dataclass(frozen=True)
class Tally:
    """Points scored over some deals, and how many deals; the average is derived."""

    points: int = 0
    deals: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.points + other.points, self.deals + other.deals)

    @property
    def average(self) -> float | None:
        """Points per deal, or None with no deals."""
        return self.points / self.deals if self.deals else None


@dataclass(frozen=True)
class Doubles:
    """The doubled pairs a player was in: won (paid to them), lost (they paid), and even.

    A pair that doubled both ways counts once, its payment being twice the difference.
    `won_points` and `lost_points` are the side payments received and paid (both >= 0).
    """

    won: int = 0
    won_points: int = 0
    lost: int = 0
    lost_points: int = 0
    even: int = 0

    def __add__(self, other: Doubles) -> Doubles:
        return Doubles(
            self.won + other.won,
            self.won_points + other.won_points,
            self.lost + other.lost,
            self.lost_points + other.lost_points,
            self.even + other.even,
        )

    @property
    def net(self) -> int:
        """Side payments received minus paid."""
        return self.won_points - self.lost_points


ByRole = Mapping[str, Mapping[str, Tally]]
"""Role (DECLARER or OPPONENT) -> contract id -> tally."""


@dataclass(frozen=True)
class PlayerStats:
    """One player's game: the running total after each deal, points by role and contract, doubles."""

    name: str
    total: int
    running: tuple[int, ...]
    by_role: ByRole
    doubles: Doubles

    def tally(self, role: str, contract: str) -> Tally:
        """The tally for `contract` (an id) in `role`; an empty one when never played so."""
        return self.by_role.get(role, {}).get(contract, Tally())


@dataclass(frozen=True)
class GameStats:
    """Every player's figures for one game, seats in clockwise order.

    `contracts` lists the contract ids played, in the order the game describes them.
    """

    game: str
    lower_wins: bool
    deals: int
    complete: bool
    contracts: tuple[str, ...]
    players: tuple[PlayerStats, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)


def _add(table: dict[str, dict[str, Tally]], role: str, contract: str, points: int) -> None:
    row = table.setdefault(role, {})
    row[contract] = row.get(contract, Tally()) + Tally(points, 1)


def game_stats(game: Game, by_person: bool = False) -> GameStats:
    """The figures of `game` as played so far, per seat; `by_person`: per person who sat, each
    with the deals they played (a substitute who has played none yet is left out)."""
    names = game.people if by_person else game.players
    index = {name: i for i, name in enumerate(names)}
    roles: list[dict[str, dict[str, Tally]]] = [{} for _ in names]
    doubles = [Doubles() for _ in names]
    gains = [[0] * len(game.rows) for _ in names]
    for n, row in enumerate(game.rows):
        sitter = [index[name] for name in (game.seated(n) if by_person else game.players)]
        contract = row.deal.contract.id
        for seat, who in enumerate(sitter):
            role = DECLARER if seat == row.roles.declarer else OPPONENT
            _add(roles[who], role, contract, row.score[seat])
            gains[who][n] = row.score[seat]
        for p in row.payments:
            if p.amount == 0:
                doubles[sitter[p.payer]] += Doubles(even=1)
                doubles[sitter[p.payee]] += Doubles(even=1)
            else:
                doubles[sitter[p.payee]] += Doubles(won=1, won_points=p.amount)
                doubles[sitter[p.payer]] += Doubles(lost=1, lost_points=p.amount)
    played = {row.deal.contract.id for row in game.rows}
    order = tuple(dict.fromkeys(k.id for k in game.rules.game.contracts if k.id in played))
    sat = game.deals_played()
    players = tuple(
        PlayerStats(
            name=name,
            total=sum(gains[i]),
            running=tuple(accumulate(gains[i])),
            by_role=roles[i],
            doubles=doubles[i],
        )
        for i, name in enumerate(names)
        if i < len(game.players) or sat[name]
    )
    return GameStats(
        game=game.rules.game.id,
        lower_wins=game.rules.game.lower_wins,
        deals=len(game.rows),
        complete=game.complete,
        contracts=order,
        players=players,
    )


@dataclass(frozen=True)
class PlayerRecord:
    """One player's figures added up over several games (of any kinds)."""

    name: str
    games: int = 0
    total: int = 0
    by_role: ByRole = field(default_factory=dict)
    doubles: Doubles = Doubles()

    def tally(self, role: str, contract: str) -> Tally:
        return self.by_role.get(role, {}).get(contract, Tally())

    @property
    def average(self) -> float | None:
        """Total per game, or None before any game."""
        return self.total / self.games if self.games else None


def combine(
    games: Iterable[GameStats], key: Callable[[str], str] = lambda name: name
) -> tuple[PlayerRecord, ...]:
    """Each player's figures over `games`, in order of first appearance.

    Players are matched by `key(name)` (e.g. a mapping of merged spellings); the
    record keeps the first name seen. Games of different kinds add up as they are:
    callers that mix higher-wins and lower-wins games decide what that means.
    """
    records: dict[str, PlayerRecord] = {}
    for stats in games:
        for p in stats.players:
            k = key(p.name)
            old = records.get(k) or PlayerRecord(p.name)
            merged: dict[str, dict[str, Tally]] = {role: dict(row) for role, row in old.by_role.items()}
            for role, row in p.by_role.items():
                for contract, tally in row.items():
                    mine = merged.setdefault(role, {})
                    mine[contract] = mine.get(contract, Tally()) + tally
            records[k] = PlayerRecord(
                old.name, old.games + 1, old.total + p.total, merged, old.doubles + p.doubles
            )
    return tuple(records.values())
