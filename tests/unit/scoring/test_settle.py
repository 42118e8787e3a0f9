"""Settling up: balanced, rounded for the currency, in the fewest transfers."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import GameError
from scorekeeper.scoring.settle import minor_unit, parse_currency, parse_stake, settle

D = Decimal


def moves(s) -> list[tuple[int, int, str]]:
    return [(t.payer, t.payee, str(t.amount)) for t in s.transfers]


def balance(s) -> list[Decimal]:
    """What each seat ends up with after the transfers."""
    out = [D(0)] * len(s.nets)
    for t in s.transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return out


def fewest(nets: list[int]) -> int:
    """Players owing or owed, less the most zero-sum groups they split into: brute force."""
    seats = [i for i, v in enumerate(nets) if v]

    def most(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        found = 0
        for k in range(len(others) + 1):
            for chosen in combinations(others, k):
                if nets[first] + sum(nets[c] for c in chosen) == 0:
                    left = tuple(o for o in others if o not in chosen)
                    found = max(found, 1 + most(left))
        return found

    return len(seats) - most(tuple(seats))


CASES = {
    # The rules' worked example after two deals, at ten cents a point.
    "worked example": (
        [-4, 16, -48, 36],
        "0.10",
        "EUR",
        False,
        [(2, 3, "3.60"), (2, 1, "1.20"), (0, 1, "0.40")],
    ),
    "two pairs settle apart": ([30, -30, 12, -12], "1", "EUR", False, [(1, 0, "30.00"), (3, 2, "12.00")]),
    "one loser pays all": (
        [10, 10, 10, -30],
        "0.5",
        "EUR",
        False,
        [(3, 0, "5.00"), (3, 1, "5.00"), (3, 2, "5.00")],
    ),
    "nobody owes": ([0, 0, 0, 0], "1", "EUR", False, []),
    "yen have no decimals": ([7, -3, -4], "2.5", "JPY", False, [(2, 0, "10"), (1, 0, "8")]),
    "dinars have three": ([7, -3, -4], "0.0125", "KWD", False, [(2, 0, "0.050"), (1, 0, "0.038")]),
    "thirds of a cent": ([1, 0, 0], "0.01", "EUR", False, [(2, 0, "0.01")]),
    "french: differences": ([10, 20, 30], "1", "EUR", True, [(2, 0, "30.00")]),
    "french: five players": ([100, 120, 80, 200, 0], "0.01", "EUR", True, None),
    "not zero-sum: less the average": ([-100, -200, -300, -400], "0.1", "EUR", False, None),
}


@pytest.mark.parametrize(("totals", "stake", "currency", "lower", "want"), CASES.values(), ids=CASES.keys())
def test_hand_checked(totals, stake, currency, lower, want) -> None:
    s = settle(totals, D(stake), currency, lower)
    if want is not None:
        assert moves(s) == want
    assert balance(s) == list(s.nets)
    assert sum(s.nets) == 0
    assert len(s.transfers) <= len(totals) - 1


def test_french_pairs_settle_their_differences() -> None:
    s = settle([10, 20, 30], D("1"), "EUR", lower_wins=True)
    # Ann beats Bob by 10 and Cy by 20; Bob beats Cy by 10.
    assert s.nets == (D("30.00"), D("0.00"), D("-30.00"))
    assert [t.amount for t in s.transfers] == [D("30.00")]


def test_zero_sum_nets_are_total_times_stake() -> None:
    s = settle([-4, 16, -48, 36], D("0.25"), "USD")
    assert s.nets == (D("-1.00"), D("4.00"), D("-12.00"), D("9.00"))
    assert not s.rounded and s.rounding == 0


def test_rounding_is_reported_and_still_balances() -> None:
    s = settle([1, 0, 0], D("0.01"), "EUR")  # 2/3, -1/3, -1/3 of a cent
    assert s.exact == (Fraction(2, 300), Fraction(-1, 300), Fraction(-1, 300))
    # Equal remainders go to the earlier seats.
    assert s.nets == (D("0.01"), D("0.00"), D("-0.01"))
    assert s.rounded
    assert s.rounding == D("0.0067")  # Cy pays a cent for his third of one: two thirds off
    jpy = settle([7, -3, -4], D("2.5"), "JPY")  # 17.5, -7.5, -10: the half yen goes to the earlier seat
    assert jpy.nets == (D("18"), D("-8"), D("-10")) and sum(jpy.nets) == 0
    assert jpy.rounding == D("0.50")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-800, 800), min_size=3, max_size=5),
    st.decimals(min_value=D("0.0001"), max_value=D("50"), places=4),
    st.sampled_from(["EUR", "JPY", "KWD", "XYZ"]),
    st.booleans(),
)
def test_settlements_always_balance_in_the_fewest_transfers(totals, stake, currency, lower) -> None:
    s = settle(totals, stake, currency, lower)
    assert balance(s) == list(s.nets)
    assert sum(s.nets) == 0
    assert all(t.amount > 0 and t.payer != t.payee for t in s.transfers)
    assert len(s.transfers) <= len(totals) - 1
    quantum = D(1).scaleb(-minor_unit(currency))
    units = [int(n / quantum) for n in s.nets]
    assert len(s.transfers) == fewest(units)
    for net, exact in zip(s.nets, s.exact, strict=True):
        assert abs(Fraction(net) - exact) < Fraction(quantum)
        assert abs(Fraction(net) - exact) <= Fraction(s.rounding) + Fraction(quantum) / 200
    if not lower and sum(totals) == 0:
        assert s.exact == tuple(Fraction(stake) * t for t in totals)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the stake is missing"),
        ("abc", "'abc' is not a number"),
        ("NaN", "'NaN' is not a number"),
        ("Infinity", "'Infinity' is not a number"),
        ("-1", "the stake must be more than 0"),
        ("0", "the stake must be more than 0"),
        ("0.00001", "the stake has at most 4 decimal places"),
        ("123456", "the stake must be less than 10000"),
    ],
)
def test_bad_stakes_name_the_field(text: str, message: str) -> None:
    with pytest.raises(GameError) as caught:
        parse_stake(text)
    (problem,) = caught.value.problems
    assert (problem.field, problem.message) == ("stake", message)


@pytest.mark.parametrize(
    ("text", "stake"), [("0.10", "0.10"), ("0,5", "0.5"), ("۰٫۲۵", "0.25"), ("1E1", "10")]
)
def test_stakes_as_people_write_them(text: str, stake: str) -> None:
    assert str(parse_stake(text)) == stake


@pytest.mark.parametrize("text", ["", "EU", "EURO", "E1R", "€€€", "ÉUR"])
def test_bad_currencies_name_the_field(text: str) -> None:
    with pytest.raises(GameError) as caught:
        parse_currency(text)
    assert caught.value.problems[0].field == "currency"


def test_currency_codes() -> None:
    assert parse_currency(" usd ") == "USD"
    assert [minor_unit(c) for c in ("JPY", "EUR", "KWD", "IRR", "ABC")] == [0, 2, 3, 0, 2]
