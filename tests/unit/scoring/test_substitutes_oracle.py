"""Replacements checked against the reference scorer: every generated game, given random legal
replacements, scores the same per seat and per person; bent replacements are refused by both or
by neither."""

from __future__ import annotations

from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.present.report import score_document
from scorekeeper.scoring import GameError, dump, load
from tests.oracle import reference
from tests.oracle.generate import random_game
from tests.oracle.generate_substitutes import add_substitutes, bend_substitute
from tests.unit.scoring.test_properties import comparable

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def verdict(score, doc):
    try:
        scored = score(doc)
    except (GameError, reference.Invalid):
        return "invalid"
    return {**comparable(scored), "people": scored.get("people")}


@SETTINGS
@given(seeds)
def test_people_agree_with_the_reference(seed):
    rng = Random(seed)
    doc = add_substitutes(rng, random_game(rng))
    engine = score_document(doc)
    assert verdict(score_document, doc) == verdict(reference.score_game, doc)
    if doc["substitutes"]:
        assert sum(p["total"] for p in engine["people"].values()) == sum(engine["totals"].values())
        assert load(dump(load(doc))) == load(doc)


@SETTINGS
@given(seeds)
def test_a_bent_replacement_is_refused_as_the_reference_says(seed):
    rng = Random(seed)
    doc = bend_substitute(rng, add_substitutes(rng, random_game(rng)))
    assert verdict(score_document, doc) == verdict(reference.score_game, doc)


def test_the_sweep_meets_both_verdicts():
    """A fixed sweep: both verdicts occur, so the comparison above cannot pass by refusing all."""
    seen = set()
    for seed in range(300):
        rng = Random(seed)
        doc = bend_substitute(rng, add_substitutes(rng, random_game(rng)))
        engine = verdict(score_document, doc)
        assert engine == verdict(reference.score_game, doc), seed
        seen.add(engine == "invalid")
    assert seen == {True, False}
