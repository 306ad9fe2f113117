"""Environment steps per second with observations and action masks, side by side in one run.

Each contender plays uniformly random legal moves, and at every player step builds the acting
player's observation tensor and action mask, as a learner's rollout does:

* ``ginrummy pettingzoo``: our AEC environment, bare (``env.last()`` then ``env.step``);
* ``ginrummy pettingzoo wrapped``: the same inside the three wrappers that PettingZoo's
  ``gin_rummy_v4.env()`` puts round its own (``TerminateIllegalWrapper``,
  ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``);
* ``ginrummy gymnasium``: our single-agent environment against the ``random`` level (only the
  learner's steps are counted; the opponent's moves are engine moves inside ``step``);
* ``ginrummy openspiel``: our ``python_ginrummy`` stepped from Python with ``observation_tensor``
  and ``legal_actions_mask`` (chance nodes are not counted as steps);
* ``pettingzoo gin_rummy_v4``: PettingZoo's RLCard-based environment as ``gin_rummy_v4.env()``
  makes it (wrapped), and ``pettingzoo gin_rummy_v4 bare`` (``gin_rummy_v4.raw_env()``); both
  need pettingzoo < 1.27 (1.27 removed it), rlcard and pygame: the ``peer-bench`` extra, in an
  environment of its own;
* ``openspiel gin_rummy``: OpenSpiel's C++ game stepped from Python the same way, each hand
  from a clone of one fresh initial state (its ``new_initial_state()`` rebuilds its meld tables,
  about 1 ms a hand; ``bench_engines.py`` times it apart). Ours is cheap to make, so each of our
  hands starts from ``new_initial_state()``.

Pairs compared (each like with like): bare v bare and wrapped v wrapped against PettingZoo, our
bare PettingZoo environment against OpenSpiel's C++ game.

Run: ``.venv/bin/python bench/bench_envs.py [--seconds 3] [--repeats 3] [--json out.json]``.
Times are process CPU time; each figure is the median of the repeats, which go round the
contenders in turn (``--only NAME ...`` runs some of them). Targets (issue 26, for the compiled
build): 15x bare ``gin_rummy_v4`` and 3x OpenSpiel's C++ game; the pure-Python figures are reported
against the same lines. ``callgrind.py`` counts the same loops in instructions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def ours_pettingzoo(seconds: float, seed: int) -> float:
    from ginrummy.research.pettingzoo_env import GinRummyEnv

    env = GinRummyEnv("default")
    return _aec(env, seconds, seed)


def wrapped(env: Any) -> Any:
    """``env`` inside the wrappers that ``gin_rummy_v4.env()`` puts round PettingZoo's own."""
    from pettingzoo.utils import wrappers

    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def ours_pettingzoo_wrapped(seconds: float, seed: int) -> float:
    from ginrummy.research.pettingzoo_env import GinRummyEnv

    return _aec(wrapped(GinRummyEnv("default")), seconds, seed)


def peer_pettingzoo(seconds: float, seed: int) -> float:
    from pettingzoo.classic import gin_rummy_v4

    return _aec(gin_rummy_v4.env(), seconds, seed)


def peer_pettingzoo_bare(seconds: float, seed: int) -> float:
    from pettingzoo.classic import gin_rummy_v4

    return _aec(gin_rummy_v4.raw_env(), seconds, seed)


def aec_hand(env: Any, rng: random.Random, seed: int) -> int:
    """Play one hand of an AEC environment (reset with ``seed``) by random legal moves drawn
    with ``rng``, reading each observation and mask; return the player steps taken."""
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
    return steps


def _aec(env: Any, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    steps, hand = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += aec_hand(env, rng, seed + hand)
        hand += 1
    return steps / (time.process_time() - start)


def ours_gymnasium(seconds: float, seed: int) -> float:
    from ginrummy.research.gymnasium_env import GinRummyGymEnv

    env = GinRummyGymEnv("random")
    rng = random.Random(seed)
    steps, hand = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _ = env.reset(seed=seed + hand)
        hand += 1
        done = False
        while not done:
            obs, _r, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done = term or trunc
            steps += 1
    return steps / (time.process_time() - start)


def spiel_hand(state: Any, rng: random.Random) -> int:
    """Play an OpenSpiel ``state`` to the end by random legal moves and chance outcomes drawn
    with ``rng``, building each player's observation tensor and mask; return the player steps."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        p = state.current_player()
        np.asarray(state.observation_tensor(p), np.float32)
        mask = np.asarray(state.legal_actions_mask(p), np.int8)
        state.apply_action(rng.choice(np.flatnonzero(mask).tolist()))
        steps += 1
    return steps


def _spiel(game: Any, seconds: float, seed: int, clone: bool = False) -> float:
    rng = random.Random(seed)
    steps = 0
    fresh = game.new_initial_state().clone if clone else game.new_initial_state
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += spiel_hand(fresh(), rng)
    return steps / (time.process_time() - start)


def ours_openspiel(seconds: float, seed: int) -> float:
    import pyspiel

    import ginrummy.research.openspiel as gos

    return _spiel(pyspiel.load_game(gos.GAME_NAME), seconds, seed)


def peer_openspiel(seconds: float, seed: int) -> float:
    import pyspiel

    return _spiel(pyspiel.load_game("gin_rummy"), seconds, seed, clone=True)


CONTENDERS: dict[str, Callable[[float, int], float]] = {
    "ginrummy pettingzoo": ours_pettingzoo,
    "ginrummy pettingzoo wrapped": ours_pettingzoo_wrapped,
    "ginrummy gymnasium": ours_gymnasium,
    "ginrummy openspiel": ours_openspiel,
    "pettingzoo gin_rummy_v4 bare": peer_pettingzoo_bare,
    "pettingzoo gin_rummy_v4": peer_pettingzoo,
    "openspiel gin_rummy": peer_openspiel,
}
PAIRS = (  # (ours, peer, target for the compiled build)
    ("ginrummy pettingzoo", "pettingzoo gin_rummy_v4 bare", 15.0),
    ("ginrummy pettingzoo wrapped", "pettingzoo gin_rummy_v4", 15.0),
    ("ginrummy pettingzoo", "openspiel gin_rummy", 3.0),
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", default="")
    ap.add_argument("--only", nargs="+", choices=sorted(CONTENDERS), help="Run these contenders only.")
    args = ap.parse_args()
    chosen = {n: run for n, run in CONTENDERS.items() if not args.only or n in args.only}
    results: dict[str, list[float]] = {n: [] for n in chosen}
    # the repeats go round the contenders, so that a change in the machine's load falls on all of them
    for r in range(args.repeats):
        for name, run in chosen.items():
            if name not in results:
                continue
            try:
                results[name].append(run(args.seconds, args.seed + r))
            except ImportError as exc:
                print(f"{name}: skipped ({exc})")
                del results[name]
    print("Environment steps per second with observations and masks (CPU time; min / median / max)")
    print(
        f"  CPython {platform.python_version()}; {platform.platform()}; {args.repeats} x {args.seconds}s each"
    )
    med = {n: statistics.median(v) for n, v in results.items()}
    for name, vals in results.items():
        print(f"  {name:26s} {min(vals):>10,.0f} {med[name]:>10,.0f} {max(vals):>10,.0f}")
    for ours, peer, target in PAIRS:
        if ours in med and peer in med:
            ratio = med[ours] / med[peer]
            print(f"  {ours} / {peer}: {ratio:.2f}x (compiled-build target >= {target:g}x)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seconds": args.seconds, "repeats": args.repeats, "steps_per_s": results}, f, indent=1)


if __name__ == "__main__":
    main()
