"""Filling the deal form from a stored deal, for corrections."""

from __future__ import annotations

from ..scoring import Deal, Dominoes, Hearts, King, LastTwo, Queens, Ravage, Tricks
from .forms import SUIT_KEYS, DealForm


def fill_form(form: DealForm, deal: Deal) -> None:
    """Show `deal` on the form as it was entered."""
    for a, b in deal.doubles:
        getattr(form, f"dbl_{a}_{b}").data = True
    if deal.trump:
        form.trump.data = deal.trump.value
    if deal.rank:
        form.rank.data = deal.rank
    match deal.result:
        case Tricks(tricks=counts):
            for seat, n in enumerate(counts):
                getattr(form, f"tricks_{seat}").data = str(n)
        case Hearts(hearts=counts, ace=ace):
            for seat, n in enumerate(counts):
                getattr(form, f"hearts_{seat}").data = str(n)
            form.ace.data = str(ace)
        case Queens(queens=counts):
            takers = [seat for seat, n in enumerate(counts) for _ in range(n)]
            for suit, seat in zip(SUIT_KEYS, takers, strict=True):
                getattr(form, f"queen_{suit}").data = str(seat)
        case LastTwo(penultimate=pen, last=last):
            form.penultimate.data, form.last.data = str(pen), str(last)
        case King(king=king):
            form.king.data = str(king)
        case Dominoes(order=order):
            for place, seat in enumerate(order, start=1):
                getattr(form, f"place_{place}").data = str(seat)
        case Ravage(most=most):
            form.most.data = [str(s) for s in most]
