"""The `scorekeeper rate FILE...` command: game files and group zips, one JSON line per game kind."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import main
from scorekeeper.scoring import load
from scorekeeper.scoring.rating import Table, rate
from tests.builders import PLAYERS, full_game
from tests.oracle.generate import random_game

from .test_cli import EXAMPLE


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["rate", *args])


def renamed(names: list[str]) -> dict[str, object]:
    text = json.dumps(full_game())
    for i, old in enumerate(PLAYERS):  # through placeholders: the names are swapped around
        text = text.replace(json.dumps(old), json.dumps(f"@{i}"))
    for i, new in enumerate(names):
        text = text.replace(json.dumps(f"@{i}"), json.dumps(new))
    doc: dict[str, object] = json.loads(text)
    return doc


def write(tmp_path: Path, name: str, doc: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def lines(result: Result) -> list[dict[str, object]]:
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def expected(*docs: dict[str, object], provisional: int = 10) -> list[dict[str, object]]:
    """What the rating says of `docs`, oldest first, worked out from their totals."""
    tables = []
    for doc in docs:
        game = load(doc)
        sign = -1 if game.rules.game.lower_wins else 1
        tables.append(
            Table(game.rules.game.id, game.players, tuple(sign * t / len(game.rows) for t in game.totals))
        )
    return [
        {
            "game": r.game,
            "players": [
                {
                    "name": p.name,
                    "strength": round(p.strength, 2) + 0.0,
                    "games": p.games,
                    "provisional": p.provisional,
                }
                for p in r.players
            ],
        }
        for r in rate(tables, provisional)
    ]


ORDERS = [
    ["Ann", "Beth", "Cat", "Diana"],
    ["Beth", "Cat", "Diana", "Ann"],
    ["Cat", "Ann", "Beth", "Diana"],
]


def test_game_files_in_the_order_given(tmp_path: Path) -> None:
    docs = [renamed(order) for order in ORDERS]
    paths = [write(tmp_path, f"g{i}.json", doc) for i, doc in enumerate(docs)]
    out = lines(run(*paths))
    assert out == expected(*docs)
    (barbu,) = out
    assert barbu["game"] == "barbu"
    players = barbu["players"]
    assert isinstance(players, list)
    assert [p["games"] for p in players] == [3, 3, 3, 3]
    strengths = [p["strength"] for p in players]
    assert strengths == sorted(strengths, reverse=True)
    assert lines(run(*reversed(paths))) != out  # the order is the order of the games


def test_one_line_per_kind_in_the_apps_order(tmp_path: Path) -> None:
    rng = Random("rate-french")
    french = next(d for d in (random_game(rng, game="french") for _ in range(50)) if load(d).complete)
    paths = [write(tmp_path, "f.json", french), write(tmp_path, "b.json", full_game())]
    out = lines(run(*paths))
    assert [line["game"] for line in out] == ["barbu", "french"]
    assert out == expected(full_game(), french)


@pytest.mark.parametrize(("minimum", "provisional"), [("0", False), ("2", False), ("3", True), ("30", True)])
def test_provisional_until_the_minimum(tmp_path: Path, minimum: str, provisional: bool) -> None:
    paths = [write(tmp_path, f"g{i}.json", renamed(order)) for i, order in enumerate(ORDERS[:2])]
    (barbu,) = lines(run("--provisional", minimum, *paths))
    players = barbu["players"]
    assert isinstance(players, list)
    assert {p["provisional"] for p in players} == {provisional}


@pytest.mark.parametrize("minimum", ["-1", "31", "ten"])
def test_a_minimum_out_of_range_is_refused(tmp_path: Path, minimum: str) -> None:
    result = run("--provisional", minimum, write(tmp_path, "g.json", full_game()))
    assert result.exit_code == 2 and "--provisional" in result.output


def test_unfinished_games_are_not_rated() -> None:
    result = run(str(EXAMPLE))
    assert result.exit_code == 0 and result.stdout == ""
    assert "no finished game to rate" in result.stderr


def test_an_invalid_game_file_is_refused(tmp_path: Path) -> None:
    doc = full_game()
    doc["players"] = ["Ann", "Ann", "Cat", "Diana"]
    result = run(write(tmp_path, "ok.json", full_game()), write(tmp_path, "bad.json", doc))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.strip()


def zipped(files: dict[str, object]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in files.items():
            archive.writestr(name, json.dumps(body))
    return out.getvalue()


def test_a_group_zip_by_its_dates_with_its_merges(tmp_path: Path) -> None:
    first, second = renamed(ORDERS[0]), renamed(["Beth", "Cat", "Diana", "annie"])
    manifest = {
        "format": "barbu-group/1",
        "name": "Club",
        "merges": {"annie": "Ann"},
        # the file names say otherwise: the dates decide
        "games": [
            {"file": "a.json", "created_at": "2026-03-02T20:00:00+00:00"},
            {"file": "b.json", "created_at": "2026-03-01T20:00:00+00:00"},
        ],
    }
    path = tmp_path / "group.zip"
    path.write_bytes(zipped({"a.json": second, "b.json": first, "group.json": manifest}))
    out = lines(run(str(path)))
    as_ann = renamed(ORDERS[1])  # the second game with the merged spelling
    assert out == expected(first, as_ann)
    players = out[0]["players"]
    assert isinstance(players, list)
    assert sorted(p["name"] for p in players) == ["Ann", "Beth", "Cat", "Diana"]


def test_a_damaged_zip_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "group.zip"
    path.write_bytes(b"PK\x03\x04 not really")
    result = run(str(path))
    assert result.exit_code == 1 and "zip" in result.stderr
