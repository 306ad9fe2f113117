"""Ray against local processes: the same match with ``--jobs 2`` and with ``--backend ray``.

Runs ``ginrummy match A B --games N --seed S --json`` as a command (wall clock of the whole
command: interpreter start, for Ray its local start with 2 CPUs and its shutdown included),
alternating the two backends, and checks that every run's summary is the same apart from the
decision times. Each figure is the median of the repeats.

Run: ``.venv/bin/python bench/bench_ray.py [--games 2000] [--repeats 3] [--json out.json]``
(needs the ``cluster`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any

CLI = [sys.executable, "-c", "from ginrummy.cli.main import main; main()", "match"]


def _run(agents: list[str], games: int, seed: int, backend: list[str]) -> tuple[float, dict[str, Any]]:
    """(seconds, the summary without its decision times) of one match command."""
    args = [*CLI, *agents, "--games", str(games), "--seed", str(seed), "--json", "--no-progress", *backend]
    t0 = time.perf_counter()
    out = subprocess.run(
        args, check=True, capture_output=True, text=True, env=os.environ | {"RAY_USAGE_STATS_ENABLED": "0"}
    )
    elapsed = time.perf_counter() - t0
    summary: dict[str, Any] = json.loads(out.stdout)
    del summary["times"]
    return elapsed, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", nargs=2, default=["simple", "simple"])
    parser.add_argument("--json", default=None, help="Write the results to this file.")
    args = parser.parse_args()
    backends = {"--jobs 2": ["--jobs", "2"], "--backend ray": ["--backend", "ray", "--jobs", "2"]}
    times: dict[str, list[float]] = {k: [] for k in backends}
    summaries: list[dict[str, Any]] = []
    for r in range(args.repeats):
        for name, flags in backends.items():
            elapsed, summary = _run(args.agents, args.games, args.seed, flags)
            times[name].append(elapsed)
            summaries.append(summary)
            print(f"repeat {r + 1}: {name}: {elapsed:.1f} s", flush=True)
    same = all(s == summaries[0] for s in summaries)
    first = summaries[0]
    results = {
        "agents": args.agents,
        "games": args.games,
        "seed": args.seed,
        "repeats": args.repeats,
        "same_summary": same,
        "wins": first["wins"],
        "hands": first["hands"],
        "seconds": {k: v for k, v in times.items()},
        "median_s": {k: statistics.median(v) for k, v in times.items()},
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(results, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
