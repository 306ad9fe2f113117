"""Train sb3-contrib's ``MaskablePPO`` on ``ginrummy/GinRummy-v0`` and measure it.

The environment gives ``action_masks()`` itself (no ``ActionMasker`` wrapper) and its observation
is a dict (the encoding and the mask), so the policy is ``MultiInputPolicy``. Needs the
``research`` extra, sb3-contrib and torch (``pip install -e '.[research]' sb3-contrib``).

    python examples/maskable_ppo.py --opponent random --steps 200000 --eval-hands 500 --threads 1

Prints the policy's points a hand against ``random`` and ``simple`` before and after training (its
own evaluation: deterministic actions, the same seeded deals before and after), each a mean with a
95% interval (1.96 standard errors), and the training's wall-clock and CPU seconds.
"""

from __future__ import annotations

import argparse
import math
import time

import gymnasium as gym
import torch
from sb3_contrib import MaskablePPO

import ginrummy.research  # noqa: F401  (registers ginrummy/GinRummy-v0)


def evaluate(model: MaskablePPO, opponent: str, hands: int, seed: int) -> tuple[float, float]:
    """The policy's mean points a hand against ``opponent`` over ``hands`` seeded hands, and the
    half-width of its 95% interval."""
    env = gym.make("ginrummy/GinRummy-v0", opponent=opponent)
    points = []
    for n in range(hands):
        obs, _ = env.reset(seed=seed + n)
        total, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
        points.append(total)
    env.close()
    mean = sum(points) / hands
    var = sum((p - mean) ** 2 for p in points) / (hands - 1) if hands > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / hands)


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="random", help="the level trained against")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--eval-hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=0, help="torch's threads (0: torch's default)")
    args = parser.parse_args(argv)
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    env = gym.make("ginrummy/GinRummy-v0", opponent=args.opponent, reward_scale=0.01)
    model = MaskablePPO(
        "MultiInputPolicy", env, seed=args.seed, verbose=0, n_steps=max(64, min(2048, args.steps))
    )
    out = {}
    for level in ("random", "simple"):
        out[f"before {level}"] = evaluate(model, level, args.eval_hands, 10_000)
    wall, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.steps)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    for level in ("random", "simple"):
        out[f"after {level}"] = evaluate(model, level, args.eval_hands, 10_000)
    print(f"trained {model.num_timesteps} steps against {args.opponent}: {wall:.0f} s wall, {cpu:.0f} s CPU")
    for key, (mean, half) in out.items():
        print(f"{key}: {mean:+.1f} ± {half:.1f} points a hand ({args.eval_hands} hands)")
    return out


if __name__ == "__main__":
    main()
