"""Protocol overhead: games per second of ``simple`` in-process against ``simple`` as a ``cmd:`` bot.

Both runs play the same duplicate-dealt games (``run_match``, one job, standard rules) against the
in-process ``simple`` level; the second seat is ``simple`` either in-process or through the bot
protocol (``cmd:python bots/simple_bot.py``: one subprocess per game, its start, hello and quit
included, every decision a JSON round trip over pipes). Wall-clock time (the bot runs in another
process). Each figure is the median of the repeats.

Run: ``.venv/bin/python bench/bench_protocol.py [--games 20] [--repeats 3] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

from ginrummy.rules import Rules
from ginrummy.tournament.runner import run_match

BOT = f"cmd:{sys.executable} {Path(__file__).resolve().parents[1] / 'bots' / 'simple_bot.py'}"


def _rate(opponent: str, games: int, seed: int) -> tuple[float, int, int, float, float]:
    """(games per second, decisions of the measured seat, forfeits, its median and mean decision ms)."""
    t0 = time.perf_counter()
    result = run_match([opponent, "simple"], games, Rules(), seed=seed)
    elapsed = time.perf_counter() - t0
    summary = result.summary()
    t = summary["times"][0]
    return (
        len(result.games) / elapsed,
        t["decisions"],
        len(summary.get("forfeits", [])),
        t["median_ms"],
        t["mean_ms"],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out: dict[str, object] = {
        "python": platform.python_version(),
        "games": args.games,
        "repeats": args.repeats,
    }
    rates = {}
    for label, name in (("in_process", "simple"), ("cmd_bot", BOT)):
        samples = [_rate(name, args.games, args.seed + r) for r in range(args.repeats)]
        rates[label] = rate = statistics.median(s[0] for s in samples)
        decisions = sum(s[1] for s in samples)
        forfeits = sum(s[2] for s in samples)
        median_ms = statistics.median(s[3] for s in samples)
        mean_ms = statistics.median(s[4] for s in samples)
        out[label] = {
            "games_per_s": rate,
            "decisions": decisions,
            "forfeits": forfeits,
            "decision_median_ms": median_ms,
            "decision_mean_ms": mean_ms,
        }
        print(
            f"{label:>10}: {rate:8.2f} games/s; {decisions} decisions of the measured seat, "
            f"median {median_ms:.3f} ms, mean {mean_ms:.3f} ms (start included); {forfeits} forfeits"
        )
    ratio = rates["in_process"] / rates["cmd_bot"]
    out["ratio"] = ratio
    print(f"protocol overhead: in-process is {ratio:.1f}x the cmd: bot's games per second")
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
