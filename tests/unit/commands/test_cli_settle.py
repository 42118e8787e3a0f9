"""The `scorekeeper settle FILE --stake S [--currency C]` command on generated games of every kind."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import main
from scorekeeper.present.report import score_document
from tests.oracle.generate import random_game

from .test_cli import EXAMPLE, assert_refused

GAMES = ("barbu", "barbu-3", "barbette", "barbu-5", "french")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["settle", *args])


def write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def wanted(totals: dict[str, int], stake: Fraction, lower_wins: bool) -> dict[str, Fraction]:
    """Each name's exact net, from the totals alone (see settle.py's docstring)."""
    whole, n = sum(totals.values()), len(totals)
    if lower_wins:
        return {k: stake * sum(u - t for u in totals.values()) for k, t in totals.items()}
    return {k: stake * (t - Fraction(whole, n)) for k, t in totals.items()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", GAMES)
def test_generated_games_settle_in_balance(tmp_path: Path, kind: str, seed: int) -> None:
    rng = Random(f"settle-{kind}-{seed}")
    doc = random_game(rng, game=kind)
    stake, currency = rng.choice([("0.10", "EUR"), ("1", "JPY"), ("0.005", "KWD")])
    result = run(write(tmp_path, doc), "--stake", stake, "--currency", currency)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert list(out) == ["currency", "stake", "transfers"]
    assert out["currency"] == currency and out["stake"] == float(stake)
    scored = score_document(doc)
    names = scored["players"]
    assert len(out["transfers"]) <= len(names) - 1
    got = dict.fromkeys(names, Decimal(0))
    for t in out["transfers"]:
        assert set(t) == {"from", "to", "amount"}
        assert isinstance(t["amount"], int | float) and t["amount"] > 0
        got[t["from"]] -= Decimal(str(t["amount"]))
        got[t["to"]] += Decimal(str(t["amount"]))
    assert sum(got.values()) == 0
    unit = Fraction(1, 10 ** {"EUR": 2, "JPY": 0, "KWD": 3}[currency])
    exact = wanted(scored["totals"], Fraction(stake), scored.get("lower_wins", False))
    for name in names:
        assert abs(Fraction(got[name]) - exact[name]) < unit, name


def test_worked_example_at_ten_cents() -> None:
    result = run(str(EXAMPLE), "--stake", "0.10")
    assert result.exit_code == 0
    assert "not over" in result.stderr  # two deals of 28
    assert json.loads(result.stdout) == {
        "currency": "EUR",
        "stake": 0.1,
        "transfers": [
            {"from": "Cat", "to": "Beth", "amount": 2.95},
            {"from": "Cat", "to": "Ann", "amount": 0.5},
            {"from": "Diana", "to": "Ann", "amount": 0.45},
        ],
    }


def test_yen_are_whole_numbers() -> None:
    out = json.loads(run(str(EXAMPLE), "--stake", "2", "--currency", "jpy").stdout)
    assert out["currency"] == "JPY" and out["stake"] == 2
    assert all(isinstance(t["amount"], int) for t in out["transfers"])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--stake", "x"], "stake: 'x' is not a number"),
        (["--stake", "-1"], "stake: the stake must be more than 0"),
        (["--stake", "nan"], "stake: 'nan' is not a number"),
        (["--stake", "0.000001"], "stake: the stake has at most 4 decimal places"),
        (["--stake", "1", "--currency", "EURO"], "currency: 'EURO' is not a currency code"),
    ],
)
def test_bad_options_exit_1_naming_the_field(args: list[str], says: str) -> None:
    lines = assert_refused(run(str(EXAMPLE), *args))
    assert lines[0].startswith(says)


def test_bad_files_exit_1(tmp_path: Path) -> None:
    assert_refused(run(str(tmp_path / "missing.json"), "--stake", "1"))
    assert_refused(run(write(tmp_path, {"format": "nonsense"}), "--stake", "1"))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not json")
    assert_refused(run(str(bad), "--stake", "1"))


def test_stake_is_required() -> None:
    result = run(str(EXAMPLE))
    assert result.exit_code == 2 and "--stake" in result.stderr
