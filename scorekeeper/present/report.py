"""The scored game as the JSON document that `scorekeeper score` prints."""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring import Block, Sheet, load, score


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
            "contract": row.deal.contract.id,
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
    out: dict[str, Any] = {
        "players": list(names),
        "hands": hands,
        "totals": by_name(sheet.totals),
        "checks": {
            "deals_balance": sheet.deals_balance,
            "blocks": [_block(b, names) for b in sheet.blocks],
            "game_total": sheet.game_total,
            "expected_game_total": sheet.expected_game_total,
            "complete": sheet.complete,
            "zero_sum": sheet.zero_sum,
        },
    }
    if sheet.lower_wins:
        out["lower_wins"] = True
    if sheet.game.substitutes:
        out["people"] = _people(sheet)
    return out


def _people(sheet: Sheet) -> dict[str, dict[str, int]]:
    """Everyone who sat, players first: their seat, the deals they sat in and their total."""
    game = sheet.game
    totals, played = game.person_totals(), game.deals_played()
    seats = {**{p: s for s, p in enumerate(game.players)}, **{s.name: s.seat for s in game.substitutes}}
    return {name: {"seat": seats[name], "deals": played[name], "total": totals[name]} for name in game.people}


def _block(block: Block, names: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"declarer": names[block.declarer]}
    if block.rubber is not None:
        out["rubber"] = block.rubber
    out.update(
        deals=list(block.numbers),
        total=block.total,
        expected=block.expected,
        complete=block.complete,
        balanced=block.balanced,
    )
    return out


def score_document(doc: object) -> dict[str, Any]:
    """Check and score a parsed game file; GameError if it is invalid."""
    return sheet_json(score(load(doc)))
