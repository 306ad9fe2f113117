"""The chance of winning a game from its score: what a hand's outcome is worth to the game.

Under rules where a game is all or nothing (no game bonus, no box bonus, one game to the
target: the ``eaai`` preset, 2021 EAAI challenge), what matters is not a hand's points but
the chance of winning the game they leave: a knock for 12 is worth much more at 90-50 (it
wins the game) than at 0-0, and a gin for the opponent at 50-85 costs the game whatever its
points. :func:`win_chance` gives that chance for two players of equal strength: each hand is
won by either player with the same chance (dead hands change nothing), the winner's points
drawn from :data:`HAND_POINTS`, and the game is won by the first player to reach the target
(only the winner of a hand scores, so no game ends in a tie). The table is computed once per
target by a small dynamic programme over the scores.

>>> round(win_chance(0, 0, 100), 3)
0.5
>>> win_chance(100, 40, 100), win_chance(40, 100, 100)
(1.0, 0.0)
>>> win_chance(90, 50, 100) > win_chance(50, 50, 100) > win_chance(50, 90, 100)
True
"""

from __future__ import annotations

from functools import lru_cache

from ginrummy.agents import fitted_data
from ginrummy.rules import Rules, Scoring

__all__ = ["HAND_POINTS", "counts_games", "win_chance", "win_table"]

HAND_POINTS: dict[int, int] = fitted_data.counts("hand_points")
"""Points of a won hand (points to how many hands of a sample were won with them): ``strong``
v ``strong`` under ``eaai``, 1,176 won hands of 200 games (gins and undercuts score 25 and
more, knocks mostly less), rebuilt by ``bench/hand_points.py --games 200 --seed 11 --write``
into the shipped ``fitted.json`` (:mod:`ginrummy.agents.fitted_data`; bench/README.md)."""


def counts_games(rules: Rules) -> bool:
    """Whether under ``rules`` only the game's winner counts (no game bonus, no box bonus, one
    standard game to the target): then a hand's outcome is worth its :func:`win_chance`, not
    its points."""
    return rules.scoring is Scoring.STANDARD and rules.game_bonus == 0 and rules.box_bonus == 0


@lru_cache(maxsize=4)
def win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """``table[mine][theirs]``: the chance of winning the game to ``target`` (points) from the
    score ``mine``-``theirs`` (each 0 to ``target - 1``), between players of equal strength
    (see the module docstring). Raises ``ValueError`` for a target below 1."""
    if target < 1:
        raise ValueError(f"the target must be at least 1 point, not {target}")
    total = sum(HAND_POINTS.values())
    dist = [(k, n / total) for k, n in sorted(HAND_POINTS.items())]
    # reach[need]: the chance that a won hand scores at least ``need`` points
    reach = [sum(p for k, p in dist if k >= need) for need in range(target + 1)]
    rows = [[0.0] * target for _ in range(target)]
    for mine in range(target - 1, -1, -1):
        row = rows[mine]
        for theirs in range(target - 1, -1, -1):
            win = reach[target - mine]  # I win the hand and reach the target
            for k, p in dist:
                if mine + k < target:
                    win += p * rows[mine + k][theirs]
                if theirs + k < target:
                    win += p * row[theirs + k]
            row[theirs] = win / 2
    return tuple(tuple(row) for row in rows)


def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance (0-1) of winning a game to ``target`` from the score ``mine``-``theirs``
    (points, at least 0): 1 once ``mine`` reaches the target, 0 once ``theirs`` does (only one
    player scores a hand, so both cannot), else :func:`win_table`."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_table(target)[mine][theirs]
