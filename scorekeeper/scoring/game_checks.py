"""What a game checks beyond the rules and each deal's result: its players' names and first
declarer, and the trump suit or starting rank a declarer named."""

from __future__ import annotations

from .bidi import has_direction_controls
from .cards import Deck
from .contracts import Contract
from .deal import Deal
from .errors import Problem, collect
from .rules import Rules


def check_players(players: tuple[str, ...], first_declarer: int, rules: Rules) -> None:
    problems: list[Problem] = []
    if len(players) != rules.players:
        problems.append(
            Problem.of(
                "players",
                "the game needs {n} players, not {got}",
                prefix=False,
                n=rules.players,
                got=len(players),
            )
        )
    folded = [n.casefold() for n in players]
    for i, name in enumerate(players):
        if name != name.strip():
            problems.append(
                Problem.of(
                    f"players[{i}]",
                    "{name!r}: a name may not start or end with spaces",
                    prefix=False,
                    name=name,
                )
            )
        elif not 1 <= len(name) <= 40:
            problems.append(
                Problem.of(
                    f"players[{i}]", "{name!r}: a name has 1 to 40 characters", prefix=False, name=name
                )
            )
        elif has_direction_controls(name):
            problems.append(
                Problem.of(
                    f"players[{i}]",
                    "{name!r}: a name may not hold invisible characters that turn text round",
                    prefix=False,
                    name=name,
                )
            )
        elif folded.index(folded[i]) < i:
            problems.append(
                Problem.of(
                    f"players[{i}]", "{name!r}: two players have the same name", prefix=False, name=name
                )
            )
    if not 0 <= first_declarer < len(players):
        problems.append(
            Problem.of("first_declarer", "the first declarer must be one of the players", prefix=False)
        )
    collect(problems)


def named_problems(contract: Contract, deal: Deal, deck: Deck) -> list[Problem]:
    """Problems with the trump suit or starting rank the declarer named."""
    problems = []
    if deal.trump is not None and not contract.names_suit:
        problems.append(Problem.of("trump", "a trump suit is named only in Trumps"))
    if deal.rank is not None:
        if not contract.names_rank:
            problems.append(Problem.of("rank", "a starting rank is named only in Dominoes"))
        elif deal.rank not in deck.ranks:
            problems.append(
                Problem.of(
                    "rank",
                    "{rank!r} is not a rank ({low} to 10, J, Q, K or A)",
                    rank=deal.rank,
                    low=deck.ranks[0],
                )
            )
    return problems
