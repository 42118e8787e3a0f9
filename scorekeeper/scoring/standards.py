"""Each game's standard points, with the 52-card deck and, where a game may use it, with 32 cards.

With 32 cards the counts change (8 tricks and 8 hearts at four players), so the values change
where the game must stay zero-sum; docs/game-format.md lists them.
"""

from __future__ import annotations

from .points import Points

STANDARD = Points.build(
    {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-two": (-10, -20),
        "no-hearts": (-2, -6),
        "barbu": -20,
        "trumps": 5,
        "dominoes": (45, 20, 5, -5),
        "ravage-city": -36,
    },
    "standard",
)
SCHEMES = {
    "standard": STANDARD,
    "barbu-15": Points.build({**STANDARD.as_dict(), "barbu": -15, "dominoes": (40, 20, 10, -10)}, "barbu-15"),
    "dominoes-30": Points.build(
        {**STANDARD.as_dict(), "barbu": -15, "dominoes": (30, 20, 10, 0)}, "dominoes-30"
    ),
    "brader": Points.build(
        {
            "no-tricks": -5,
            "no-queens": -15,
            "no-last-two": (-10, -20),
            "no-hearts": (-4, -12),
            "barbu": -25,
            "trumps": 5,
            "dominoes": (40, 20, 0, -20),
            "ravage-city": -36,
        },
        "brader",
    ),
}

STANDARD_32 = Points.build(
    {**STANDARD.as_dict(), "dominoes": (45, 25, 5, -5)},
    "standard",
)
"""Barbu with 32 cards: 8 tricks (−16, +40) and 8 hearts (−20) leave the negatives at −110, so
Dominoes' second place goes up by 5 to make the positives +110."""

BARBU_3 = Points.build(
    {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-three": (-5, -10, -15),
        "no-hearts": (-2, -6),
        "barbu": -21,
        "trumps": 5,
        "dominoes": (45, 15, -5),
    },
    "standard",
)

BARBETTE = Points.build(
    {
        "no-queens": -5,
        "no-last-two": (-10, -15),
        "barbu": -20,
        "trumps": 5,
        "dominoes": (40, 25, 10, -10),
    },
    "standard",
)

# 32 cards: Trumps makes +40, so each declarer's three negatives come to −40 (the 52-card weights
# scaled by about 40/65) and Dominoes to +40.
BARBETTE_32 = Points.build(
    {
        "no-queens": -3,
        "no-last-two": (-6, -10),
        "barbu": -12,
        "trumps": 5,
        "dominoes": (25, 15, 5, -5),
    },
    "standard",
)

BARBU_5 = Points.build(
    {
        "no-tricks": -2,
        "no-queens": -6,
        "no-last-two": (-10, -20),
        "no-hearts": (-2, -6),
        "barbu": -20,
        "trumps": 5,
        "dominoes": (45, 25, 10, 0, -6),
    },
    "standard",
)

FRENCH_DOMINOES = {3: (-40, 0, 40), 4: (-50, -20, 20, 40), 5: (-50, -25, 0, 25, 50)}


def french(players: int) -> Points:
    """French Barbu's penalties, the same for 52 and 32 cards (a value per card or trick)."""
    return Points.build(
        {
            "no-tricks": 5,
            "no-hearts": 5,
            "no-queens": 20,
            "barbu": 80,
            "tricks": -5,
            "no-first-last": (40, 40),
            "dominoes": FRENCH_DOMINOES[players],
            "no-last-two": (20, 60),  # played instead of the first and last under "last_two"
        },
        "standard",
    )
