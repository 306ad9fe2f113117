"""OpenSpiel's information-set MCTS (``ISMCTSBot``) against this engine's levels.

ISMCTS searches states drawn with ``resample_from_infostate``: the cards it cannot see are dealt
afresh for every simulation, so it never plays from the opponent's hidden hand (OpenSpiel's plain
``MCTSBot`` would). Needs the ``peers`` and ``research`` extras (``pip install -e '.[research,peers]'``).

    python examples/ismcts_vs_levels.py --levels random simple --hands 20 --simulations 200

Prints ISMCTS's points a hand against each level (its seat alternating, the deals seeded).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ginrummy.research.openspiel  # noqa: F401  (registers python_ginrummy)
from ginrummy.agents import make_agent
from ginrummy.research import encoding


def play_hand(game: pyspiel.Game, bot: ismcts.ISMCTSBot, level: str, seat: int, seed: int) -> float:
    """One hand: ISMCTS in ``seat``, the level in the other; ISMCTS's return."""
    opponent = make_agent(level, seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(encoding.action_id(opponent.act(state.view(1 - seat))))
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=["random", "simple"])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--rules", default="default")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_ginrummy", {"preset": args.rules})
    rs = np.random.RandomState(args.seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=args.simulations, random_state=rs
    )
    out = {}
    for level in args.levels:
        points = [play_hand(game, bot, level, n % 2, args.seed * 1000 + n) for n in range(args.hands)]
        out[level] = sum(points) / len(points)
        print(
            f"ISMCTS ({args.simulations} simulations) against {level}: {out[level]:+.1f} points a hand "
            f"over {args.hands} hands"
        )
    return out


if __name__ == "__main__":
    main()
