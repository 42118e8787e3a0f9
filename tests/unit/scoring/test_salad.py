"""The Salad's make-up in French Barbu (`rules.salad`): its parts, halved or whole, penalty or reward."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.paper.sheet import deal_limit
from scorekeeper.present.report import score_document
from scorekeeper.scoring import FORMAT, GAMES, FormatError, GameError, Rules, dump, load
from scorekeeper.scoring.salad import Makeup, Scored
from tests.oracle import reference
from tests.oracle.generate import draw_salad, mutate, random_game, random_rules
from tests.unit.scoring.test_properties import comparable, engine_verdict, reference_verdict

P4 = ["Ann", "Beth", "Cat", "Diana"]
VIV1BIN = {  # Viv1bin's values: whole, then halved in the Salad
    "no-tricks": 10,
    "no-hearts": 10,
    "no-queens": 20,
    "barbu": 80,
    "tricks": -5,
    "no-first-last": [40, 40],
    "dominoes": [-120, -60, -20, 0],
    "no-last-two": [20, 60],
}
ALL = ["no-tricks", "no-hearts", "no-queens", "barbu", "no-last-two"]


def seats(*values: int) -> dict[str, int]:
    return dict(zip(P4, values, strict=True))


def doc(salad: Any = None, hands: list[dict[str, Any]] | None = None, **rules: Any) -> dict[str, Any]:
    given = {"game": "french", **rules} | ({} if salad is None else {"salad": salad})
    return {"format": FORMAT, "players": P4, "first_declarer": "Ann", "rules": given, "hands": hands or []}


EVERYTHING = {  # Ann takes every card and every trick
    "tricks": seats(13, 0, 0, 0),
    "hearts": seats(13, 0, 0, 0),
    "queens": seats(4, 0, 0, 0),
    "king": "Ann",
    "penultimate": "Ann",
    "last": "Ann",
}
SPREAD = {
    "tricks": seats(4, 3, 3, 3),
    "hearts": seats(1, 5, 7, 0),
    "queens": seats(0, 1, 2, 1),
    "king": "Cat",
    "penultimate": "Beth",
    "last": "Diana",
}


def result(parts: list[str], taken: dict[str, Any]) -> dict[str, Any]:
    """The keys of `taken` that the parts record."""
    keys = {
        "no-tricks": ["tricks"],
        "no-hearts": ["hearts"],
        "no-queens": ["queens"],
        "barbu": ["king"],
        "last-trick": ["last"],
        "no-last-two": ["penultimate", "last"],
    }
    return {k: taken[k] for part in parts for k in keys[part]}


@pytest.mark.parametrize(
    ("salad", "scheme", "taken", "raw"),
    [
        # The default: the four, whole, a penalty (5 a trick, 5 a heart, 20 a queen, 80 the king).
        (None, None, EVERYTHING, (290, 0, 0, 0)),
        ({}, None, SPREAD, (20 + 5, 15 + 25 + 20, 15 + 35 + 40 + 80, 15 + 20)),
        # Viv1bin's Salad: the last two tricks too, halved: 250 for a player who takes everything.
        ({"parts": ALL, "halved": True}, VIV1BIN, EVERYTHING, (250, 0, 0, 0)),
        ({"parts": ALL[:4], "halved": True}, VIV1BIN, EVERYTHING, (210, 0, 0, 0)),
        (
            {"parts": ALL, "halved": True},
            VIV1BIN,
            SPREAD,
            (25, 15 + 25 + 10 + 10, 15 + 35 + 20 + 40, 15 + 10 + 30),
        ),
        # A reward turns every sign.
        ({"scored": "reward"}, None, EVERYTHING, (-290, 0, 0, 0)),
        ({"parts": ["barbu"], "scored": "reward", "halved": True}, None, SPREAD, (0, 0, -40, 0)),
        # The last trick takes No first or last trick's last value (40).
        ({"parts": ["barbu", "last-trick"]}, None, SPREAD, (0, 0, 80, 40)),
        ({"parts": ["last-trick", "no-last-two"]}, None, SPREAD, (0, 20, 0, 100)),
        # The order the parts are given in does not matter.
        ({"parts": ["barbu", "no-queens"]}, None, SPREAD, (0, 20, 120, 20)),
    ],
)
def test_salad_raw_scores(salad: Any, scheme: Any, taken: dict[str, Any], raw: tuple[int, ...]) -> None:
    parts = ALL[:4] if salad is None else salad.get("parts", ALL[:4])
    hand = {"contract": "salad", "result": result(parts, taken)}
    rules = {} if scheme is None else {"scheme": scheme}
    scored = score_document(doc(salad, [hand], **rules))
    assert tuple(scored["hands"][0]["raw"].values()) == raw
    assert scored["hands"][0]["contract_total"] == sum(raw)
    assert scored["checks"]["deals_balance"]


@pytest.mark.parametrize(
    ("salad", "rules", "total"),
    [
        (None, {}, 65 + 65 + 80 + 80),
        ({"parts": ALL, "halved": True}, {"scheme": VIV1BIN}, 250),
        ({"parts": ["no-hearts"], "scored": "reward"}, {"deck": 32}, -40),  # 8 hearts
        ({"parts": ["last-trick"]}, {"sequence": "fixed"}, 40),
    ],
)
def test_contract_total_follows_the_make_up(salad: Any, rules: dict[str, Any], total: int) -> None:
    game = load(doc(salad, **rules))
    made = game.rules.contract("salad")
    assert made is not None and game.rules.contract_total(made) == total


def test_the_deal_records_what_the_parts_need() -> None:
    rules = load(doc({"parts": ["barbu", "no-last-two"]})).rules
    made = rules.contract("salad")
    assert made is not None and [p.key for p in made.parts] == ["king", "penultimate", "last"]
    assert made.part("king").holds is None  # no hearts recorded, so none to hold
    default = load(doc()).rules.contract("salad")
    assert default is GAMES["french"].contract("salad")


def test_round_trip_writes_the_make_up_only_when_it_is_not_the_default() -> None:
    assert "salad" not in dump(load(doc()))["rules"]
    assert "salad" not in dump(load(doc({"parts": ALL[:4]})))["rules"]
    given = {"parts": ["barbu", "no-tricks"], "scored": "reward"}
    written = dump(load(doc(given)))["rules"]["salad"]
    assert written == {"parts": ["no-tricks", "barbu"], "halved": False, "scored": "reward"}
    hand = {"contract": "salad", "result": result(["no-tricks", "barbu"], SPREAD)}
    game = load(doc(given, [hand]))
    assert load(dump(game)) == game


def test_rules_made_in_code_take_a_make_up() -> None:
    rules = Rules.of(GAMES["french"], 4, salad=Makeup(("barbu",), scored=Scored.REWARD))
    made = rules.contract("salad")
    assert made is not None and made.positive and rules.contract_total(made) == -80
    with pytest.raises(GameError) as error:
        Rules.of(GAMES["barbu"], salad=Makeup())
    assert error.value.problems[0].field == "rules.salad"


@pytest.mark.parametrize(
    ("salad", "rules", "field"),
    [
        ({"parts": ["no-tricks", "trumps"]}, {}, "rules.salad.parts[1]"),
        ({"parts": ["barbu", "barbu"]}, {}, "rules.salad.parts[1]"),
        ({"parts": []}, {}, "rules.salad.parts"),
        ({"parts": "barbu"}, {}, "rules.salad.parts"),
        ({"parts": [1]}, {}, "rules.salad.parts"),
        ({"halved": "yes"}, {}, "rules.salad.halved"),
        ({"scored": "bonus"}, {}, "rules.salad.scored"),
        ({"scored": True}, {}, "rules.salad.scored"),
        ({"parts": ALL, "mixed": True}, {}, "rules.salad"),
        (["barbu"], {}, "rules.salad"),
        # French Barbu's own points are odd (5 a trick): halving them would leave halves.
        ({"halved": True}, {}, "rules.salad.halved"),
        (
            {"parts": ["barbu", "no-queens"], "halved": True},
            {"scheme": {**VIV1BIN, "barbu": 75}},
            "rules.salad.halved",
        ),
        # The parts' points must be given, even when their contracts are not played.
        (
            {"parts": ["no-last-two"]},
            {"scheme": {k: v for k, v in VIV1BIN.items() if k != "no-last-two"}},
            "rules.scheme.no-last-two",
        ),
    ],
)
def test_a_bad_make_up_is_refused_naming_the_field(salad: Any, rules: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as error:
        load(doc(salad, **rules))
    assert isinstance(error.value, FormatError)
    assert {p.field for p in error.value.problems} == {field}, error.value


def test_the_salad_is_french_barbus_alone() -> None:
    barbu = {"format": FORMAT, "players": P4, "first_declarer": "Ann", "rules": {"salad": {}}, "hands": []}
    with pytest.raises(FormatError) as error:
        load(barbu)
    assert error.value.problems[0].field == "rules"
    assert "salad" in str(error.value)


@pytest.mark.parametrize(
    ("salad", "result", "field"),
    [
        # The last two tricks need who took them.
        ({"parts": ["barbu", "no-last-two"]}, {"king": "Ann", "last": "Ann"}, "result"),
        # A part the make-up leaves out is not recorded.
        ({"parts": ["barbu"]}, {"king": "Ann", "tricks": seats(13, 0, 0, 0)}, "result"),
        # The king's taker took a heart, when hearts are recorded.
        ({"parts": ["no-hearts", "barbu"]}, {"hearts": seats(0, 13, 0, 0), "king": "Ann"}, "king"),
        ({"parts": ["no-hearts"], "halved": False}, {"hearts": seats(0, 12, 0, 0)}, "hearts"),
    ],
)
def test_a_salad_deal_is_checked_against_its_make_up(salad: Any, result: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as error:
        load(doc(salad, [{"contract": "salad", "result": result}]))
    assert error.value.problems[0].field.startswith(field), error.value
    assert error.value.problems[0].deal == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_salad_make_ups_agree_with_the_reference(seed: int) -> None:
    """French games that always have a make-up, scored by the engine and by the oracle, and
    mutated (then scored or refused alike)."""
    rng = Random(seed)
    players = rng.choice((3, 4, 5))
    rules = random_rules(rng, "french", players)
    draw_salad(rng, rules, players)
    doc = random_game(rng, rules=rules, players=players)
    assert comparable(score_document(doc)) == comparable(reference.score_game(doc))
    mutated = mutate(rng, doc)
    assert engine_verdict(mutated) == reference_verdict(mutated)


def test_the_paper_checks_bound_on_a_deal_holds_a_reward_salad() -> None:
    """A Salad scored as a reward is as far from 0 as the penalty (the paper check's bound)."""
    parts = [*ALL, "last-trick"]  # 290 + 80 + 40: more than any other contract gives out
    penalty = load(doc({"parts": parts})).rules
    reward = load(doc({"parts": parts, "scored": "reward"})).rules
    assert deal_limit(reward) == deal_limit(penalty) == 410 * (4 * 4 - 3)
