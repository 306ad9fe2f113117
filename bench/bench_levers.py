"""Before and after of issue 26's algorithmic levers, function by function, on the same hands.

"Before" is the code as it was before the levers, kept in ``tests/helpers/deadwood_before.py``
(the tests check that both give the same answers); "after" is :mod:`ginrummy.melds.deadwood`.
Every figure is the median of ``--repeats`` repeats, each timing before and after in turns on
the same hands (CPU time), warm (no ``gc.collect()`` between them).

    PYTHONPATH=src .venv/bin/python bench/bench_levers.py [--repeats 7] [--hands 20000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import bench_engines  # bench/ is on sys.path when run as a script
from ginrummy.cards import cardset
from ginrummy.melds import deadwood

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from helpers import deadwood_before


def hand_sets(rng: random.Random, n: int) -> dict[str, list[int]]:
    """The hands each figure runs on (CardSets)."""
    random10 = [cardset(h) for h in bench_engines.random_hands(rng, n, 10)]
    with_sets = []
    while len(with_sets) < n:  # random 10-card hands holding a rank of 3 or 4: the search's slow path
        h = cardset(rng.sample(range(52), 10))
        s = [(h >> (13 * i)) & 0x1FFF for i in range(4)]
        if (s[0] & s[1] & (s[2] | s[3])) | (s[2] & s[3] & (s[0] | s[1])):
            with_sets.append(h)
    return {
        "random 10": random10,
        "random 10 with a set rank": with_sets,
        "meld-rich 10": [cardset(bench_engines.meld_rich_hand(rng, 10)) for _ in range(n)],
        "random 11": [cardset(h) for h in bench_engines.random_hands(rng, n, 11)],
        "meld-rich 11": [cardset(bench_engines.meld_rich_hand(rng, 11)) for _ in range(n)],
    }


FIGURES: list[tuple[str, str, Callable[[int], Any], Callable[[int], Any]]] = [
    ("least_deadwood", "random 10", deadwood_before.least_deadwood, deadwood.least_deadwood),
    ("least_deadwood", "random 10 with a set rank", deadwood_before.least_deadwood, deadwood.least_deadwood),
    ("least_deadwood", "meld-rich 10", deadwood_before.least_deadwood, deadwood.least_deadwood),
    ("best_discards", "random 11", deadwood_before.best_discards, deadwood.best_discards),
    ("best_discards", "meld-rich 11", deadwood_before.best_discards, deadwood.best_discards),
]


def time_calls(fn: Callable[[int], Any], hands: Sequence[int]) -> float:
    t0 = time.process_time()
    for h in hands:
        fn(h)
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=26)
    args = ap.parse_args(argv)
    sets = hand_sets(random.Random(args.seed), args.hands)
    print(f"CPU time, medians of {args.repeats} interleaved repeats, {args.hands} hands each")
    print(f"{'function':16s} {'hands':28s} {'before us':>10s} {'after us':>10s} {'speed-up':>9s}")
    for name, hands_name, before, after in FIGURES:
        hands = sets[hands_name]
        for h in hands[:200]:  # warm the caches of both
            before(h)
            after(h)
        b: list[float] = []
        a: list[float] = []
        for _ in range(args.repeats):
            b.append(time_calls(before, hands))
            a.append(time_calls(after, hands))
        mb, ma = statistics.median(b) / len(hands) * 1e6, statistics.median(a) / len(hands) * 1e6
        print(f"{name:16s} {hands_name:28s} {mb:>10.2f} {ma:>10.2f} {mb / ma:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
