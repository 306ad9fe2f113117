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

``--sim`` also runs valgrind's cache and branch simulation (``--cache-sim=yes --branch-sim=yes``;
slower) and reports per unit the first-level data misses, last-level misses and mispredicted
branches, with an estimate of cycles: instructions + 10 per L1 miss + 100 per last-level miss + 15
per mispredicted branch (cachegrind's cost model, plus a branch penalty). Instructions count the
work; the estimate says how much of it is spent waiting (where CPU time and instructions disagree).
"""

from __future__ import annotations

import argparse
import gc
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


def _settle() -> None:
    """Before the measured work (and in the baseline run at the same point): collect, then freeze
    what the imports and the setup made (``gc.freeze``), so that a collection during the work
    traverses the work's own objects only. Without it, whether a full collection of the whole
    heap (the peers' modules included) fell inside the work moved a meld-rich call's count
    from 6,600 to 16,000 instructions between two runs of the same code."""
    gc.collect()
    gc.freeze()


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
    _settle()
    for h in prepared[:n]:
        call(h)
    return n


def run_play(engine: str, n: int) -> int:
    if engine == "ginrummy":
        play = bench_engines.ours_simple_hands_per_second
    else:
        play = peers.openspiel_simple_hands_per_second
    play(1, SEED + 7)  # warm up: in the baseline too
    _settle()
    play(n, SEED)  # its setup (game, bots, the state to clone) is in the baseline too
    return n


def run_env(engine: str, n: int) -> int:
    """Play ``n`` hands of random legal moves; return the player steps taken."""
    rng = random.Random(SEED)
    if engine == "openspiel gin_rummy":
        import pyspiel

        init = pyspiel.load_game("gin_rummy").new_initial_state()
        _settle()
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
    _settle()
    return sum(bench_envs.aec_hand(env, rng, SEED + hand) for hand in range(n))


def run(workload: str, engine: str, n: int, size: int) -> int:
    """Do ``n`` units of ``workload`` with ``engine`` (``size``: the units prepared, in the
    baseline too); return the units done (steps for ``env``)."""
    if workload in ("deadwood10", "deadwood11"):
        return run_deadwood(engine, n, size, workload == "deadwood11")
    if workload == "play":
        return run_play(engine, n)
    return run_env(engine, n)


SIM_EVENTS = ("Ir", "D1mr", "D1mw", "DLmr", "DLmw", "Bcm", "Bim")
"""The simulated events read back with ``--sim`` (instructions, L1 and last-level data misses, mispredicted
conditional and indirect branches)."""


def count(workload: str, engine: str, n: int, size: int, sim: bool = False) -> tuple[dict[str, int], int]:
    """``(events, units)`` of one run under callgrind: ``events`` maps ``"Ir"`` to the instructions,
    and with ``sim`` each of :data:`SIM_EVENTS` to its count."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            *(["--cache-sim=yes", "--branch-sim=yes"] if sim else []),
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
        units = int(proc.stdout.strip().splitlines()[-1])
        with open(out, encoding="utf-8") as fh:
            text = fh.read()
        names = re.search(r"^events: (.+)$", text, re.M)
        totals = re.search(r"^(?:summary|totals): (.+)$", text, re.M)
        if names is None or totals is None:
            raise RuntimeError(f"no callgrind totals in: {proc.stderr[-2000:]}")
        events = dict(zip(names.group(1).split(), map(int, totals.group(1).split()), strict=False))
        return events, units


def cycles_estimate(ev: dict[str, float]) -> float:
    """Estimated cycles from simulated events (``--sim``): see the module's docstring."""
    l1 = ev["D1mr"] + ev["D1mw"]
    ll = ev["DLmr"] + ev["DLmw"]
    return ev["Ir"] + 10 * l1 + 100 * ll + 15 * (ev["Bcm"] + ev["Bim"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", help=f"some of {', '.join(UNIT)} (default: all)")
    ap.add_argument("--run", nargs=4, metavar=("WORKLOAD", "ENGINE", "N", "SIZE"), help=argparse.SUPPRESS)
    ap.add_argument("--only", nargs="+", default=[], metavar="ENGINE", help="these engines only")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's size")
    ap.add_argument("--json", default="", help="also write the counts as JSON")
    ap.add_argument("--sim", action="store_true", help="also simulate caches and branches (slower)")
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
    simulated: dict[str, dict[str, float]] = {}  # workload -> engine -> estimated cycles per unit
    for (workload, engine), n in WORK.items():
        if workload not in chosen or (args.only and engine not in args.only):
            continue
        n = max(1, round(n * args.scale))
        try:
            total, units = count(workload, engine, n, n, args.sim)
            base, _ = count(workload, engine, 0, n, args.sim)
        except subprocess.CalledProcessError as exc:
            print(f"{workload} {engine}: failed ({exc.stderr.strip().splitlines()[-1:]})")
            continue
        per_event = {k: (total[k] - base.get(k, 0)) / units for k in total}
        per = per_event["Ir"]
        results.setdefault(workload, {})[engine] = per
        print(f"{workload:10s} {engine:30s} {per:>14,.0f} instructions/{UNIT[workload]} ({units} done)")
        if args.sim:
            est = cycles_estimate(per_event)
            simulated.setdefault(workload, {})[engine] = est
            print(
                f"{'':41s} L1 data misses {per_event['D1mr'] + per_event['D1mw']:,.1f}, last-level "
                f"{per_event['DLmr'] + per_event['DLmw']:,.1f}, mispredicted branches "
                f"{per_event['Bcm'] + per_event['Bim']:,.1f}; about {est:,.0f} cycles"
            )
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
            line = f"  {workload:10s} {ours} v {peer}: {got[peer] / got[ours]:.2f}x"
            cyc = simulated.get(workload, {})
            if ours in cyc and peer in cyc:
                line += f" (estimated cycles: {cyc[peer] / cyc[ours]:.2f}x)"
            print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({**results, "estimated_cycles": simulated} if simulated else results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
