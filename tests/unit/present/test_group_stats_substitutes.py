"""A group's boards and records credit each person with the deals they played, a substitute too."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from scorekeeper.present.group_stats import Names, boards, records
from scorekeeper.scoring import load
from scorekeeper.scoring.stats import game_stats
from scorekeeper.storage.groups import GameInfo, GroupGame
from tests.builders import full_game

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def group_of(*docs: dict) -> list[GroupGame]:
    return [
        GroupGame(GameInfo(n + 1, uuid.uuid4().hex, uuid.uuid4().hex, {}, "0.1", WHEN, WHEN), load(doc))
        for n, doc in enumerate(docs)
    ]


def replaced(from_deal: int) -> dict:
    return {**full_game(), "substitutes": [{"seat": 2, "from_deal": from_deal, "name": "Zoe"}]}


def test_the_board_splits_the_seat_by_the_deals_played() -> None:
    game = load(replaced(13))
    played = group_of(replaced(13))
    board = {s.name: s for s in boards(played, Names(played, {}))[0].standings}
    split = game.person_totals()
    assert (board["Cat"].total, board["Zoe"].total) == (split["Cat"], split["Zoe"])
    assert board["Cat"].total + board["Zoe"].total == game.totals[2]
    assert board["Zoe"].games == board["Cat"].games == 1


def test_the_records_split_the_seat_by_the_deals_played() -> None:
    played = group_of(replaced(13), full_game())
    found = {r.name: r for r in records(played, Names(played, {}))[0].players}
    zoe, cat = found["Zoe"], found["Cat"]
    assert zoe.games == 1 and cat.games == 2
    plain = load(full_game())
    assert cat.total + zoe.total == 2 * plain.totals[2]
    # Zoe opened no block of her own: deals 13 and 14 are Beth's, 15 to 21 are the seat's declaring.
    assert sum(t.deals for t in zoe.by_role["declarer"].values()) == 7
    assert sum(t.deals for t in zoe.by_role["opponent"].values()) == 9


def test_stats_by_seat_are_as_before_and_by_person_add_up() -> None:
    game = load(replaced(13))
    seats, people = game_stats(game), game_stats(game, by_person=True)
    assert seats.names == ("Ann", "Beth", "Cat", "Diana")
    assert seats.totals == game.totals
    assert people.names == ("Ann", "Beth", "Cat", "Diana", "Zoe")
    assert sum(people.totals) == sum(game.totals)
    assert people.players[4].running[-1] == game.person_totals()["Zoe"]


def test_a_substitute_yet_to_play_is_not_counted() -> None:
    doc = full_game()
    doc["hands"] = doc["hands"][:12]
    played = group_of({**doc, "substitutes": [{"seat": 2, "from_deal": 13, "name": "Zoe"}]})
    assert "Zoe" not in {s.name for s in boards(played, Names(played, {}))[0].standings}
    assert "Zoe" not in game_stats(played[0].game, by_person=True).names
