"""A game: the players, the rules, and the deals entered so far, folded once.

A Game is checked whole when it is made, so one that exists is legal. Making
it folds the deals in one pass: each deal's turn (who declares, the contracts
left, the doubles owed) is worked out, the deal is checked against it and
scored, and the running totals carried on. Pages, sheets, PDFs and checks all
read that one fold; adding a deal folds just that deal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .deal import Deal
from .doubles import check_doubles, doublers_of
from .errors import GameError, Problem, collect
from .game_checks import check_players, named_problems
from .parts import Seats, check_result
from .rules import Rules
from .scored import Payment, ScoredDeal, deal_scores, payments, settlement
from .seating import Plan, Roles, plan
from .substitutes import Substitute, check_substitutes, deals_played, people, person_totals, seated
from .turns import FORCED_DOUBLE, Turn, refused_contract

__all__ = ["Game", "Payment", "ScoredDeal", "Substitute", "Turn"]


class _Ledger:
    """What the deals so far have used up and scored; mutable only while folding."""

    def __init__(self, players: int) -> None:
        self.played: dict[int, list[str]] = {}
        self.made: Counter[tuple[int, int]] = Counter()
        self.running: Seats = (0,) * players

    def copy(self) -> _Ledger:
        other = _Ledger(0)
        other.played = {k: list(v) for k, v in self.played.items()}
        other.made = self.made.copy()
        other.running = self.running
        return other


@dataclass(frozen=True)
class Game:
    """The players in clockwise order, the rules, and the deals played so far."""

    players: tuple[str, ...]
    first_declarer: int
    rules: Rules = field(default_factory=Rules)
    deals: tuple[Deal, ...] = ()
    substitutes: tuple[Substitute, ...] = ()
    """Players replaced at their seat mid-game; the seats fold unchanged (see `substitutes`)."""
    plan: Plan = field(init=False, repr=False, compare=False)
    rows: tuple[ScoredDeal, ...] = field(init=False, repr=False, compare=False)
    next: Turn | None = field(init=False, repr=False, compare=False)
    _ledger: _Ledger = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_players(self.players, self.first_declarer, self.rules)
        object.__setattr__(self, "plan", plan(self.rules, self.first_declarer))
        check_substitutes(self.substitutes, self.players, self.plan.total)
        self._fold(_Ledger(len(self.players)), ())

    def _fold(self, ledger: _Ledger, rows: tuple[ScoredDeal, ...]) -> None:
        """Fold the deals after `rows` into `ledger`, then keep the result."""
        scored = list(rows)
        for index in range(len(rows), len(self.deals)):
            scored.append(self._record(ledger, index, self.deals[index]))
        object.__setattr__(self, "rows", tuple(scored))
        object.__setattr__(self, "_ledger", ledger)
        more = len(self.deals) < self.plan.total
        object.__setattr__(self, "next", self._turn(ledger, len(self.deals)) if more else None)

    def _turn(self, ledger: _Ledger, index: int) -> Turn:
        p = self.plan
        period, roles = p.periods[index], p.roles[index]
        # The declarer owes doubles too where they double in later deals of the period (a rubber).
        chances = p.chances[index]
        need = self.rules.required_doubles
        owed = {q: max(0, need - ledger.made[period, q]) for q in chances}
        return Turn(
            number=index + 1,
            roles=roles,
            contracts_left=self.rules.contracts_left(frozenset(ledger.played.get(period, ()))),
            deals_left=p.remaining[index],
            owed=owed,
            chances=chances,
            forced=frozenset(q for q, n in owed.items() if n and n >= chances[q] and q != roles.declarer),
        )

    def _record(self, ledger: _Ledger, index: int, deal: Deal) -> ScoredDeal:
        """Check `deal` as the deal at `index`, count it and score it; GameError if it is illegal."""
        if index >= self.plan.total:
            error = GameError.one("hands", "the game has only {n} deals", prefix=False, n=self.plan.total)
            raise error.in_deal(index + 1)
        turn = self._turn(ledger, index)
        try:
            collect(self._problems(turn, deal, ledger.played.get(self.plan.periods[index], [])))
        except GameError as error:
            raise error.in_deal(index + 1) from None
        period, declarer = self.plan.periods[index], turn.roles.declarer
        ledger.played.setdefault(period, []).append(deal.contract.id)
        for doubler in doublers_of(declarer, deal.doubles):
            ledger.made[period, doubler] += 1
        total = self.rules.deal_total(deal.contract, deal.result)
        if deal.result is None:
            raw = settlement(total, declarer, len(self.players))
        else:
            raw = self.rules.raw(deal.contract, deal.result)
        paid = payments(raw, deal.doubles)
        score = deal_scores(raw, paid)
        ledger.running = tuple(a + b for a, b in zip(ledger.running, score, strict=True))
        return ScoredDeal(index + 1, deal, turn, raw, paid, score, total, ledger.running)

    def _problems(self, turn: Turn, deal: Deal, played: list[str]) -> list[Problem]:
        rules, names, contract = self.rules, self.players, deal.contract
        d = turn.roles.declarer
        problems: list[Problem] = []
        if contract not in turn.contracts_left:
            problems.append(refused_contract(contract, rules, played, names[d]))
        problems += named_problems(contract, deal, rules.deck)
        problems += check_doubles(deal.doubles, d, contract, rules, names)
        settled = rules.settles(contract, bool(deal.doubles))
        if settled and deal.result is not None:
            problems.append(Problem.of("result", "nobody doubled, so this deal is settled without play"))
        elif not settled and deal.result is None:
            problems.append(Problem.of("result", "the result of the deal is missing"))
        elif deal.result is not None:
            problems += check_result(contract.parts, deal.result, rules.deck, len(names))
        for p in sorted(turn.forced - doublers_of(d, deal.doubles)):
            problems.append(
                Problem.of(
                    "doubles",
                    FORCED_DOUBLE[turn.chances[p] == 1],
                    player=names[p],
                    declarer=names[d],
                    owed=turn.owed[p],
                    left=turn.chances[p],
                )
            )
        return problems

    @property
    def complete(self) -> bool:
        """True once every deal has been played."""
        return self.next is None

    def roles(self, index: int) -> Roles:
        """Who declares, deals, cuts and leads in the deal at 0-based `index`."""
        return self.plan.roles[index]

    def round_of(self, index: int) -> int:
        """The round of the deal at 0-based `index`; the sheet shows running totals after each."""
        return self.plan.rounds[index]

    def next_turn(self) -> Turn | None:
        """The next deal to play, or None when the game is over."""
        return self.next

    def turn(self, index: int) -> Turn:
        """The situation before the deal at 0-based `index` (an existing or the next one)."""
        if 0 <= index < len(self.rows):
            return self.rows[index].turn
        if index == len(self.rows) and self.next is not None:
            return self.next
        raise GameError.one("deal", "there is no deal {n}", prefix=False, n=index + 1)

    @property
    def totals(self) -> Seats:
        return self._ledger.running

    def add(self, deal: Deal) -> Game:
        """The game with `deal` played next; only the new deal is folded."""
        grown = object.__new__(Game)
        for name in ("players", "first_declarer", "rules", "substitutes", "plan"):
            object.__setattr__(grown, name, getattr(self, name))
        object.__setattr__(grown, "deals", (*self.deals, deal))
        grown._fold(self._ledger.copy(), self.rows)
        return grown

    def replace(self, index: int, deal: Deal) -> Game:
        """The game with the deal at 0-based `index` corrected, checked against every later deal."""
        if not 0 <= index < len(self.deals):
            raise GameError.one("deal", "there is no deal {n}", prefix=False, n=index + 1)
        deals = list(self.deals)
        deals[index] = deal
        return Game(self.players, self.first_declarer, self.rules, tuple(deals), self.substitutes)

    def undo(self) -> Game:
        """The game without its last deal."""
        return self.upto(len(self.deals) - 1)

    def upto(self, n: int) -> Game:
        """The game as it stood after its first `n` deals (a table ended at its fair stop counts
        those alone)."""
        return Game(self.players, self.first_declarer, self.rules, self.deals[:n], self.substitutes)

    def substitute(self, seat: int, name: str) -> Game:
        """The game with `name` sitting at `seat` from the next deal on; GameError if not allowed."""
        sub = Substitute(seat, len(self.deals) + 1, name)
        return Game(self.players, self.first_declarer, self.rules, self.deals, (*self.substitutes, sub))

    def unsubstitute(self) -> Game:
        """The game without its latest replacement (the seat's deals go back to who sat before)."""
        return Game(self.players, self.first_declarer, self.rules, self.deals, self.substitutes[:-1])

    def seated(self, index: int) -> tuple[str, ...]:
        """Who sits at each seat in the deal at 0-based `index`."""
        return seated(self.players, self.substitutes, index)

    @property
    def people(self) -> tuple[str, ...]:
        """Everyone who sat at the table: the players, then their substitutes."""
        return people(self.players, self.substitutes)

    def person_totals(self) -> dict[str, int]:
        """Each person's total over the deals they sat in (the seats' totals without substitutes)."""
        return person_totals(self.players, self.substitutes, self.rows)

    def deals_played(self) -> dict[str, int]:
        """How many of the deals entered each person sat in."""
        return deals_played(self.players, self.substitutes, len(self.rows))
