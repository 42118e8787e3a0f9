"""The paper sheet's doubling notation: a letter per player doubled, X for maximum."""

from __future__ import annotations

from dataclasses import dataclass

from .deal import Deal
from .doubles import targets
from .rules import Rules


def letters(players: tuple[str, ...]) -> tuple[str, ...]:
    """One letter per player: their initial, or A, B, C... by seat when initials clash."""
    initials = tuple(name[:1].upper() for name in players)
    return initials if len(set(initials)) == len(initials) else tuple("ABCDE"[: len(players)])


@dataclass(frozen=True)
class Marks:
    """The doubles one player made in one deal, as written on the sheet."""

    doubled: tuple[int, ...]
    declarer_doubled: bool
    maximum: bool

    def text(self, letters: tuple[str, ...], declarer: int) -> str:
        """The marks as plain text; a double of the declarer is put in parentheses."""
        if self.maximum:
            return "X"
        return "".join(f"({letters[s]})" if s == declarer else letters[s] for s in self.doubled)


def marks_of(player: int, deal: Deal, declarer: int, rules: Rules) -> Marks:
    """What `player` writes in their doubles column for `deal`."""
    doubled = tuple(sorted(b for a, b in deal.doubles if a == player))
    could = targets(player, declarer, deal.contract, rules, deal.doubles)
    return Marks(
        doubled=doubled,
        declarer_doubled=declarer in doubled,
        maximum=bool(doubled) and len(could) > 1 and set(doubled) == could,
    )
