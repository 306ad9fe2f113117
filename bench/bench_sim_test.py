"""CPU seconds of OpenSpiel's ``random_sim_test`` on a whole ``python_ginrummy`` game, and of the
same test on a game that does nothing with a history as long (OpenSpiel's own share).

``pyspiel.random_sim_test`` (OpenSpiel 2.0) clones every state three times, keeps one clone of each
state until the end and copies the whole history with each clone and each ``History()`` check, so
its own work grows with the square of the game's length: a whole game of random play (about 80
hands, 13,600 actions with the test's fixed seed) leaves it about 3 GB of clones to make. ``floor``
plays a Python game of the same length whose every answer is a constant (no cards, no strings
made), so ``sim - floor`` is what our game costs. Each run is a fresh process; the figure is the
median CPU time (user + system, imports excluded) of ``--runs`` runs::

    PYTHONPATH=src .venv/bin/python bench/bench_sim_test.py --runs 3
    PYTHONPATH=src .venv/bin/python bench/bench_sim_test.py --run sim     # one run, printed
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from typing import Any

import pyspiel


def _floor_game(length: int) -> Any:
    """A registered Python game of ``length`` actions, chance and players in turn, that does
    nothing: OpenSpiel's own work in ``random_sim_test`` for a history that long."""
    import numpy as np

    from ginrummy.research.openspiel import _GAME_TYPE as ours

    # the measured game's type, but its names and parameters: the same work asked of OpenSpiel
    same = (
        "dynamics",
        "chance_mode",
        "information",
        "utility",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
    )
    kind = pyspiel.GameType(
        short_name="ginrummy_bench_floor",
        long_name="random_sim_test's own work",
        parameter_specification={},
        **{name: getattr(ours, name) for name in same},
    )

    class Moves:
        def __init__(self) -> None:
            self.n = 0

        def __deepcopy__(self, memo: Any) -> Moves:
            other = Moves()
            other.n = self.n
            return other

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.moves = Moves()

        def current_player(self) -> int:
            n = self.moves.n
            return -4 if n >= length else (-1 if n % 2 else 0)

        def _legal_actions(self, player: int) -> list[int]:
            return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(c, 1 / 30) for c in range(30)]

        def _apply_action(self, action: int) -> None:
            self.moves.n += 1

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def is_terminal(self) -> bool:
            return self.moves.n >= length

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def __str__(self) -> str:
            return str(self.moves.n)

    class Observer:
        def __init__(self, size: int) -> None:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: Any, player: int) -> None:
            self.tensor.fill(0)

        def string_from(self, state: Any, player: int) -> str:
            return "p"

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            info = pyspiel.GameInfo(
                num_distinct_actions=109,
                max_chance_outcomes=52,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=length + 1,
            )
            super().__init__(kind, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer(819 if iig_obs_type is not None and iig_obs_type.perfect_recall else 558)

    pyspiel.register_game(kind, Game)
    return pyspiel.load_game("ginrummy_bench_floor")


def run(which: str, length: int) -> tuple[float, int]:
    """One ``random_sim_test`` (``sim``: the whole default game; ``floor``: the game that does
    nothing, ``length`` actions long): its CPU seconds and the game's length."""
    if which == "sim":
        import ginrummy.research.openspiel as gos

        game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game"})
    else:
        game = _floor_game(length)
    moves = [0]

    def count(state: Any) -> None:
        moves[0] = state.move_number()

    start = time.process_time()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, state_checker_fn=count)
    return time.process_time() - start, moves[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--run", choices=("sim", "floor"), help="one run in this process, printed")
    parser.add_argument("--length", type=int, default=13613, help="the floor game's length")
    args = parser.parse_args()
    if args.run:
        cpu, moves = run(args.run, args.length)
        print(f"{cpu:.3f} {moves}")
        return
    env = dict(os.environ)
    figures: dict[str, list[float]] = {"sim": [], "floor": []}
    length = args.length
    for _ in range(args.runs):
        for which in ("sim", "floor"):
            cmd = [sys.executable, __file__, "--run", which, "--length", str(length)]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
            figures[which].append(float(out[0]))
            if which == "sim":
                length = int(out[1])
    for which, values in figures.items():
        runs = " ".join(f"{v:.2f}" for v in values)
        print(f"{which}: median {statistics.median(values):.2f} s CPU ({runs}), {length} actions")
    print(f"ours: {statistics.median(figures['sim']) - statistics.median(figures['floor']):.2f} s")


if __name__ == "__main__":
    main()
