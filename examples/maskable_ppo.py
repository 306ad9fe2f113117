"""Train sb3-contrib's ``MaskablePPO`` on ``ginrummy/GinRummy-v0`` and measure it.

The environment gives ``action_masks()`` itself (no ``ActionMasker`` wrapper). Needs the
``research`` extra and sb3-contrib (``pip install -e '.[research]' sb3-contrib``).

    python examples/maskable_ppo.py --opponent random --steps 200000 --eval-hands 500

Prints the policy's points a hand against ``random`` and ``simple`` before and after training
(its own evaluation, deterministic actions, seeded deals).
"""

from __future__ import annotations

import argparse

import gymnasium as gym
from sb3_contrib import MaskablePPO

import ginrummy.research  # noqa: F401  (registers ginrummy/GinRummy-v0)


def evaluate(model: MaskablePPO, opponent: str, hands: int, seed: int) -> float:
    """The policy's mean points a hand against ``opponent`` over ``hands`` seeded hands."""
    env = gym.make("ginrummy/GinRummy-v0", opponent=opponent)
    total = 0.0
    for n in range(hands):
        obs, _ = env.reset(seed=seed + n)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
    env.close()
    return total / hands


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="random", help="the level trained against")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--eval-hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = gym.make("ginrummy/GinRummy-v0", opponent=args.opponent, reward_scale=0.01)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=max(64, min(2048, args.steps)))
    out = {}
    for level in ("random", "simple"):
        out[f"before {level}"] = evaluate(model, level, args.eval_hands, 10_000)
    model.learn(total_timesteps=args.steps)
    for level in ("random", "simple"):
        out[f"after {level}"] = evaluate(model, level, args.eval_hands, 10_000)
    for key, value in out.items():
        print(f"{key}: {value:+.1f} points a hand ({args.eval_hands} hands)")
    return out


if __name__ == "__main__":
    main()
