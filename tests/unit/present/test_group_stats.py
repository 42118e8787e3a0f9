"""A group's leaderboards over generated games of every kind agree with `scorekeeper score`'s totals.

The direct computation reads only the CLI's JSON (totals, whether the game is complete, whether
lower wins) and adds up by name, ignoring case and spaces; the group's figures come from the
folded games. Names are drawn from a small pool and written differently from game to game.
"""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.present.group_stats import Names, between, boards, records, tonight
from scorekeeper.scoring import load
from scorekeeper.storage.groups import GameInfo, GroupGame, fold
from tests.oracle.generate import random_game

POOL = ["Ann", "Beth", "Cat", "Diana", "Eve", "Mary Ann", "Bob"]
START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def spelled(rng: Random, name: str) -> str:
    """`name` as someone might type it: other capitals, a doubled space."""
    return rng.choice([name, name.upper(), name.lower(), name.replace(" ", "  ")])


def renamed(doc: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """`doc` with its players renamed wherever the format puts a name (and nowhere else)."""

    def one(value: Any) -> Any:
        if isinstance(value, dict):
            return {names.get(k, k): v for k, v in value.items()}
        if isinstance(value, list):
            return [names.get(v, v) for v in value]
        return names.get(value, value)

    hands = []
    for hand in doc["hands"]:
        hand = dict(hand)
        if "declarer" in hand:
            hand["declarer"] = names[hand["declarer"]]
        hand["doubles"] = [[names[a], names[b]] for a, b in hand.get("doubles", [])]
        if "result" in hand:
            hand["result"] = {k: one(v) for k, v in hand["result"].items()}
        hands.append(hand)
    players = [names[p] for p in doc["players"]]
    return {**doc, "players": players, "first_declarer": names[doc["first_declarer"]], "hands": hands}


def generated(seed: int, count: int) -> list[dict[str, Any]]:
    rng = Random(seed)
    docs = []
    for number in range(count):
        kind = ["barbu", "barbu-3", "barbette", "barbu-5", "french"][number % 5]
        doc = random_game(rng, game=kind)
        chosen = rng.sample(POOL, len(doc["players"]))
        docs.append(
            renamed(doc, {old: spelled(rng, new) for old, new in zip(doc["players"], chosen, strict=True)})
        )
    return docs


def as_group(docs: list[dict[str, Any]]) -> list[GroupGame]:
    games = []
    for number, doc in enumerate(docs):
        when = START + timedelta(days=number)
        # A link of its own, as every stored game has: figures are cached by link (hash) and stamp.
        row = GameInfo(number + 1, uuid.uuid4().hex, uuid.uuid4().hex, {}, "0.1", when, when)
        games.append(GroupGame(row, load(doc)))
    return games


def scored(doc: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What `scorekeeper score FILE` prints for the game."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.output)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_leaderboards_agree_with_the_cli(seed: int, tmp_path: Path) -> None:
    docs = generated(seed, 25)
    expected: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    lower: dict[str, bool] = {}
    for doc in docs:
        out = scored(doc, tmp_path)
        if not out["checks"]["complete"]:
            continue
        kind = doc.get("rules", {}).get("game", "barbu")
        lower[kind] = out.get("lower_wins", False)
        for name, total in out["totals"].items():
            line = expected[kind][" ".join(name.split()).casefold()]
            line[0] += total
            line[1] += 1
    played = as_group(docs)
    names = Names(played, {})
    found = boards(between(played, None, None), names)
    assert len(found) >= 3, "too few complete games to compare"
    assert {b.kind.id for b in found} == set(expected)
    for board in found:
        got = {fold(s.name): [s.total, s.games] for s in board.standings}
        assert got == expected[board.kind.id]
        assert board.lower_wins == lower[board.kind.id]
        totals = [s.total for s in board.standings]
        assert totals == sorted(totals, reverse=not board.lower_wins)
        for before, after in zip(board.standings, board.standings[1:], strict=False):
            assert before.place <= after.place
            assert (before.place == after.place) == (before.total == after.total)


def test_dates_choose_the_games_counted() -> None:
    played = as_group(generated(7, 20))
    complete = [g for g in played if g.game.complete]
    day = complete[len(complete) // 2].row.created_at.date()
    chosen = between(played, day, day)
    assert [g.row.id for g in chosen] == [complete[len(complete) // 2].row.id]
    assert between(played, day + timedelta(days=100), None) == []
    assert len(between(played, None, date(2030, 1, 1))) == len(complete)


def test_a_merged_spelling_counts_as_the_other() -> None:
    played = as_group(generated(3, 25))
    plain = Names(played, {})
    merged = Names(played, {"eve": "Bob"})
    before = {b.kind.id: {fold(s.name): s for s in b.standings} for b in boards(played, plain)}
    after = {b.kind.id: {fold(s.name): s for s in b.standings} for b in boards(played, merged)}
    for kind, lines in before.items():
        eve, bob = lines.get("eve"), lines.get("bob")
        assert "eve" not in after[kind]
        if eve is not None or bob is not None:
            total = (eve.total if eve else 0) + (bob.total if bob else 0)
            games = (eve.games if eve else 0) + (bob.games if bob else 0)
            assert (after[kind]["bob"].total, after[kind]["bob"].games) == (total, games)
    assert merged.key("  EVE ") == "bob"
    assert plain.key("Mary   ann") == "mary ann"


def test_the_latest_spelling_is_shown() -> None:
    played = as_group(generated(5, 10))
    names = Names(played, {})
    last = played[-1].game.players[0]
    assert names.shown(last.upper()) == " ".join(last.split())


def test_tonight_is_the_games_changed_in_the_last_hours() -> None:
    played = as_group(generated(1, 6))
    moment = played[-1].row.updated_at + timedelta(hours=1)
    assert [g.row.id for g in tonight(played, moment)] == [played[-1].row.id]
    assert tonight(played, moment + timedelta(days=1)) == []


@pytest.mark.parametrize("seed", range(2))
def test_contract_and_double_figures_agree_with_the_cli(seed: int, tmp_path: Path) -> None:
    docs = generated(seed + 10, 20)
    # (kind, player, role, contract) -> [points, deals]; (kind, player) -> [won, lost]
    points: dict[tuple[str, str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    doubles: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for doc in docs:
        kind = doc.get("rules", {}).get("game", "barbu")
        for hand in scored(doc, tmp_path)["hands"]:
            for name, score in hand["score"].items():
                role = "declarer" if name == hand["declarer"] else "opponent"
                line = points[kind, fold(name), role, hand["contract"]]
                line[0] += score
                line[1] += 1
            for payment in hand["payments"]:
                if payment["amount"]:
                    doubles[kind, fold(payment["to"])][0] += 1
                    doubles[kind, fold(payment["from"])][1] += 1
    played = as_group(docs)
    found = records(played, Names(played, {}))
    got: dict[tuple[str, str, str, str], list[int]] = {}
    for kind in found:
        for player in kind.players:
            for role, row in player.by_role.items():
                for contract, tally in row.items():
                    got[kind.kind.id, fold(player.name), role, contract] = [tally.points, tally.deals]
            if player.doubles.won or player.doubles.lost:
                assert [player.doubles.won, player.doubles.lost] == doubles[kind.kind.id, fold(player.name)]
    assert got == dict(points)
    assert sum(w for w, _ in doubles.values()) == sum(p.doubles.won for kind in found for p in kind.players)
