"""Instruction counts of the benchmarks' workloads, ours and the peers', under callgrind.

CPU time on a shared machine moves by 10-30% from run to run; the number of instructions a
workload executes does not. Each workload runs twice under ``valgrind --tool=callgrind``: once
doing ``n`` units of work and once doing none (the same imports, hands, environments and
states made, nothing timed run), and the figure is the difference divided by the units done.
All engines run on the same hands (same seed), as in ``bench_engines.py`` and ``bench_envs.py``:

* ``deadwood10``: least deadwood of random 10-card hands (ours ``melds.least_deadwood``,
  OpenSpiel ``GinRummyUtils.min_deadwood``), per call;
* ``deadwood11``: meld-rich 11-card hands, the least deadwood after the best discard (ours
  ``melds.least_deadwood_after_discard``; OpenSpiel's ``min_deadwood`` of 11 cards, which does
  less work: one meld group, then it drops the highest card), per call;
* ``play``: whole hands of simple v simple (ours ``SimpleAgent``, OpenSpiel's
  ``SimpleGinRummyBot`` from a clone of one fresh initial state), per hand;
* ``env``: environment steps with observations and masks, random legal moves, per step:
  our PettingZoo environment and ``gin_rummy_v4``, bare and wrapped, and OpenSpiel's C++
  ``gin_rummy`` from a clone.

Run from the repository root (valgrind needed; about 3 minutes for everything)::

    PYTHONPATH=src .venv/bin/python bench/callgrind.py                 # every workload
    PYTHONPATH=src .venv/bin/python bench/callgrind.py deadwood10 play # some of them
    PYTHONPATH=src .venv/bin/python bench/callgrind.py --json out.json

``--scale X`` multiplies every workload's size (0.25 for a quick look). ``--run WORKLOAD ENGINE N
SIZE`` (used by the driver) does the work itself and prints the units done.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import bench_engines  # bench/ is on sys.path when run as a script
import bench_envs
import peers
from ginrummy import melds
from ginrummy.cards import cardset

SEED = 2024
# (workload, engine) -> units of work in the measured run (kept small: callgrind is ~50x slower)
WORK: dict[tuple[str, str], int] = {
    ("deadwood10", "ginrummy"): 4000,
    ("deadwood10", "openspiel"): 4000,
    ("deadwood11", "ginrummy"): 2000,
    ("deadwood11", "openspiel"): 2000,
    ("play", "ginrummy"): 40,
    ("play", "openspiel"): 40,
    ("env", "ginrummy pettingzoo"): 10,
    ("env", "pettingzoo gin_rummy_v4 bare"): 10,
    ("env", "ginrummy pettingzoo wrapped"): 10,
    ("env", "pettingzoo gin_rummy_v4"): 10,
    ("env", "openspiel gin_rummy"): 10,
}
UNIT = {"deadwood10": "call", "deadwood11": "call", "play": "hand", "env": "step"}


def run_deadwood(engine: str, n: int, size: int, eleven: bool) -> int:
    """Make and convert ``size`` hands (in the baseline too), then call the first ``n``."""
    rng = random.Random(SEED)
    if eleven:
        hands = [bench_engines.meld_rich_hand(rng) for _ in range(size)]
    else:
        hands = bench_engines.random_hands(rng, size, 10)
    if engine == "ginrummy":
        call: Callable[[Any], int] = melds.least_deadwood_after_discard if eleven else melds.least_deadwood
        prepared: list[Any] = [cardset(h) for h in hands]
    else:
        prepare, _ = peers.openspiel_min_deadwood_fn()
        call = peers.openspiel_utils().min_deadwood
        prepared = [prepare(h) for h in hands]
    call(prepared[0])  # tables built, code paths touched: in the baseline too
    for h in prepared[:n]:
        call(h)
    return n


def run_play(engine: str, n: int) -> int:
    if engine == "ginrummy":
        play = bench_engines.ours_simple_hands_per_second
    else:
        play = peers.openspiel_simple_hands_per_second
    play(1, SEED + 7)  # warm up: in the baseline too
    play(n, SEED)  # its setup (game, bots, the state to clone) is in the baseline too
    return n


def run_env(engine: str, n: int) -> int:
    """Play ``n`` hands of random legal moves; return the player steps taken."""
    rng = random.Random(SEED)
    if engine == "openspiel gin_rummy":
        import pyspiel

        init = pyspiel.load_game("gin_rummy").new_initial_state()
        return sum(bench_envs.spiel_hand(init.clone(), rng) for _ in range(n))
    if engine.startswith("ginrummy"):
        from ginrummy.research.pettingzoo_env import GinRummyEnv

        env: Any = GinRummyEnv("default")
    else:
        from pettingzoo.classic import gin_rummy_v4

        env = gin_rummy_v4.raw_env()
    if engine.endswith("wrapped") or engine == "pettingzoo gin_rummy_v4":
        env = bench_envs.wrapped(env)
    env.reset(seed=SEED - 1)
    return sum(bench_envs.aec_hand(env, rng, SEED + hand) for hand in range(n))


def run(workload: str, engine: str, n: int, size: int) -> int:
    """Do ``n`` units of ``workload`` with ``engine`` (``size``: the units prepared, in the
    baseline too); return the units done (steps for ``env``)."""
    if workload in ("deadwood10", "deadwood11"):
        return run_deadwood(engine, n, size, workload == "deadwood11")
    if workload == "play":
        return run_play(engine, n)
    return run_env(engine, n)


def count(workload: str, engine: str, n: int, size: int) -> tuple[int, int]:
    """``(instructions, units)`` of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--run",
            workload,
            engine,
            str(n),
            str(size),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # str hashes fixed: the same dict layouts every run
        proc = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
        found = re.search(r"Collected : (\d+)", proc.stderr)
        if found is None:
            raise RuntimeError(f"no callgrind total in: {proc.stderr[-2000:]}")
        units = int(proc.stdout.strip().splitlines()[-1])
        return int(found.group(1)), units


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", help=f"some of {', '.join(UNIT)} (default: all)")
    ap.add_argument("--run", nargs=4, metavar=("WORKLOAD", "ENGINE", "N", "SIZE"), help=argparse.SUPPRESS)
    ap.add_argument("--only", nargs="+", default=[], metavar="ENGINE", help="these engines only")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's size")
    ap.add_argument("--json", default="", help="also write the counts as JSON")
    args = ap.parse_args(argv)
    if args.run:
        workload, engine, n, size = args.run
        print(run(workload, engine, int(n), int(size)))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind not found: no instruction counts")
        return 1
    chosen = args.workloads or list(UNIT)
    unknown = set(chosen) - set(UNIT)
    if unknown:
        ap.error(f"unknown workloads {sorted(unknown)}: choose from {', '.join(UNIT)}")
    results: dict[str, dict[str, float]] = {}
    for (workload, engine), n in WORK.items():
        if workload not in chosen or (args.only and engine not in args.only):
            continue
        n = max(1, round(n * args.scale))
        try:
            total, units = count(workload, engine, n, n)
            base, _ = count(workload, engine, 0, n)
        except subprocess.CalledProcessError as exc:
            print(f"{workload} {engine}: failed ({exc.stderr.strip().splitlines()[-1:]})")
            continue
        per = (total - base) / units
        results.setdefault(workload, {})[engine] = per
        print(f"{workload:10s} {engine:30s} {per:>14,.0f} instructions/{UNIT[workload]} ({units} done)")
    print("\nRatios (peer instructions / ours: how many times fewer instructions we execute)")
    pairs = [
        ("deadwood10", "ginrummy", "openspiel"),
        ("deadwood11", "ginrummy", "openspiel"),
        ("play", "ginrummy", "openspiel"),
        *(("env", ours, peer) for ours, peer, _ in bench_envs.PAIRS),
    ]
    for workload, ours, peer in pairs:
        got = results.get(workload, {})
        if ours in got and peer in got:
            print(f"  {workload:10s} {ours} v {peer}: {got[peer] / got[ours]:.2f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
