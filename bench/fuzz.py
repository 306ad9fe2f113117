"""Fuzz the hand engine: random legal play under every preset, with malformed and illegal actions
thrown at every position (not part of CI; the fast version is tests/test_fuzz.py; the shared core
is tests/helpers/fuzzing.py).

Usage::

    .venv/bin/python bench/fuzz.py --actions 200000 --seed 1

At every position of a hand (dealt under each preset in turn, both variants), ``--tries`` actions
are drawn from a catalogue of malformed actions (wrong types, cards out of range, booleans as
cards, melds that are not melds, layoff pairs of the wrong shape, the other variant's actions,
runs round the corner where aces are low, non-actions) and of well-formed but mostly illegal ones
(every action kind with random cards). Each is pushed, and it is checked that:

* a refused action raises an :class:`~ginrummy.errors.IllegalActionError` (``exception`` violation
  otherwise) and leaves the state exactly as it was (``changed``): log, hands, stock, discard pile,
  phase, player to act and both players' views;
* an accepted action is one ``can`` accepts (``can``), is in the canonical list of legal actions
  where that list is complete (``unlisted``: all but knocks, big gin and layoffs, which may name
  other melds), and ``pop`` restores the state exactly (``pop``);
* after every legal action the 52 cards are each in exactly one place (``conservation``): the
  hands, the stock, the discard pile, a standard knock's face-down discard, pickup's table melds.

Prints the figures (actions tried, refused, accepted, violations by kind: all should be zero) and
exits 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from ginrummy.rules import PRESETS
from helpers.fuzzing import VIOLATIONS, fuzz_hand


def fuzz(actions: int, tries: int, seed: int) -> tuple[Counter[str], Counter[str]]:
    """Deal hands under each preset in turn until ``actions`` actions were tried; returns
    (figures, violations by kind)."""
    rng = random.Random(seed)
    figures: Counter[str] = Counter()
    violations: Counter[str] = Counter()
    presets = sorted(PRESETS)
    while figures["tried"] < actions:
        name = presets[figures["hands"] % len(presets)]
        fuzz_hand(PRESETS[name].rules, rng.randrange(2), rng, tries, figures, violations)
    return figures, violations


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=200_000, help="malformed/illegal actions to try")
    ap.add_argument("--tries", type=int, default=6, help="actions tried at each position")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    figures, violations = fuzz(args.actions, args.tries, args.seed)
    print(f"fuzz: seed {args.seed}, {time.perf_counter() - t0:.0f} s, {len(PRESETS)} presets")
    for key in ("hands", "legal actions", "tried", "refused", "accepted"):
        print(f"  {key:<14} {figures[key]:>10,}")
    for key, n in sorted(figures.items()):
        if key.startswith("exception "):
            print(f"  {key:<14} {n:>10,}")
    print("violations: " + ", ".join(f"{k} {violations[k]}" for k in VIOLATIONS))
    sys.exit(1 if sum(violations.values()) else 0)


if __name__ == "__main__":
    main()
