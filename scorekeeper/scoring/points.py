"""Point values: a tuple of whole numbers per contract id, written once per game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

POINT_LIMIT = 1000
"""No point value is larger than this either way, so no score grows beyond what a sheet shows."""


@dataclass(frozen=True)
class Points:
    """Every contract's values, by contract id; `name` is None for points the players chose."""

    values: tuple[tuple[str, tuple[int, ...]], ...]
    name: str | None = None

    @classmethod
    def build(cls, values: Mapping[str, tuple[int, ...] | int], name: str | None = None) -> Points:
        """Points from a mapping; a single number may be given bare."""
        return cls(tuple((k, (v,) if isinstance(v, int) else tuple(v)) for k, v in values.items()), name)

    def get(self, contract: str) -> tuple[int, ...] | None:
        """The values of `contract`, or None when they are not given."""
        return dict(self.values).get(contract)

    def __getitem__(self, contract: str) -> tuple[int, ...]:
        found = self.get(contract)
        if found is None:
            raise KeyError(contract)
        return found

    def changed(self, **values: tuple[int, ...] | int) -> Points:
        """The same points with some contracts' values changed, as players' own points."""
        merged: dict[str, tuple[int, ...] | int] = dict(self.values)
        merged.update({k.replace("_", "-"): v for k, v in values.items()})
        return Points.build(merged)

    def as_dict(self) -> dict[str, tuple[int, ...]]:
        return dict(self.values)


def between(first: int, last: int, places: int) -> tuple[int, ...]:
    """Dominoes' places from the first and last values alone, the places between evenly spaced.

    Two places equally far from the ends always add up to first + last, so the contract adds up
    to places × (first + last) / 2: each place of the first half is rounded to the nearest whole
    number (a half towards the first value) and its partner is first + last minus it; the middle
    place of an odd table is rounded in the same way."""
    values = [first] * places
    for i in range((places + 1) // 2):
        exact = Fraction(first) + Fraction((last - first) * i, places - 1)
        down = exact.numerator // exact.denominator
        rest = exact - down
        nearest = down if rest < Fraction(1, 2) or (rest == Fraction(1, 2) and first < exact) else down + 1
        values[i] = nearest
        values[places - 1 - i] = first + last - nearest if places - 1 - i != i else nearest
    return tuple(values)
