"""Settling up: who pays whom, at a stake per point, with the fewest transfers.

What each player wins or loses (their *net*):
- where higher totals win, their total less the table's average, times the
  stake; in a zero-sum game (every complete Barbu with standard points) that
  is simply total x stake;
- in French Barbu, where lower totals win, each pair settles the difference of
  their totals: net_i = stake x sum over j of (t_j - t_i).

Nets are rounded to the currency's minor unit so that they still add up to
exactly 0 (largest remainders), and the rounding is reported. The transfers
then split the table into as many groups whose nets add up to 0 as possible:
a group of k players settles in k - 1 transfers, so that is the fewest
transfers there are, and never more than players - 1.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .errors import GameError

__all__ = [
    "DEFAULT_CURRENCY",
    "Settlement",
    "Transfer",
    "minor_unit",
    "parse_currency",
    "parse_stake",
    "settle",
]

DEFAULT_CURRENCY = "EUR"
STAKE_PLACES = 4
STAKE_LIMIT = 10_000
# ISO 4217 currencies whose minor unit is not the cent; any other code has 2 decimals.
EXPONENTS = {
    **dict.fromkeys(
        ("BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND"), 0
    ),
    **dict.fromkeys(("VUV", "XAF", "XOF", "XPF"), 0),
    **dict.fromkeys(("BHD", "JOD", "KWD", "LYD", "OMR", "TND"), 3),
    "CLF": 4,
    "UYW": 4,
    # ISO gives these decimals, but no coin or price has used them for decades: whole units.
    **dict.fromkeys(("IRR", "IDR", "LAK", "LBP", "MMK", "SYP", "IQD"), 0),
}
# More players than this and the exact search (2^n subsets) gives way to a greedy settlement.
EXACT_UP_TO = 12


def minor_unit(currency: str) -> int:
    """Decimal places of `currency`'s minor unit (JPY 0, EUR 2, KWD 3); 2 for a code not listed."""
    return EXPONENTS.get(currency.upper(), 2)


# Persian and Arabic digits and decimal separators, and the decimal comma, as Python reads numbers.
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٫,", "01234567890123456789..")


def _western(text: str) -> str:
    return text.strip().translate(_DIGITS)


# A stake as people write it: digits, a decimal point, perhaps an exponent ("1E1"). Its text is
# bounded before Decimal reads it, and its digits and exponent are checked on the tuple Decimal
# keeps, never by normalize() or arithmetic: 1e-1000030 would underflow normalize() to 0 and then
# cost exact arithmetic on million-digit integers, and 1e1000000 would overflow it.
STAKE_TEXT = 40
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def _places(stake: Decimal) -> int:
    """Decimal places `stake` needs (0.10 needs 1; 1E1 none), read off its digits and exponent."""
    _sign, digits, exponent = stake.as_tuple()
    assert isinstance(exponent, int)  # a finite number: the grammar has no NaN or Infinity
    written = "".join(map(str, digits))
    return max(0, -(exponent + len(written) - len(written.rstrip("0"))))


def _typed_places(stake: Decimal) -> int:
    exponent = stake.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def parse_stake(text: str | Decimal) -> Decimal:
    """The stake per point written in `text`; GameError on the field `stake` if it is no good."""
    if isinstance(text, str) and not text.strip():
        raise GameError.one("stake", "the stake is missing", prefix=False)
    written = _western(text) if isinstance(text, str) else str(text)
    if len(written) > STAKE_TEXT or not _NUMBER.fullmatch(written):
        shown = written if len(written) <= STAKE_TEXT else written[:STAKE_TEXT] + "…"
        raise GameError.one("stake", "{stake!r} is not a number", prefix=False, stake=shown)
    stake = Decimal(written)
    if stake.is_signed() or stake.is_zero():
        raise GameError.one("stake", "the stake must be more than 0", prefix=False)
    places = _places(stake)
    if places > STAKE_PLACES:
        raise GameError.one(
            "stake", "the stake has at most {places} decimal places", prefix=False, places=STAKE_PLACES
        )
    if stake.adjusted() > 20 or stake >= STAKE_LIMIT:
        raise GameError.one("stake", "the stake must be less than {limit}", prefix=False, limit=STAKE_LIMIT)
    # Within 4 places and below 10,000 from here on: a handful of digits, whatever was typed.
    if places == 0:
        return stake.quantize(Decimal(1))
    # As typed ("0.10"), unless typed with more places than it needs and may have ("0.100000").
    return stake.quantize(Decimal(1).scaleb(-max(places, min(_typed_places(stake), STAKE_PLACES))))


def parse_currency(text: str) -> str:
    """A currency code, upper case; GameError on the field `currency` unless it is three letters."""
    code = text.strip().upper()
    if len(code) != 3 or not code.isascii() or not code.isalpha():
        raise GameError.one(
            "currency", "{code!r} is not a currency code: three letters, such as EUR", prefix=False, code=text
        )
    return code


@dataclass(frozen=True)
class Transfer:
    """`payer` pays `payee` `amount` (seats; the amount in the currency, > 0)."""

    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """What each player wins or loses, exactly and rounded, and the transfers that settle it.

    `rounding` is the largest difference between a player's exact and rounded net.
    """

    currency: str
    stake: Decimal
    places: int
    exact: tuple[Fraction, ...]
    nets: tuple[Decimal, ...]
    transfers: tuple[Transfer, ...]
    rounding: Decimal

    @property
    def rounded(self) -> bool:
        """True when some net had to be rounded."""
        return any(Fraction(n) != e for n, e in zip(self.nets, self.exact, strict=True))


def exact_nets(totals: Sequence[int], stake: Decimal, lower_wins: bool) -> tuple[Fraction, ...]:
    """Each player's win (> 0) or loss (< 0) before rounding; they add up to 0.

    The stake is checked again here, where it becomes a Fraction: a stake read from anywhere
    (the database, a caller) never costs more than a few digits of exact arithmetic."""
    n, whole, rate = len(totals), sum(totals), Fraction(parse_stake(stake))
    if lower_wins:
        return tuple(rate * (whole - n * t) for t in totals)
    return tuple(rate * (t - Fraction(whole, n)) for t in totals)


def _round(exact: Sequence[Fraction], places: int) -> tuple[int, ...]:
    """Nets in minor units, each within one unit of exact, adding up to 0 (largest remainders)."""
    units = [e * 10**places for e in exact]
    floors = [u.numerator // u.denominator for u in units]
    short = -sum(floors)  # 0 <= short < players, as the exact units add up to 0
    order = sorted(range(len(units)), key=lambda i: (-(units[i] - floors[i]), i))
    for i in order[:short]:
        floors[i] += 1
    return tuple(floors)


def _groups(nets: Sequence[int]) -> list[list[int]]:
    """The seats owing or owed, split into as many groups adding up to 0 as there can be.

    best[mask] is the most zero-sum groups the seats in mask split into when
    they are added one at a time; following it back gives an order of seats
    whose running sums hit 0 at every group's end.
    """
    seats = [s for s, v in enumerate(nets) if v]
    if len(seats) > EXACT_UP_TO:
        return [seats]
    size = 1 << len(seats)
    sums, best = [0] * size, [0] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + nets[seats[low]]
        best[mask] = max(best[mask & ~(1 << i)] for i in range(len(seats)) if mask >> i & 1)
        best[mask] += sums[mask] == 0
    order, mask = [], size - 1
    while mask:
        i = next(
            i
            for i in range(len(seats))
            if mask >> i & 1 and best[mask & ~(1 << i)] + (sums[mask] == 0) == best[mask]
        )
        order.append(seats[i])
        mask &= ~(1 << i)
    groups: list[list[int]] = [[]]
    running = 0
    for seat in reversed(order):
        groups[-1].append(seat)
        running += nets[seat]
        if running == 0:
            groups.append([])
    return [g for g in groups if g]


def _transfers(nets: Sequence[int], group: list[int]) -> list[tuple[int, int, int]]:
    """Settle one zero-sum group: the biggest debtor pays the biggest creditor, over and over.

    Each transfer clears at least one of the two, and the last clears both:
    at most len(group) - 1 transfers.
    """
    left = {s: nets[s] for s in group}
    out = []
    while any(left.values()):
        payer = min(left, key=lambda s: (left[s], s))
        payee = max(left, key=lambda s: (left[s], -s))
        amount = min(-left[payer], left[payee])
        out.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return out


def settle(
    totals: Sequence[int], stake: Decimal, currency: str = DEFAULT_CURRENCY, lower_wins: bool = False
) -> Settlement:
    """Who pays whom at `stake` per point, in `currency`, for a game that ended on `totals`."""
    places = minor_unit(currency)
    exact = exact_nets(totals, stake, lower_wins)
    units = _round(exact, places)
    quantum = Decimal(1).scaleb(-places)
    transfers = sorted(
        (
            Transfer(payer, payee, (Decimal(amount) * quantum).quantize(quantum))
            for group in _groups(units)
            for payer, payee, amount in _transfers(units, group)
        ),
        key=lambda t: (-t.amount, t.payer, t.payee),  # the biggest first, as people settle
    )
    nets = tuple((Decimal(u) * quantum).quantize(quantum) for u in units)
    worst = max((abs(Fraction(n) - e) for n, e in zip(nets, exact, strict=True)), default=Fraction(0))
    rounding = (Decimal(worst.numerator) / Decimal(worst.denominator)).quantize(quantum / 100)
    return Settlement(currency.upper(), stake, places, exact, nets, tuple(transfers), rounding)
