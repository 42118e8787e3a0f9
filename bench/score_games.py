"""Score 10,000 random complete games and print deals per second.

Baselines in the same process: parsing the same JSON texts with `json.loads`
(the least any scorer must do) and the independent reference scorer used by
the tests. Games of every kind of the family, or of one (`--game barbu`, to
compare with engines that scored four-player Barbu only).
Run: `make bench` or `.venv/bin/python bench/score_games.py [GAMES] [--game ID]`.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.scoring import load, loads, score
from tests.oracle import reference
from tests.oracle.generate import random_game


def timed(label: str, work, texts: list[str], deals: int) -> float:
    start = time.process_time()
    for text in texts:
        work(text)
    seconds = time.process_time() - start
    print(f"{label:<34}{seconds:8.3f} s {deals / seconds:12,.0f} deals/s")
    return seconds


def main() -> None:
    args = sys.argv[1:]
    only = args[args.index("--game") + 1] if "--game" in args else None
    numbers = [a for a in args if a.isdigit()]
    count = int(numbers[0]) if numbers else 10_000
    texts = []
    rng = Random(2026)
    while len(texts) < count:
        doc = random_game(rng, game=only)
        if load(doc).complete:
            texts.append(json.dumps(doc))
    deals = sum(len(json.loads(t)["hands"]) for t in texts)
    print(f"{count} complete games ({only or 'every kind'}), {deals} deals")
    parse = timed("json.loads only (baseline)", json.loads, texts, deals)
    engine = timed("engine: check and score", lambda t: score(loads(t)), texts, deals)
    oracle = timed(
        "reference scorer (tests/oracle)", lambda t: reference.score_game(json.loads(t)), texts, deals
    )
    print(f"engine / json.loads: {engine / parse:.1f}x   engine / reference: {engine / oracle:.2f}x")


if __name__ == "__main__":
    main()
