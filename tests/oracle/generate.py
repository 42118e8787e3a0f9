"""Random legal `barbu-game/1` documents of every game, and random mutations of them.

Design:

- Only `random.Random` is used, so a seed reproduces a document exactly and no
  hypothesis is needed (a hypothesis strategy can wrap these via `st.randoms()`).
- `random_game` plays a game forward as a table would: the rotation names the
  declarer (the dealer in french), who picks a contract the game still allows
  them; players double in turn from the declarer's left (anyone whose owed
  compulsory doubles equal their chances left in the window must double the
  declarer); the declarer redoubles (all or none under `redouble_all`); then a
  possible result is written, or none when the deal is settled without play.
  Games are legal by construction: only constants and tables of what each game
  is (`reference_rules`) are shared with the reference, never its validation.
  For barbu the random stream is the one of the four-player-only generator, so
  a seed given with barbu rules still gives the same document.
- `mutate` deep-copies a document and makes one random change: either generic
  (any node of the JSON tree: another type, a deleted or unknown key, a list
  item dropped, duplicated or swapped) or aimed at a rule (a double, a result,
  a count, a rule value, the game, a name, a player, the order of deals). The
  outcome may be legal or not; the reference decides and the engine must agree.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from random import Random
from typing import Any

from .reference_rules import (
    ALL_CONTRACTS,
    BARBETTE_CONTRACTS,
    BARBU_3_CONTRACTS,
    BASE_CONTRACTS,
    COMPULSORY,
    DOUBLING_MODES,
    FAMILY_CONTRACTS,
    FORMAT,
    FRENCH_CONTRACTS,
    FRENCH_FIXED,
    GAMES,
    NEGATIVE_CONTRACTS,
    PLAYER_COUNTS,
    POINT_BOUND,
    POSITIVE_CONTRACTS,
    RANKS,
    RAVAGE_CITY,
    ROTATIONS,
    SALAD_PARTS,
    SALAD_PIECES,
    SALAD_SCORED,
    SCHEMES,
    SEQUENCES,
    SHORT_DECK_GAMES,
    SHORT_RANKS,
    SUITS,
    TAKER_KEYS,
    UNDOUBLED_NEGATIVE_MODES,
    cards,
    deck,
    point_shapes,
    standard_points,
)

# Distinct ignoring case, except the deliberate twins (Straße/STRASSE, Greek
# sigmas) which random_players never picks together.
NAMES: tuple[str, ...] = (
    "Ann",
    "Beth",
    "Cat",
    "Diana",
    "Ава",
    "Борис",
    "نگار",
    "رضا",
    "Željka",
    "Łukasz",
    "<b>&",
    "a&amp;b",
    "</td><script>x</script>",
    "O'Brien",
    'Say "hi"',
    "José",
    "Zoë",
    "李雷",
    "Ümit",
    "Straße",
    "STRASSE",
    "ΣΊΣΥΦΟΣ",
    "σίσυφος",
    "Ann Marie",
    "A",
    "🃏",
    "Щ" * 40,
    "x" * 39 + "y",
    "Dr. J. Smith-Jones",
    "1",
    "null",
    "-",
)
JUNK: tuple[Any, ...] = ("", "x", None, [], {}, 1.5, 2.0, True, False, 0, -1, 13, 99, [1, 2])


def _maybe(rng: Random, p: float = 0.5) -> bool:
    return rng.random() < p


GAME_WEIGHTS: tuple[int, ...] = (4, 2, 2, 2, 3)  # barbu, barbu-3, barbette, barbu-5, french


def random_points(rng: Random, ravage_city: bool, game: str = "barbu", players: int = 4) -> dict[str, Any]:
    """A custom points object for `game`; any integers in bounds, zero-sum or not."""
    if game != "barbu":
        return _ends(rng, _family_points(rng, game, players))

    def small(lo: int, hi: int) -> int:
        return rng.randint(lo, hi) if _maybe(rng, 0.9) else rng.randint(-50, 50)

    points: dict[str, Any] = {
        "no-tricks": small(-6, 0),
        "no-queens": small(-20, 0),
        "no-last-two": [small(-30, 0), small(-30, 0)],
        "no-hearts": {"heart": small(-5, 0), "ace": small(-15, 0)},
        "barbu": small(-30, 0),
        "trumps": small(0, 8),
        "dominoes": sorted((small(-30, 60) for _ in range(4)), reverse=_maybe(rng, 0.9)),
    }
    if ravage_city or _maybe(rng, 0.3):
        points[RAVAGE_CITY] = 12 * rng.randint(-5, 2)
    return _ends(rng, points)


def _ends(rng: Random, points: dict[str, Any]) -> dict[str, Any]:
    """Now and then Dominoes given by the first and last places alone."""
    if _maybe(rng, 0.2):
        points["dominoes"] = [points["dominoes"][0], points["dominoes"][-1]]
    return points


def _family_points(rng: Random, game: str, players: int) -> dict[str, Any]:
    """Near the game's standard points, now and then anything up to the bounds."""

    def near(value: int) -> int:
        pick = rng.random()
        if pick < 0.05:
            return rng.choice((-POINT_BOUND, POINT_BOUND))
        if pick < 0.1:
            return rng.randint(-POINT_BOUND, POINT_BOUND)
        return value + rng.randint(-5, 5) if _maybe(rng, 0.6) else value

    points: dict[str, Any] = {}
    for key, value in standard_points(game, players).items():
        if isinstance(value, dict):
            points[key] = {k: near(v) for k, v in value.items()}
        elif isinstance(value, list):
            points[key] = [near(v) for v in value]
        else:
            points[key] = near(value)
    assert set(points) == set(point_shapes(game, players))
    return points


def random_rules(rng: Random, game: str = "barbu", players: int | None = None) -> dict[str, Any]:
    """A legal `rules` object for `game` exercising every option; keys are often omitted.

    `players` matters only in french (the dominoes values of a points object).
    """
    if game != "barbu":
        return _family_rules(rng, game, players)
    rules: dict[str, Any] = {}
    ravage_city = _maybe(rng, 0.3)
    if ravage_city or _maybe(rng, 0.2):
        rules["ravage_city"] = ravage_city
    pick = rng.random()
    if pick < 0.45:
        rules["scheme"] = rng.choice(sorted(SCHEMES))
    elif pick < 0.8:
        rules["scheme"] = random_points(rng, ravage_city)
    doubling = rng.choices(DOUBLING_MODES, weights=(5, 3, 2))[0]
    if doubling != "standard" or _maybe(rng, 0.3):
        rules["doubling"] = doubling
    if _maybe(rng, 0.4):
        rules["redouble_all"] = _maybe(rng)
    if doubling == "none":
        if _maybe(rng, 0.3):
            rules["compulsory_doubles"] = 0
    elif _maybe(rng, 0.6):
        rules["compulsory_doubles"] = rng.choice((0, 0, 1, 2, 2, 3, 3, 5, 7))
    if _maybe(rng, 0.6):
        rules["undoubled_negative"] = rng.choice(UNDOUBLED_NEGATIVE_MODES)
    if _maybe(rng, 0.5):
        rules["rotation"] = rng.choice(ROTATIONS)
    if _maybe(rng, 0.4):
        rules["dealer_declares"] = _maybe(rng)
    if _maybe(rng, 0.15):
        rules["game"] = "barbu"
    _draw_deck(rng, rules)
    return rules


def _draw_deck(rng: Random, rules: dict[str, Any]) -> None:
    """Now and then the 32-card deck (or 52 said outright) and capot, in the games that have them."""
    pick = rng.random()
    if rules.get("game", "barbu") in SHORT_DECK_GAMES and pick < 0.35:
        rules["deck"] = 32 if pick < 0.25 else 52
    pick = rng.random()
    if rules.get("game", "barbu") in SHORT_DECK_GAMES and pick < 0.4:
        rules["capot"] = pick < 0.3  # the games that have capot are those of the short deck


def draw_salad(rng: Random, rules: dict[str, Any], players: int) -> None:
    """A Salad's make-up; when halved, even values for its parts (odd ones are refused)."""
    salad: dict[str, Any] = {}
    parts = rng.sample(list(SALAD_PIECES), rng.randint(1, len(SALAD_PIECES)))
    if _maybe(rng, 0.8):
        salad["parts"] = parts
    halved = _maybe(rng, 0.4)
    if halved or _maybe(rng, 0.2):
        salad["halved"] = halved
    if _maybe(rng, 0.5):
        salad["scored"] = rng.choice(SALAD_SCORED)
    rules["salad"] = salad
    priced = {SALAD_PIECES[p] for p in salad.get("parts", SALAD_PARTS)}
    if halved or ("scheme" in rules and priced - set(rules["scheme"])):
        points = rules.get("scheme") or dict(standard_points("french", players))
        standard = standard_points("french", players)
        for key in priced:
            value = points.get(key, standard[key])
            if halved:  # Python's % makes -5 into -6 and 999 into 998: still in bounds
                value = [v - v % 2 for v in value] if isinstance(value, list) else value - value % 2
            points[key] = value
        rules["scheme"] = points


def _family_rules(rng: Random, game: str, players: int | None) -> dict[str, Any]:
    rules: dict[str, Any] = {"game": game}
    if game == "french":
        if _maybe(rng, 0.5):
            rules["sequence"] = rng.choice(SEQUENCES)
        if _maybe(rng, 0.35):
            rules["last_two"] = _maybe(rng)
        if _maybe(rng, 0.4):  # the dealer may be doubled, now and then with redoubles and compulsory doubles
            rules["doubling"] = "dealer"
            if _maybe(rng):
                rules["dealer_redoubles"] = _maybe(rng)
            if _maybe(rng, 0.4):
                rules["compulsory_doubles"] = rng.choice((0, 1, 2))
        elif _maybe(rng, 0.1):
            rules["doubling"] = "none"
        if _maybe(rng, 0.4):
            points = random_points(rng, False, game, players or rng.choice(PLAYER_COUNTS[game]))
            if rules.get("sequence") == "fixed" and _maybe(rng):
                points = {k: v for k, v in points.items() if k in SALAD_PARTS}  # the rest is optional
            rules["scheme"] = points
        if _maybe(rng, 0.35):
            draw_salad(rng, rules, players or rng.choice(PLAYER_COUNTS[game]))
        _draw_deck(rng, rules)
        return rules
    if game == "barbu-3" and _maybe(rng, 0.6):
        rules["rubbers"] = rng.choice((1, 3))
    pick = rng.random()
    if pick < 0.4:
        rules["scheme"] = random_points(rng, False, game, PLAYER_COUNTS[game][0])
    elif pick < 0.55 and game == "barbu-5":
        rules["scheme"] = "standard"
    doubling = rng.choices(DOUBLING_MODES, weights=(5, 3, 2))[0]
    if doubling != "standard" or _maybe(rng, 0.3):
        rules["doubling"] = doubling
    if _maybe(rng, 0.4):
        rules["redouble_all"] = _maybe(rng)
    highest = COMPULSORY[game][0]
    if doubling == "none":
        if _maybe(rng, 0.3):
            rules["compulsory_doubles"] = 0
    elif _maybe(rng, 0.6):
        rules["compulsory_doubles"] = rng.choice((0, 1, 2, highest, rng.randint(0, highest)))
    if game != "barbu-3":
        if _maybe(rng, 0.5):
            rules["rotation"] = rng.choice(ROTATIONS)
        if _maybe(rng, 0.4):
            rules["dealer_declares"] = _maybe(rng)
    _draw_deck(rng, rules)
    return rules


def random_players(rng: Random, count: int = 4) -> list[str]:
    """`count` names distinct ignoring case, in seating order."""
    players: list[str] = []
    while len(players) < count:
        name = rng.choice(NAMES) if _maybe(rng, 0.8) else f"Player {rng.randint(1, 999)}"
        if name.casefold() not in {p.casefold() for p in players}:
            players.append(name)
    return players


def _spread(rng: Random, total: int, players: list[str]) -> dict[str, int]:
    # Squared weights make lopsided deals (0s, a player taking all) common.
    weights = [rng.random() ** 2 + 1e-9 for _ in players]
    counts = dict.fromkeys(players, 0)
    for p in rng.choices(players, weights=weights, k=total):
        counts[p] += 1
    return counts


def _salad(
    rng: Random, players: list[str], game: str, size: int = 52, parts: tuple[str, ...] = SALAD_PARTS
) -> dict[str, Any]:
    """Tricks, then real cards dealt into them: each player takes players × tricks cards; the
    keys the Salad's `parts` record."""
    tricks = _spread(rng, cards(game, len(players), size).tricks, players)
    pile = deck(game, len(players), size)
    rng.shuffle(pile)
    taken: dict[str, list[tuple[str, str]]] = {}
    for p in players:
        size = len(players) * tricks[p]
        taken[p], pile = pile[:size], pile[size:]
    winners = [p for p in players if tricks[p]] or players
    full = {
        "tricks": tricks,
        "hearts": {p: sum(suit == "hearts" for _, suit in taken[p]) for p in players},
        "queens": {p: sum(rank == "Q" for rank, _ in taken[p]) for p in players},
        # On a table the game is not for (mutations), the king may be left undealt.
        "king": next((p for p in players if ("K", "hearts") in taken[p]), players[0]),
        "penultimate": rng.choice(winners),
        "last": rng.choice(winners),
    }
    keys = {
        "no-tricks": ("tricks",),
        "no-hearts": ("hearts",),
        "no-queens": ("queens",),
        "barbu": ("king",),
        "last-trick": ("last",),
        "no-last-two": ("penultimate", "last"),
    }
    return {k: full[k] for part in parts for k in keys[part]}


def random_result(
    rng: Random,
    contract: str,
    players: list[str],
    game: str = "barbu",
    size: int = 52,
    salad: tuple[str, ...] = SALAD_PARTS,
) -> dict[str, Any]:
    """A result the cards of `game` (`size` of them) allow for `contract` (if `players` suit the game)."""
    if len(players) not in PLAYER_COUNTS[game]:  # a mutated table: any cards will do
        game, size = "barbu", 52
    c = cards(game, len(players), size)
    if contract in ("no-tricks", "trumps", "tricks"):
        return {"tricks": _spread(rng, c.tricks, players)}
    if contract == "no-queens":
        return {"queens": _spread(rng, c.queens, players)}
    if contract in TAKER_KEYS:
        return {key: rng.choice(players) for key in TAKER_KEYS[contract]}
    if contract == "no-hearts":
        hearts = _spread(rng, c.hearts, players)
        if game == "french":
            return {"hearts": hearts}
        return {"hearts": hearts, "ace": rng.choice([p for p in players if hearts[p] > 0])}
    if contract == "barbu":
        return {"king": rng.choice(players)}
    if contract == "dominoes":
        return {"order": rng.sample(players, len(players))}
    if contract == "salad":
        return _salad(rng, players, game, size, salad)
    return {"most": rng.sample(players, min(len(players), rng.choice((1, 1, 1, 2, 2, 3, 4))))}


class _Table:
    """Who declares each deal of a game, and its blocks, from the format's rules.

    A block is one declarer's deals (one dealer's in french, a rubber in barbu-3);
    it is also the compulsory-double window.
    """

    def __init__(self, game: str, count: int, rules: dict[str, Any]) -> None:
        self.game = game
        self.count = count
        self.every_deal = rules.get("rotation", "blocks") == "every-deal"
        if game == "barbu":
            self.contracts = ALL_CONTRACTS if rules.get("ravage_city", False) else BASE_CONTRACTS
        elif game == "barbu-3":
            self.contracts = BARBU_3_CONTRACTS
        elif game == "barbette":
            self.contracts = BARBETTE_CONTRACTS
        elif game == "barbu-5":
            self.contracts = BASE_CONTRACTS
        else:
            fixed = rules.get("sequence", "choice") == "fixed"
            seventh = "no-last-two" if rules.get("last_two", False) else "no-first-last"
            played = tuple(seventh if c == "no-first-last" else c for c in FRENCH_CONTRACTS)
            self.contracts = FRENCH_FIXED if fixed else played
        self.per_block = 4 if game == "barbette" else len(self.contracts)
        self.blocks = rules.get("rubbers", 3) if game == "barbu-3" else count
        self.total = self.blocks * self.per_block

    def declarer(self, first: int, n: int) -> int:
        if self.game == "barbu-3":
            return (first + n // 7 + n % 7) % 3
        if self.every_deal:
            return (first + n) % self.count
        return (first + n // self.per_block) % self.count

    def block(self, first: int, n: int) -> int:
        if self.game == "barbu-3":
            return n // 7
        return (self.declarer(first, n) - first) % self.count

    def chances(self, first: int, n: int, seat: int) -> int:
        """Deals from n on, in deal n's window, where `seat` may double the declarer."""
        b = self.block(first, n)
        return sum(
            1 for m in range(n, self.total) if self.block(first, m) == b and self.declarer(first, m) != seat
        )

    def options(self, played: list[str]) -> list[str]:
        """The contracts a block that has played `played` may play next."""
        if self.game == "french" and self.contracts == FRENCH_FIXED:
            return [FRENCH_FIXED[len(played)]]
        options = [c for c in self.contracts if c not in played]
        if self.game == "barbette" and POSITIVE_CONTRACTS & set(played):
            options = [c for c in options if c not in POSITIVE_CONTRACTS]
        return options


def _draw_table(
    rng: Random,
    rules: dict[str, Any] | None,
    game_asked: str | None,
    players_asked: int | None,
    hands: int | None,
) -> tuple[str, int, dict[str, Any]]:
    """The game, the number of players and the rules of a new random game.

    In french without a points object the rules do not say how many play: a
    table whose full game has exactly `hands` deals is preferred, then one
    that can hold them.
    """
    game = game_asked
    if game is None:
        game = rules.get("game", "barbu") if rules is not None else rng.choices(GAMES, GAME_WEIGHTS)[0]
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    players = players_asked
    if players is None:
        if game == "french":
            scheme = (rules or {}).get("scheme")
            dominoes = scheme.get("dominoes") if isinstance(scheme, dict) else None
            if isinstance(dominoes, list) and len(dominoes) > 2:  # two: the ends alone, any table
                players = len(dominoes)
            else:
                per = 5 if (rules or {}).get("sequence") == "fixed" else 8
                sizes = PLAYER_COUNTS[game]
                if hands is not None:
                    exact = [n for n in sizes if n * per == hands]
                    sizes = exact or [n for n in sizes if n * per >= hands] or sizes
                players = rng.choice(sizes)
        else:
            players = PLAYER_COUNTS[game][0]
    if players not in PLAYER_COUNTS[game]:
        raise ValueError(f"{game} is not for {players} players")
    return game, players, random_rules(rng, game, players) if rules is None else rules


def random_game(
    rng: Random,
    rules: dict[str, Any] | None = None,
    hands: int | None = None,
    game: str | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """A legal game with `hands` deals (default: random, often complete).

    The game is `game`, else the one `rules` names, else chosen at random (its
    rule options then at random too). `players` fixes the table size in french
    (else taken from a points object's dominoes, or random).
    """
    if rules is not None and game is not None and rules.get("game", "barbu") != game:
        raise ValueError(f"the rules are for {rules.get('game', 'barbu')}, not {game}")
    # Draw the game and its rules; draw again if they cannot hold the `hands` asked for
    # (a one-rubber barbu-3 has 7 deals), unless the caller fixed both.
    for _ in range(100):
        game, players, game_rules = _draw_table(rng, rules, game, players, hands)
        table = _Table(game, players, game_rules)
        if hands is None or hands <= table.total or rules is not None:
            break
    rules = game_rules
    if hands is None:
        hands = table.total if _maybe(rng, 0.4) else rng.randint(0, table.total)
    if not 0 <= hands <= table.total:
        raise ValueError(f"a game has 0 to {table.total} hands")
    doubling = rules.get("doubling", "none" if game == "french" else "standard")
    compulsory = rules.get("compulsory_doubles", 0 if doubling == "none" else COMPULSORY[game][1])
    settle = rules.get("undoubled_negative", "play") == "settle"
    size = rules.get("deck", 52)
    salad = tuple(rules.get("salad", {}).get("parts", SALAD_PARTS))
    ranks = SHORT_RANKS if size == 32 else RANKS[1:] if game == "barbu-3" else RANKS
    eagerness = rng.uniform(0.0, 0.6)  # how readily this table doubles

    names = random_players(rng, players)
    first = rng.randrange(players)
    played: dict[int, list[str]] = {b: [] for b in range(table.blocks)}
    made: dict[tuple[int, str], int] = {}  # (block, player) -> doubles of the declarer so far
    deals: list[dict[str, Any]] = []
    for n in range(hands):
        seat = table.declarer(first, n)
        declarer = names[seat]
        b = table.block(first, n)
        contract = rng.choice(table.options(played[b]))
        played[b].append(contract)

        doubles: list[list[str]] = []
        if doubling != "none":
            only_declarer = doubling in ("declarer-only", "dealer") or contract in POSITIVE_CONTRACTS
            doubters = []
            for step in range(1, players):  # from the declarer's left
                p = names[(seat + step) % players]
                owed = compulsory - made.get((b, p), 0)
                if owed >= table.chances(first, n, (seat + step) % players) or _maybe(rng, eagerness):
                    doubles.append([p, declarer])
                    doubters.append(p)
                    made[(b, p)] = made.get((b, p), 0) + 1
                if not only_declarer:
                    for other in range(1, players):
                        q = names[(seat + other) % players]
                        if q != p and _maybe(rng, eagerness / 2):
                            doubles.append([p, q])
            if game == "french" and not rules.get("dealer_redoubles", False):
                redoubled = []
            elif rules.get("redouble_all", False):
                redoubled = doubters if _maybe(rng, 0.4) else []
            else:
                redoubled = [p for p in doubters if _maybe(rng, 0.4)]
            doubles += [[declarer, p] for p in redoubled]

        hand: dict[str, Any] = {}
        if _maybe(rng):
            hand["declarer"] = declarer
        hand["contract"] = contract
        if contract == "trumps" and _maybe(rng, 0.6):
            hand["trump"] = rng.choice(SUITS)
        if contract == "dominoes" and _maybe(rng, 0.6):
            hand["rank"] = rng.choice(ranks)
        if game == "french" and doubling == "none":
            if _maybe(rng, 0.2):
                hand["doubles"] = []
        elif doubles or _maybe(rng):
            hand["doubles"] = doubles
        if not (game == "barbu" and settle and contract in NEGATIVE_CONTRACTS and not doubles):
            hand["result"] = random_result(rng, contract, names, game, size, salad)
        deals.append(hand)

    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": names,
        "first_declarer": names[first],
    }
    if rules or _maybe(rng):
        doc["rules"] = rules
    doc["hands"] = deals
    return doc


# --- mutations -------------------------------------------------------------

Path = tuple[Any, ...]
Mutation = Callable[[Random, Any], Any]


def _paths(value: Any, path: Path = ()) -> list[Path]:
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, (*path, i))
    return found


def _get(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _names(doc: Any) -> list[str]:
    players = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(players, list) and players and all(isinstance(p, str) for p in players):
        return players
    return ["Ann", "Beth"]


def _game(doc: Any) -> str:
    rules = doc.get("rules") if isinstance(doc, dict) else None
    game = rules.get("game", "barbu") if isinstance(rules, dict) else "barbu"
    return game if game in GAMES else "barbu"


def _deck(doc: Any) -> int:
    rules = doc.get("rules") if isinstance(doc, dict) else None
    size = rules.get("deck", 52) if isinstance(rules, dict) else 52
    return 32 if size == 32 and _game(doc) in SHORT_DECK_GAMES else 52


def _hands(doc: Any) -> list[Any] | None:
    hands = doc.get("hands") if isinstance(doc, dict) else None
    return hands if isinstance(hands, list) and hands else None


def _new_value(rng: Random, old: Any, names: list[str]) -> Any:
    """A replacement for `old`: often a near miss of the same type, else junk."""
    if _maybe(rng, 0.4):
        return copy.deepcopy(rng.choice(JUNK))
    if type(old) is int:
        return rng.choice((old + 1, old - 1, -old, float(old), str(old), old * 12, True))
    if isinstance(old, str):
        return rng.choice(
            (
                rng.choice(names),
                old.upper(),
                old.lower(),
                f" {old}",
                f"{old}\u00a0",
                old[:-1],
                rng.choice(FAMILY_CONTRACTS),
                rng.choice(SUITS),
                rng.choice(GAMES),
                [old],
            )
        )
    if isinstance(old, list):
        return rng.choice((old[:-1], [*old, *old[:1]], old[::-1], [], None, {}))
    if isinstance(old, dict):
        return rng.choice(([], None, {}, list(old), list(old.values())))
    return copy.deepcopy(rng.choice(JUNK))


def mutate_node(rng: Random, doc: Any) -> Any:
    """Change one node anywhere in the JSON tree (generic, shape-blind)."""
    path = rng.choice(_paths(doc))
    node = _get(doc, path)
    names = _names(doc)
    if isinstance(node, dict) and _maybe(rng):
        if node and _maybe(rng):
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(("extra", "comment", "Contract", "result", "doubles", "rules"))] = 1
        return doc
    if isinstance(node, list) and node and _maybe(rng):
        i = rng.randrange(len(node))
        op = rng.randrange(3)
        if op == 0:
            del node[i]
        elif op == 1:
            node.insert(i, copy.deepcopy(node[i]))
        else:
            j = rng.randrange(len(node))
            node[i], node[j] = node[j], node[i]
        return doc
    if not path:
        return _new_value(rng, doc, names)
    _get(doc, path[:-1])[path[-1]] = _new_value(rng, node, names)
    return doc


def _rename(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in value.items()}
    return value


def rename_player(rng: Random, doc: Any) -> Any:
    """Rename a player everywhere: legal, or a case twin, padded, empty or too long."""
    names = _names(doc)
    old = rng.choice(names)
    other = rng.choice(names)
    new = rng.choice(
        (
            f"Zed {rng.randint(1, 99)}",
            rng.choice(NAMES),
            other.swapcase(),
            other.upper(),
            f"{old} ",
            f"\t{old}",
            "",
            "y" * 41,
            "y" * 40,
            old.casefold(),
        )
    )
    return _rename(doc, old, new)


def reorder_hands(rng: Random, doc: Any) -> Any:
    """Drop, duplicate, swap or truncate deals."""
    hands = _hands(doc)
    if hands is None:
        return mutate_node(rng, doc)
    i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
    op = rng.randrange(4)
    if op == 0:
        del hands[i]
    elif op == 1:
        hands.insert(j, copy.deepcopy(hands[i]))
    elif op == 2:
        hands[i], hands[j] = hands[j], hands[i]
    else:
        del hands[i:]
    return doc


def _random_hand(rng: Random, doc: Any) -> dict[str, Any] | None:
    hands = _hands(doc)
    if hands is None:
        return None
    hand = rng.choice(hands)
    return hand if isinstance(hand, dict) else None


def change_doubles(rng: Random, doc: Any) -> Any:
    """Add, remove or reverse doubles in one deal."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    names = _names(doc)
    doubles = hand.setdefault("doubles", [])
    if not isinstance(doubles, list):
        return mutate_node(rng, doc)
    op = rng.randrange(4)
    if op == 0 and doubles:
        del doubles[rng.randrange(len(doubles))]
    elif op == 1:
        doubles.reverse()  # order is irrelevant: stays legal
    elif op == 2 and doubles:
        doubles.append(copy.deepcopy(rng.choice(doubles)))
    else:
        doubles.append([rng.choice(names), rng.choice(names)])
    return doc


def change_result(rng: Random, doc: Any) -> Any:
    """Move or add a count, rename a taker, drop or add a result."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    names = _names(doc)
    result = hand.get("result")
    if not isinstance(result, dict) or _maybe(rng, 0.2):
        if "result" in hand:
            del hand["result"]
        else:
            contract = hand.get("contract")
            if contract not in FAMILY_CONTRACTS or _maybe(rng, 0.3):
                contract = rng.choice(FAMILY_CONTRACTS)
            hand["result"] = random_result(rng, contract, names, _game(doc), _deck(doc))
        return doc
    for value in result.values():
        if isinstance(value, dict) and value:
            a, b = rng.choice(list(value)), rng.choice(list(value))
            if isinstance(value[a], int) and isinstance(value[b], int):
                # Moving one unit keeps the sum, so this is often still legal.
                value[a] -= 1
                value[b] += 0 if _maybe(rng, 0.2) else 1
            return doc
        if isinstance(value, str):
            key = next(k for k, v in result.items() if v is value)
            result[key] = rng.choice(names)
            return doc
    return mutate_node(rng, doc)


def change_rule(rng: Random, doc: Any) -> Any:
    """Set one rule to another legal value or to junk."""
    if not isinstance(doc, dict):
        return mutate_node(rng, doc)
    rules = doc.setdefault("rules", {})
    if not isinstance(rules, dict):
        return mutate_node(rng, doc)
    game = _game(doc)
    count = len(_names(doc))
    points = random_points(rng, _maybe(rng), game, count if 3 <= count <= 5 else 4)
    key, options = rng.choice(
        (
            ("scheme", (*SCHEMES, "Standard", "custom", points, standard_points(game, 4))),
            ("game", (*GAMES, "Barbu", "barbu-4", None)),
            ("game", GAMES),
            ("rubbers", (1, 3, 2, 0, "3", True)),
            ("deck", (52, 32, 32, 36, "32", 32.0, None)),
            ("sequence", (*SEQUENCES, "Fixed", "random")),
            ("ravage_city", (True, False, "true", 1)),
            ("capot", (True, False, "true", 1)),
            (
                "salad",
                (
                    {},
                    {"parts": ["barbu", "no-last-two"]},
                    {"parts": ["last-trick"], "scored": "reward"},
                    {"halved": True},
                    {"parts": ["trumps"]},
                    {"parts": []},
                    {"parts": ["barbu", "barbu"]},
                    {"scored": "bonus"},
                    {"halved": 1},
                    ["barbu"],
                    None,
                ),
            ),
            ("last_two", (True, False, "yes")),
            ("doubling", (*DOUBLING_MODES, "dealer", "maximum")),
            ("dealer_redoubles", (True, False, 1)),
            ("redouble_all", (True, False, None)),
            ("compulsory_doubles", (0, 1, 2, 3, 4, 5, 7, 8, -1, 2.0, "2")),
            ("undoubled_negative", (*UNDOUBLED_NEGATIVE_MODES, "Settle")),
            ("rotation", (*ROTATIONS, "clockwise")),
            ("dealer_declares", (True, False, 0)),
            ("house_rule", (True,)),
        )
    )
    rules[key] = rng.choice(options)
    return doc


def change_hand_field(rng: Random, doc: Any) -> Any:
    """Change a deal's contract, declarer, trump or rank."""
    hand = _random_hand(rng, doc)
    if hand is None:
        return mutate_node(rng, doc)
    key = rng.choice(("contract", "declarer", "trump", "rank"))
    if _maybe(rng, 0.3):
        hand.pop(key, None)
        return doc
    hand[key] = rng.choice(
        {
            "contract": (*FAMILY_CONTRACTS, "No-tricks", "no-last-four"),
            "declarer": (*_names(doc), "Nobody"),
            "trump": (*SUITS, "Spades", "notrump"),
            "rank": (*RANKS, "1", "11", "j", 10),
        }[key]
    )
    return doc


def change_top(rng: Random, doc: Any) -> Any:
    """Change the format, the first declarer or the seating, or replace the document."""
    if not isinstance(doc, dict) or _maybe(rng, 0.1):
        return rng.choice(([], "barbu", None, 0, [doc]))
    op = rng.randrange(3)
    if op == 0:
        doc["format"] = rng.choice(("barbu-game/2", "Barbu-game/1", "barbu-game/1 ", FORMAT))
    elif op == 1:
        doc["first_declarer"] = rng.choice((*_names(doc), "Nobody"))
    elif isinstance(doc.get("players"), list):
        rng.shuffle(doc["players"])
    return doc


def change_table(rng: Random, doc: Any) -> Any:
    """Seat one more player or one fewer (french allows 3 to 5), or play another game."""
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), list):
        return mutate_node(rng, doc)
    players = doc["players"]
    op = rng.randrange(3)
    if op == 0 and players:
        gone = players.pop(rng.randrange(len(players)))
        if doc.get("first_declarer") == gone and players and _maybe(rng, 0.8):
            doc["first_declarer"] = players[0]
    elif op == 1:
        players.insert(rng.randint(0, len(players)), rng.choice(("Eve", "Fay", "Gus", *players[:1])))
    else:
        rules = doc.get("rules")
        if not isinstance(rules, dict):
            rules = doc["rules"] = {}
        rules["game"] = rng.choice(GAMES)
        if _maybe(rng):  # keep only the keys the new game might take
            for key in ("ravage_city", "undoubled_negative", "rubbers", "sequence", "scheme"):
                rules.pop(key, None)
    return doc


MUTATIONS: tuple[tuple[Mutation, int], ...] = (
    (mutate_node, 6),
    (rename_player, 1),
    (reorder_hands, 2),
    (change_doubles, 3),
    (change_result, 3),
    (change_rule, 2),
    (change_hand_field, 2),
    (change_top, 1),
    (change_table, 1),
)


def mutate(rng: Random, doc: object) -> object:
    """A deep copy of `doc` with one random change; it may be legal or not."""
    doc = copy.deepcopy(doc)
    mutations, weights = zip(*MUTATIONS, strict=True)
    return rng.choices(mutations, weights=weights)[0](rng, doc)
