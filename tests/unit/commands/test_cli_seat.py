"""`scorekeeper seat`: the planner's evening as JSON, for numbers or names, with earlier evenings."""

from __future__ import annotations

import io
import json
import zipfile
from collections import Counter
from itertools import combinations

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.builders import game


def seat(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["seat", *args])
    return result.exit_code, result.stdout, result.stderr


def plan_of(*args: str) -> dict:
    code, out, err = seat(*args)
    assert code == 0, err
    return json.loads(out)


def repeats_of(rounds: list[dict], earlier: Counter | None = None) -> int:
    met: Counter = Counter()
    for one in rounds:
        for table in one["tables"]:
            met.update(frozenset(p) for p in combinations(table["seats"], 2))
    return sum(n - (0 if (earlier or {}).get(p) else 1) for p, n in met.items())


@pytest.mark.parametrize(
    ("players", "sizes", "games"),
    [
        ("11", "3,4,5", ["barbu", "barbu", "barbu-3"]),
        ("9", "3,4,5", ["barbu", "barbu-5"]),
        ("6", "3,4,5", ["barbu-3", "barbu-3"]),
        ("10", "4", ["barbu", "barbu"]),
    ],
)
def test_the_json_the_issue_specifies(players, sizes, games):
    plan = plan_of("--players", players, "--rounds", "3", "--sizes", sizes, "--seed", "4")
    assert set(plan) == {"rounds", "repeats"}
    assert len(plan["rounds"]) == 3
    for one in plan["rounds"]:
        assert set(one) == {"tables", "sitting_out"}
        assert [t["game"] for t in one["tables"]] == games
        assert all(set(t) == {"game", "seats"} for t in one["tables"])
        seated = [p for t in one["tables"] for p in t["seats"]] + one["sitting_out"]
        assert sorted(seated) == list(range(int(players)))
    assert plan["repeats"] == repeats_of(plan["rounds"])


def test_the_seed_decides_the_plan():
    args = ("--players", "13", "--rounds", "4")
    assert plan_of(*args, "--seed", "1") == plan_of(*args, "--seed", "1")
    assert plan_of(*args, "--seed", "1") != plan_of(*args, "--seed", "2")


def test_leftover_players_sit_out_in_turn():
    plan = plan_of("--players", "6", "--rounds", "3", "--sizes", "4")
    assert sorted(p for r in plan["rounds"] for p in r["sitting_out"]) == list(range(6))


def write(path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def group_zip(path, players_by_game: list[list[str]], merges: dict[str, str] | None = None) -> str:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for number, players in enumerate(players_by_game, start=1):
            doc = game()
            doc["players"], doc["first_declarer"] = players, players[0]
            archive.writestr(f"game-{number:03}.json", json.dumps(doc))
        manifest = {"format": "barbu-group/1", "name": "Club", "merges": merges or {}, "games": []}
        archive.writestr("group.json", json.dumps(manifest))
    path.write_bytes(out.getvalue())
    return str(path)


NAMES = ["Ann", "Beth", "Cat", "Diana", "Eve", "Fay", "Gil", "Hal"]


def test_named_players(tmp_path):
    names = write(tmp_path / "names.txt", "\n".join(NAMES) + "\n\n")
    plan = plan_of("--names", names, "--rounds", "2")
    seated = sorted(p for t in plan["rounds"][0]["tables"] for p in t["seats"])
    assert seated == sorted(NAMES)


def test_earlier_evenings_count_and_are_kept_apart(tmp_path):
    names = write(tmp_path / "names.txt", "\n".join(NAMES))
    # Ann, Beth, Cat and Diana played together (Annie is Ann, merged), and so did Eve, Fay, Gil, Hal
    history = group_zip(
        tmp_path / "club.zip",
        [["Annie", "Beth", "Cat", "Diana"], ["Eve", "Fay", "Gil", "Hal"]],
        {"annie": "Ann"},
    )
    plan = plan_of("--names", names, "--rounds", "1", "--sizes", "4", "--history", history)
    earlier = Counter(frozenset(p) for g in (NAMES[:4], NAMES[4:]) for p in combinations(g, 2))
    # each table of four holds two from each earlier table at best: one old pair each
    assert plan["repeats"] == repeats_of(plan["rounds"], earlier) == 4
    for table in plan["rounds"][0]["tables"]:
        assert len(set(table["seats"]) & set(NAMES[:4])) == 2
    assert plan_of("--names", names, "--rounds", "1", "--sizes", "4")["repeats"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2", "--rounds", "1"], "2 players cannot fill a table of 3"),
        (["--players", "3", "--rounds", "1", "--sizes", "4"], "cannot fill a table of 4"),
        (["--players", "8", "--rounds", "1", "--sizes", "4,6"], "3, 4 or 5 players, not '6'"),
        (["--rounds", "2"], "--players"),
    ],
)
def test_refusals(args, message):
    code, out, err = seat(*args)
    assert code != 0 and out == ""
    assert message in err


def test_refusals_about_files(tmp_path):
    names = write(tmp_path / "names.txt", "Ann\nBeth\nann\n")
    assert "twice" in seat("--names", names, "--rounds", "1")[2]
    names = write(tmp_path / "names.txt", "\n".join(NAMES))
    assert "names 8" in seat("--names", names, "--players", "9", "--rounds", "1")[2]
    assert "--names" in seat("--players", "8", "--rounds", "1", "--history", names)[2]
    code, _out, err = seat("--names", names, "--rounds", "1", "--history", names)
    assert code == 1 and "not a readable group zip" in err
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("game-001.json", '{"format": "barbu-game/1"}')
    code, _out, err = seat("--names", names, "--rounds", "1", "--history", str(bad))
    assert code == 1 and "game-001.json is not a valid game file" in err and "players: is missing" in err
    # Read with the app's limits: a bzip2 member (a bomb's method) is refused unread.
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_BZIP2) as archive:
        archive.writestr("game-001.json", "0" * 10_000)
    code, _out, err = seat("--names", names, "--rounds", "1", "--history", str(bomb))
    assert code == 1 and "compressed in a way this app cannot read" in err
    assert "cannot read" in seat("--names", str(tmp_path / "missing.txt"), "--rounds", "1")[2]
