"""Dominoes given by the first and last places alone: the places between evenly spaced."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.scoring import FormatError, dump, load
from scorekeeper.scoring.points import between

FRENCH = {
    "no-tricks": 5,
    "no-hearts": 5,
    "no-queens": 20,
    "barbu": 80,
    "tricks": -5,
    "no-first-last": [40, 40],
}


@pytest.mark.parametrize(
    ("first", "last", "places", "values"),
    [
        (-50, 40, 4, (-50, -20, 10, 40)),
        (-50, 50, 5, (-50, -25, 0, 25, 50)),
        (-50, 40, 5, (-50, -28, -5, 18, 40)),  # -27.5 and 17.5: the half towards -50, pairs add to -10
        (40, -50, 5, (40, 18, -5, -28, -50)),
        (45, -6, 5, (45, 32, 20, 7, -6)),  # 19.5 in the middle goes up, towards 45
        (-40, 40, 3, (-40, 0, 40)),
        (0, 1, 4, (0, 0, 1, 1)),
    ],
)
def test_between(first: int, last: int, places: int, values: tuple[int, ...]) -> None:
    assert between(first, last, places) == values
    for i in range(places):
        assert values[i] + values[places - 1 - i] == first + last or places - 1 - i == i


def game(dominoes: Any, players: int = 5) -> dict[str, Any]:
    names = ["Ann", "Beth", "Cat", "Diana", "Eve"][:players]
    return {
        "format": "barbu-game/1",
        "players": names,
        "first_declarer": "Ann",
        "rules": {"game": "french", "scheme": {**FRENCH, "dominoes": dominoes}},
        "hands": [],
    }


def test_a_file_with_the_ends_alone_scores_and_exports_the_full_list() -> None:
    loaded = load(game([-50, 40]))
    assert loaded.rules.scheme["dominoes"] == (-50, -28, -5, 18, 40)
    assert dump(loaded)["rules"]["scheme"]["dominoes"] == [-50, -28, -5, 18, 40]


@pytest.mark.parametrize(("dominoes", "field"), [([-50, "40"], "dominoes[1]"), ([-50, 0, 40], "dominoes")])
def test_bad_ends_are_refused_naming_the_field(dominoes: Any, field: str) -> None:
    with pytest.raises(FormatError) as error:
        load(game(dominoes))
    assert error.value.problems[0].field.endswith(field)
