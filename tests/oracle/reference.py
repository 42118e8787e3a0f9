"""Independent reference scorer for `barbu-game/1` documents (test oracle).

Written from /work/shared/rules.md, docs/game-format.md and
/work/shared/game-format.md alone, for obviousness rather than speed, so that
the real engine in `scorekeeper/` can be cross-checked against it. It must
never import or read the engine. It scores every game of the family
(`rules.game`: barbu, barbu-3, barbette, barbu-5, french); what each game is
lives in `reference_rules.py`.

`score_game(doc)` either raises `Invalid` or returns plain dicts and lists
(see its docstring), ready to compare with the engine's output.
`chip_moves(doc)` and `chip_nets(doc)` settle each deal in poker chips.

Conventions chosen where the docs are silent are marked "Convention:".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .reference_rules import (
    ALL_CONTRACTS,
    BARBETTE_NEGATIVES,
    BASE_CONTRACTS,
    DOUBLING_MODES,
    FAMILY_CONTRACTS,
    FORMAT,
    FRENCH_FIXED,
    GAMES,
    NEGATIVE_CONTRACTS,
    POSITIVE_CONTRACTS,
    RANKS,
    RAVAGE_CITY,
    ROTATIONS,
    SCHEMES,
    STANDARD_POINTS,
    SUITS,
    TAKER_KEYS,
    UNDOUBLED_NEGATIVE_MODES,
    Invalid,
    Rules,
    check_object,
    contract_total,
    is_int,
    parse_rules,
    salad_value,
)
from .reference_substitutes import parse_substitutes, people

__all__ = [
    "ALL_CONTRACTS",
    "BASE_CONTRACTS",
    "DOUBLING_MODES",
    "FAMILY_CONTRACTS",
    "FORMAT",
    "GAMES",
    "NEGATIVE_CONTRACTS",
    "POSITIVE_CONTRACTS",
    "RANKS",
    "RAVAGE_CITY",
    "ROTATIONS",
    "SCHEMES",
    "STANDARD_POINTS",
    "SUITS",
    "UNDOUBLED_NEGATIVE_MODES",
    "Invalid",
    "chip_moves",
    "chip_nets",
    "contract_total",
    "score_game",
]

TOP_KEYS = frozenset({"format", "players", "first_declarer", "rules", "hands", "substitutes"})
HAND_KEYS = frozenset({"contract", "declarer", "doubles", "trump", "rank", "result"})


# What a Salad's result records for each of its parts (game-format.md, "The Salad's make-up").
SALAD_RESULT_KEYS = {
    "no-tricks": {"tricks"},
    "no-hearts": {"hearts"},
    "no-queens": {"queens"},
    "barbu": {"king"},
    "last-trick": {"last"},
    "no-last-two": {"penultimate", "last"},
}


def result_keys(game: str, contract: str, salad: tuple[str, ...] = ()) -> frozenset[str]:
    """The keys of a played deal's `result` (all of them required); `salad`: the Salad's parts."""
    if contract == "salad":
        return frozenset().union(*(SALAD_RESULT_KEYS[part] for part in salad))
    if contract in TAKER_KEYS:
        return frozenset(TAKER_KEYS[contract])
    if contract in ("no-tricks", "trumps", "tricks"):
        return frozenset({"tricks"})
    if contract == "no-hearts":
        # In french the ace is a heart like the others: no `ace`.
        return frozenset({"hearts"}) if game == "french" else frozenset({"hearts", "ace"})
    return frozenset(
        {
            "no-queens": {"queens"},
            "barbu": {"king"},
            "dominoes": {"order"},
            "ravage-city": {"most"},
        }[contract]
    )


# --- small type checks -------------------------------------------------------


def _name(value: object, players: list[str], where: str) -> str:
    # Names must match exactly; the case-insensitive rule only forbids look-alike players.
    if not isinstance(value, str) or value not in players:
        raise Invalid(f"{where}: not a player: {value!r}")
    return value


def _counts(value: object, players: list[str], total: int, where: str) -> dict[str, int]:
    if not isinstance(value, dict) or set(value) != set(players):
        raise Invalid(f"{where}: expected a count for each player")
    if not all(is_int(v) and 0 <= v <= total for v in value.values()):
        raise Invalid(f"{where}: counts must be integers from 0 to {total}")
    if sum(value.values()) != total:
        raise Invalid(f"{where}: counts must add up to {total}")
    return value


# --- players and turns ---------------------------------------------------------


def _parse_players(value: object) -> list[str]:
    # How many players a game allows is checked with the rules (parse_rules).
    if not isinstance(value, list) or not value:
        raise Invalid("players: expected a list of names")
    for name in value:
        if not isinstance(name, str) or not 1 <= len(name) <= 40:
            raise Invalid(f"players: bad name {name!r}")
        if name != name.strip():
            raise Invalid(f"players: untrimmed name {name!r}")
    if len({name.casefold() for name in value}) != len(value):
        raise Invalid("players: names are not distinct (ignoring case)")
    return value


def declarer_seat(rules: Rules, first: int, n: int) -> int:
    """Seat of the declarer of deal n (0-based); seat i+1 sits to the left of seat i."""
    if rules.game == "barbu-3":
        # Rubber r starts r seats left of the first declarer; then one seat left a deal.
        rubber, k = divmod(n, 7)
        return (first + rubber + k) % 3
    if rules.rotation == "every-deal":  # never in french (the key does not apply)
        return (first + n) % rules.players
    return (first + n // rules.deals_per_block) % rules.players


def dealer_seat(rules: Rules, declarer: int) -> int:
    """The dealer sits at the declarer's right, unless the dealer declares (always in french)."""
    if rules.game == "french" or rules.dealer_declares:
        return declarer
    return (declarer - 1) % rules.players


def block_index(rules: Rules, first: int, n: int) -> int:
    """Which block deal n belongs to: its rubber in barbu-3, else its declarer's place in turn."""
    if rules.game == "barbu-3":
        return n // 7
    return (declarer_seat(rules, first, n) - first) % rules.players


def block_declarer(rules: Rules, first: int, b: int) -> int:
    """Seat naming block b: its declarer (dealer in french); a rubber's first declarer."""
    return (first + b) % rules.players


def window_deals_left(rules: Rules, first: int, n: int, seat: int) -> int:
    """Deals after deal n, in deal n's compulsory-double window, that `seat` does not declare.

    The window is the declarer's deals (barbu, barbette, barbu-5) or the rubber
    (barbu-3), so this is the number of chances `seat` still has to double.
    """
    b = block_index(rules, first, n)
    return sum(
        1
        for m in range(n + 1, rules.total_deals)
        if block_index(rules, first, m) == b and declarer_seat(rules, first, m) != seat
    )


# --- one hand ------------------------------------------------------------------


def _check_contract(rules: Rules, contract: object, played: list[str], declarer: str, where: str) -> str:
    """`contract` may be played next in a block that has played `played` so far."""
    if not isinstance(contract, str) or contract not in rules.contracts:
        raise Invalid(f"{where}.contract: {contract!r} is not a contract of {rules.game}")
    if rules.game == "french" and rules.sequence == "fixed":
        expected = FRENCH_FIXED[len(played)]
        if contract != expected:
            raise Invalid(f"{where}.contract: the fixed sequence names {expected}")
    if contract in played:
        if rules.game == "barbu-3":
            raise Invalid(f"{where}.contract: {contract} was already played in this rubber")
        raise Invalid(f"{where}.contract: {declarer} already played {contract}")
    if rules.game == "barbette" and contract in POSITIVE_CONTRACTS and POSITIVE_CONTRACTS & set(played):
        raise Invalid(f"{where}.contract: {declarer} already played one of trumps and dominoes")
    return contract


def _check_trump_and_rank(rules: Rules, hand: dict[str, Any], contract: str, where: str) -> None:
    if "trump" in hand and (
        contract != "trumps" or not isinstance(hand["trump"], str) or hand["trump"] not in SUITS
    ):
        raise Invalid(f"{where}.trump: only a suit, only in trumps")
    rank = hand.get("rank")
    if "rank" in hand and (contract != "dominoes" or not isinstance(rank, str) or rank not in rules.ranks):
        raise Invalid(f"{where}.rank: only a rank of the deck, only in dominoes")


def _parse_doubles(value: object, players: list[str], where: str) -> set[tuple[str, str]]:
    if not isinstance(value, list):
        raise Invalid(f"{where}: not a list")
    pairs: set[tuple[str, str]] = set()
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise Invalid(f"{where}: each double is a [doubler, doubled] pair")
        pair = (_name(item[0], players, where), _name(item[1], players, where))
        if pair[0] == pair[1]:
            raise Invalid(f"{where}: {pair[0]} doubled themself")
        if pair in pairs:
            raise Invalid(f"{where}: duplicate double {list(pair)}")
        pairs.add(pair)
    return pairs


def _check_doubles(
    pairs: set[tuple[str, str]], declarer: str, contract: str, rules: Rules, where: str
) -> None:
    # The list order is not checked: the declarer speaks last, so only "who doubled
    # the declarer" matters for redoubles, and non-declarers may double each other both ways.
    if not rules.has_doubling and pairs:
        raise Invalid(f"{where}: no doubling in this game")
    # French "dealer" doubling: only the dealer (who declares) may be doubled.
    only_declarer = rules.doubling in ("declarer-only", "dealer") or contract in POSITIVE_CONTRACTS
    doubled_declarer = {a for a, b in pairs if b == declarer}
    redoubled = {b for a, b in pairs if a == declarer}
    for a, b in pairs:
        if a == declarer and b not in doubled_declarer:
            raise Invalid(f"{where}: the declarer doubled {b}, who did not double them")
        if a != declarer and b != declarer and only_declarer:
            raise Invalid(f"{where}: {a} may double only the declarer")
    if rules.doubling == "dealer" and redoubled and not rules.dealer_redoubles:
        raise Invalid(f"{where}: the dealer may not redouble")
    if rules.redouble_all and redoubled and redoubled != doubled_declarer:
        raise Invalid(f"{where}: the declarer must redouble everyone or no one")


def raw_scores(rules: Rules, contract: str, result: object, players: list[str], where: str) -> dict[str, int]:
    """Validate a played deal's result and return each player's raw score."""
    keys = result_keys(rules.game, contract, rules.salad_parts)
    res = check_object(result, where, set(keys), keys)
    cards = rules.cards
    points = rules.points
    value = points.get(contract)
    raw = dict.fromkeys(players, 0)
    if contract in ("no-tricks", "trumps", "tricks"):
        tricks = _counts(res["tricks"], players, cards.tricks, f"{where}.tricks")
        raw = {p: value * tricks[p] for p in players}
    elif contract == "no-queens":
        queens = _counts(res["queens"], players, cards.queens, f"{where}.queens")
        raw = {p: value * queens[p] for p in players}
    elif contract in TAKER_KEYS:  # no-last-two, no-last-three, no-first-last
        for key, points_for_trick in zip(TAKER_KEYS[contract], value, strict=True):
            raw[_name(res[key], players, f"{where}.{key}")] += points_for_trick
    elif contract == "no-hearts":
        hearts = _counts(res["hearts"], players, cards.hearts, f"{where}.hearts")
        if rules.game == "french":
            raw = {p: value * hearts[p] for p in players}
        else:
            ace = _name(res["ace"], players, f"{where}.ace")
            if hearts[ace] < 1:
                raise Invalid(f"{where}: the ace's taker took no hearts")
            raw = {p: value["heart"] * hearts[p] for p in players}
            raw[ace] += value["ace"] - value["heart"]  # the ace scores instead of a heart
    elif contract == "barbu":
        raw[_name(res["king"], players, f"{where}.king")] = value
    elif contract == "dominoes":
        order = res["order"]
        if not isinstance(order, list) or len(order) != cards.places:
            raise Invalid(f"{where}.order: expected {cards.places} names")
        names = [_name(p, players, f"{where}.order") for p in order]
        if len(set(names)) != len(names):
            raise Invalid(f"{where}.order: each player exactly once")
        raw = {p: value[names.index(p)] for p in players}
    elif contract == "salad":  # french: its parts at once
        counts = {}
        for part, key, total in (
            ("no-tricks", "tricks", cards.tricks),
            ("no-hearts", "hearts", cards.hearts),
            ("no-queens", "queens", cards.queens),
        ):
            if part in rules.salad_parts:
                counts[part] = _counts(res[key], players, total, f"{where}.{key}")
        takers = {
            key: _name(res[key], players, f"{where}.{key}")
            for key in ("king", "penultimate", "last")
            if key in res
        }
        if "hearts" in res and "king" in res and counts["no-hearts"][takers["king"]] < 1:
            raise Invalid(f"{where}: the king of hearts' taker took no hearts")
        # Convention: tricks are not checked against the cards taken (a player
        # with no tricks may be recorded with hearts); the docs ask only this.
        for part in rules.salad_parts:
            worth = salad_value(rules, part)
            if part in counts:
                for p in players:
                    raw[p] += worth * counts[part][p]
            elif part == "barbu":
                raw[takers["king"]] += worth
            elif part == "last-trick":
                raw[takers["last"]] += worth
            else:  # no-last-two: the second-to-last, then the last
                raw[takers["penultimate"]] += worth[0]
                raw[takers["last"]] += worth[1]
    else:  # ravage-city
        most = res["most"]
        if not isinstance(most, list) or not 1 <= len(most) <= len(players):
            raise Invalid(f"{where}.most: expected one to {len(players)} names")
        names = [_name(p, players, f"{where}.most") for p in most]
        if len(set(names)) != len(names):
            raise Invalid(f"{where}.most: a name is repeated")
        for p in names:
            raw[p] = value // len(names)  # exact: the value is a multiple of 12
    return raw


# Capot (game-format.md): the counted negative contracts and what "every card" is in each.
CAPOT_COUNTS = {"no-tricks": "tricks", "no-hearts": "hearts", "no-queens": "queens"}


def capot(rules: Rules, contract: str, result: dict[str, Any], players: list[str]) -> str | None:
    """Under `capot`, the player who took all the tricks, hearts or queens of that contract."""
    key = CAPOT_COUNTS.get(contract)
    if not rules.capot or key is None:
        return None
    everything = {"tricks": rules.cards.tricks, "hearts": rules.cards.hearts, "queens": rules.cards.queens}[
        key
    ]
    return next((p for p in players if result[key][p] == everything), None)


def settled_raw_scores(total: int, declarer: str, players: list[str]) -> dict[str, int]:
    """Undoubled negative contract settled without play (rules.md; barbu only)."""
    # Fraction avoids any float doubt; total/3 never ends in exactly .5.
    share = round(Fraction(total, 3))
    return {p: total - 3 * share if p == declarer else share for p in players}


def payments(players: list[str], raw: dict[str, int], pairs: set[tuple[str, str]]) -> list[dict[str, Any]]:
    """Side payments pair by pair, in seating order of the pairs (i < j)."""
    result = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            a, b = players[i], players[j]
            factor = ((a, b) in pairs) + ((b, a) in pairs)
            if factor == 0:
                continue
            worse, better = (b, a) if raw[b] < raw[a] else (a, b)
            amount = factor * abs(raw[a] - raw[b])
            result.append({"from": worse, "to": better, "amount": amount, "factor": factor})
    return result


# --- blocks ----------------------------------------------------------------------


def block_expected(rules: Rules, played: list[str]) -> int | None:
    """What a complete block adds up to, given the contracts it has played so far.

    Convention: in barbette a declarer's total depends on which of trumps and
    dominoes they choose. Once they have played one, that one counts; before,
    the expected total is None (unknown) unless both add up to the same (as
    with the standard points), in which case that common value counts.
    """
    if rules.game == "barbette":
        negatives = sum(contract_total(rules, c) for c in BARBETTE_NEGATIVES)
        chosen = [c for c in played if c in POSITIVE_CONTRACTS]
        if chosen:
            return negatives + contract_total(rules, chosen[0])
        trumps, dominoes = contract_total(rules, "trumps"), contract_total(rules, "dominoes")
        return negatives + trumps if trumps == dominoes else None
    return sum(contract_total(rules, c) for c in rules.contracts)


# --- the game --------------------------------------------------------------------


def score_game(doc: object) -> dict[str, Any]:
    """Validate a parsed barbu-game/1 document of any game and score it, or raise `Invalid`.

    Returns {"players", "hands": [{"number", "declarer", "dealer", "contract", "raw",
    "payments": [{"from", "to", "amount", "factor"}], "score", "contract_total",
    "running"}], "totals", "checks": {"deals_balance", "blocks": [{("rubber",)
    "declarer", "deals", "total", "expected", "complete", "balanced"}],
    "game_total", "expected_game_total", "complete", "zero_sum"}}, plus
    "lower_wins": True for french only, and with substitutes "people": {name: {"seat",
    "deals", "total"}} for everyone who sat, players first.
    """
    top = check_object(doc, "document", {"format", "players", "first_declarer", "hands"}, TOP_KEYS)
    if not isinstance(top["format"], str) or top["format"] != FORMAT:
        raise Invalid(f"format: expected {FORMAT!r}")
    players = _parse_players(top["players"])
    first = players.index(_name(top["first_declarer"], players, "first_declarer"))
    rules = parse_rules(top.get("rules", {}), len(players))
    hands = top["hands"]
    if not isinstance(hands, list):
        raise Invalid("hands: not a list")
    if len(hands) > rules.total_deals:
        raise Invalid(f"hands: more than the {rules.total_deals} deals of the game")
    subs = parse_substitutes(top["substitutes"], players, rules.total_deals) if "substitutes" in top else []

    played: list[list[str]] = [[] for _ in range(rules.block_count)]  # contracts by block
    made: dict[tuple[int, str], int] = {}  # (block, player) -> doubles of the declarer made
    capots = [0] * rules.block_count  # by block: how far capots move its total
    running = dict.fromkeys(players, 0)
    scored_hands: list[dict[str, Any]] = []
    for n, hand_value in enumerate(hands):
        where = f"hands[{n}]"
        hand = check_object(hand_value, where, {"contract"}, HAND_KEYS)
        d = declarer_seat(rules, first, n)
        declarer = players[d]
        dealer = players[dealer_seat(rules, d)]
        b = block_index(rules, first, n)
        if "declarer" in hand and hand["declarer"] != declarer:
            raise Invalid(f"{where}.declarer: the rotation names {declarer}")
        contract = _check_contract(rules, hand["contract"], played[b], declarer, where)
        played[b].append(contract)
        _check_trump_and_rank(rules, hand, contract, where)

        pairs = _parse_doubles(hand.get("doubles", []), players, f"{where}.doubles")
        _check_doubles(pairs, declarer, contract, rules, f"{where}.doubles")

        total = contract_total(rules, contract)
        settled = rules.undoubled_negative == "settle" and contract in NEGATIVE_CONTRACTS and not pairs
        if settled:
            if "result" in hand:
                raise Invalid(f"{where}.result: this hand is settled without play")
            raw = settled_raw_scores(total, declarer, players)
        else:
            if "result" not in hand:
                raise Invalid(f"{where}.result: missing")
            raw = raw_scores(rules, contract, hand["result"], players, f"{where}.result")
            taker = capot(rules, contract, hand["result"], players)
            if taker is not None:  # the contract's total for the taker, the sign turned
                total = -total
                raw = {p: total if p == taker else 0 for p in players}
                capots[b] += 2 * total  # the block then adds up to this much more

        # Compulsory doubles: refuse as soon as a player can no longer make them all.
        for seat, p in enumerate(players):
            if p == declarer:
                continue
            made[(b, p)] = made.get((b, p), 0) + ((p, declarer) in pairs)
            if rules.compulsory_doubles - made[(b, p)] > window_deals_left(rules, first, n, seat):
                owed = f"in rubber {b + 1}" if rules.game == "barbu-3" else f"of {declarer}"
                raise Invalid(f"{where}: {p} can no longer make {rules.compulsory_doubles} doubles {owed}")

        pays = payments(players, raw, pairs)
        score = dict(raw)
        for pay in pays:
            score[pay["from"]] -= pay["amount"]
            score[pay["to"]] += pay["amount"]
        for p in players:
            running[p] += score[p]
        scored_hands.append(
            {
                "number": n + 1,
                "declarer": declarer,
                "dealer": dealer,
                "contract": contract,
                "raw": raw,
                "payments": pays,
                "score": score,
                "contract_total": total,
                "running": dict(running),
            }
        )

    blocks = []
    for b in range(rules.block_count):
        numbers = [h["number"] for h in scored_hands if block_index(rules, first, h["number"] - 1) == b]
        block_total = sum(sum(scored_hands[k - 1]["score"].values()) for k in numbers)
        expected = block_expected(rules, played[b])
        expected = None if expected is None else expected + capots[b]
        complete = len(numbers) == rules.deals_per_block
        block: dict[str, Any] = {"rubber": b + 1} if rules.game == "barbu-3" else {}
        block |= {
            "declarer": players[block_declarer(rules, first, b)],
            "deals": numbers,
            "total": block_total,
            "expected": expected,
            "complete": complete,
            "balanced": not complete or block_total == expected,
        }
        blocks.append(block)

    expecteds = [block["expected"] for block in blocks]
    game_total = sum(running.values())
    complete = len(hands) == rules.total_deals
    scored: dict[str, Any] = {
        "players": list(players),
        "hands": scored_hands,
        "totals": dict(running),
        "checks": {
            "deals_balance": all(sum(h["score"].values()) == h["contract_total"] for h in scored_hands),
            "blocks": blocks,
            "game_total": game_total,
            "expected_game_total": None if None in expecteds else sum(expecteds),
            "complete": complete,
            "zero_sum": (game_total == 0) if complete else None,
        },
    }
    if rules.game == "french":
        scored["lower_wins"] = True
    if subs:
        scored["people"] = people(players, subs, scored_hands)
    return scored


# --- settling in poker chips -------------------------------------------------------


def chip_moves(doc: object) -> list[list[dict[str, Any]]]:
    """For each deal, the chips that change hands (rules.md, "Settling in poker chips").

    Per deal, a list of {"from", "to", "amount"} with amount > 0: first one move
    per doubled pair (as in the payments: same order, direction and amount; none
    for an amount of 0), then the declarer's collection, going round from the
    declarer's left: a player with a negative raw score pays the declarer -raw
    (their stack in a negative contract; the last out in dominoes), and the
    declarer pays a player with a positive raw score that score (trumps,
    dominoes). The declarer's own stack goes back to them: no move.

    Convention: a positive raw score in a negative contract (possible only with
    custom points) is paid by the declarer, like a positive contract's: the
    direction follows the sign, so amounts are always positive.

    French has no chips (no doubling, penalty points): ValueError.
    """
    scored = score_game(doc)
    if "lower_wins" in scored:
        raise ValueError("french games are not settled in chips")
    players = scored["players"]
    result = []
    for hand in scored["hands"]:
        moves = [
            {"from": pay["from"], "to": pay["to"], "amount": pay["amount"]}
            for pay in hand["payments"]
            if pay["amount"] != 0
        ]
        d = players.index(hand["declarer"])
        for step in range(1, len(players)):
            p = players[(d + step) % len(players)]
            raw = hand["raw"][p]
            if raw < 0:
                moves.append({"from": p, "to": hand["declarer"], "amount": -raw})
            elif raw > 0:
                moves.append({"from": hand["declarer"], "to": p, "amount": raw})
        result.append(moves)
    return result


def chip_nets(doc: object) -> list[dict[str, int]]:
    """For each deal, each player's chips received minus chips paid.

    Derivation: a non-declarer p nets their side payments plus raw[p] from the
    declarer's collection, which is their deal score. The declarer nets their
    side payments, i.e. score - raw[declarer], plus the sum of -raw[p] over the
    others, i.e. -(contract_total - raw[declarer]); together score -
    contract_total. The self-tests check both on every generated game.
    """
    scored = score_game(doc)  # players, in seating order
    nets = []
    for moves in chip_moves(doc):
        net = dict.fromkeys(scored["players"], 0)
        for move in moves:
            net[move["from"]] -= move["amount"]
            net[move["to"]] += move["amount"]
        nets.append(net)
    return nets
