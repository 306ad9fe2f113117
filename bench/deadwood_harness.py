"""Why least deadwood's CPU-time ratio and instruction ratio against OpenSpiel disagree: the same
calls timed under four harnesses (CPU time per call, medians of interleaved repeats).

* ``loop``: one Python loop over all the hands (the call and the loop, nothing else);
* ``chunks``: ``bench_engines.py``'s harness for this engine alone: chunks of ``--chunk`` calls,
  each after the 200 warm-up calls, each chunk timed apart;
* ``interleaved``: that harness as ``bench_engines.py`` runs it, the engines taking turns chunk by
  chunk (OpenSpiel, and RLCard where installed, between two chunks of ours);
* ``swept``: chunks, with an 8 MiB buffer written between two chunks (another program's work
  evicting the caches) instead of the other engines.

    .venv-compiled/bin/python bench/deadwood_harness.py [--eleven] [--hands 3000] [--repeats 3]

Our tables (``MeldRules``: 8,192-entry tuples, and the ints they hold) are read at random; OpenSpiel
computes without tables. So ours pay for what the other engines' work (or a sweep) evicts between
chunks, theirs less; and the shorter our call, the more the clock's cost per chunk (a system call:
about 1 us here) weighs. ``bench/callgrind.py --sim`` counts the same calls' cache misses and
mispredicted branches. bench/README.md, section "The compiled build", has the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import bench_engines  # bench/ is on sys.path when run as a script

_SWEEP = bytearray(8 << 20)


def _sweep() -> None:
    _SWEEP[::64] = bytes(len(_SWEEP) // 64)  # one write per cache line


def per_call(
    engines: dict[str, tuple[Callable[[Any], Any], Callable[[Any], int]]],
    hands: Sequence[Sequence[int]],
    warm: Sequence[Sequence[int]],
    mode: str,
    chunk: int,
) -> dict[str, float]:
    """CPU seconds per call of each engine under harness ``mode`` (see the module docstring)."""
    prepared = {name: [prep(h) for h in hands] for name, (prep, _) in engines.items()}
    warmers = {name: [prep(h) for h in warm] for name, (prep, _) in engines.items()}
    spent = dict.fromkeys(engines, 0.0)
    if mode == "loop":
        for name, (_, call) in engines.items():
            t0 = time.process_time()
            for h in prepared[name]:
                call(h)
            spent[name] = time.process_time() - t0
        return {name: s / len(hands) for name, s in spent.items()}
    for start in range(0, len(hands), chunk):
        for name, (_, call) in engines.items():
            if mode == "swept":
                _sweep()
            for h in warmers[name]:
                call(h)
            t0 = time.process_time()
            for h in prepared[name][start : start + chunk]:
                call(h)
            spent[name] += time.process_time() - t0
    return {name: s / len(hands) for name, s in spent.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--eleven", action="store_true", help="meld-rich 11-card hands (default: random 10)")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument(
        "--chunk", type=int, default=100, help="calls per timed chunk (bench_engines --quick: 100)"
    )
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(2024)
    if args.eleven:
        hands = [bench_engines.meld_rich_hand(rng) for _ in range(args.hands)]
        warm = [bench_engines.meld_rich_hand(rng) for _ in range(200)]
    else:
        hands = bench_engines.random_hands(rng, args.hands, 10)
        warm = bench_engines.random_hands(rng, 200, 10)
    engines = bench_engines.deadwood_engines(args.eleven)
    if bench_engines.OPENSPIEL not in engines:
        print("OpenSpiel is not installed: nothing to compare")
        return 1
    pair = {name: engines[name] for name in (bench_engines.OURS, bench_engines.OPENSPIEL)}
    runs: dict[str, list[dict[str, float]]] = {m: [] for m in ("loop", "chunks", "interleaved", "swept")}
    for _ in range(args.repeats):
        runs["loop"].append(per_call(pair, hands, warm, "loop", args.chunk))
        for mode in ("chunks", "swept"):  # each engine alone
            runs[mode].append(
                {name: per_call({name: pair[name]}, hands, warm, mode, args.chunk)[name] for name in pair}
            )
        runs["interleaved"].append(per_call(engines, hands, warm, "interleaved", args.chunk))
    kind = "meld-rich 11" if args.eleven else "random 10"
    print(
        f"least deadwood, {kind}: ns per call (CPU time, medians of {args.repeats}), chunks of {args.chunk}"
    )
    for mode, samples in runs.items():
        ns = {
            name: 1e9 * statistics.median(s[name] for s in samples)
            for name in (bench_engines.OURS, bench_engines.OPENSPIEL)
        }
        ratio = ns[bench_engines.OPENSPIEL] / ns[bench_engines.OURS]
        print(
            f"  {mode:12s} ginrummy {ns[bench_engines.OURS]:8.0f}  openspiel "
            f"{ns[bench_engines.OPENSPIEL]:8.0f}  ratio {ratio:5.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
