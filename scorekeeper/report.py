"""The scored game as the JSON document that `scorekeeper score` prints."""

from __future__ import annotations

from typing import Any

from .scoring import Sheet, load, score


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """Every row, total and check of a scored game, players named."""
    names = sheet.game.players

    def by_name(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    hands = [
        {
            "number": row.number,
            "declarer": names[row.roles.declarer],
            "dealer": names[row.roles.dealer],
            "contract": row.deal.contract.value,
            "settled": row.settled,
            "raw": by_name(row.raw),
            "payments": [
                {"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "factor": p.factor}
                for p in row.payments
            ],
            "score": by_name(row.score),
            "contract_total": row.contract_total,
            "running": by_name(row.running),
        }
        for row in sheet.deals
    ]
    return {
        "players": list(names),
        "hands": hands,
        "totals": by_name(sheet.totals),
        "checks": {
            "deals_balance": sheet.deals_balance,
            "blocks": [
                {
                    "declarer": names[b.declarer],
                    "deals": list(b.numbers),
                    "total": b.total,
                    "expected": b.expected,
                    "complete": b.complete,
                    "balanced": b.balanced,
                }
                for b in sheet.blocks
            ],
            "game_total": sheet.game_total,
            "expected_game_total": sheet.expected_game_total,
            "complete": sheet.complete,
            "zero_sum": sheet.zero_sum,
        },
    }


def score_document(doc: object) -> dict[str, Any]:
    """Check and score a parsed game file; GameError if it is invalid."""
    return sheet_json(score(load(doc)))
