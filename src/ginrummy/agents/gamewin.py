"""The chance of winning a game from its score: what a hand's outcome is worth to the game.

Under rules where a game is all or nothing (no game bonus, no box bonus, one game to the
target: the ``eaai`` preset, 2021 EAAI challenge), what matters is not a hand's points but
the chance of winning the game they leave: a knock for 12 is worth much more at 90-50 (it
wins the game) than at 0-0, and a gin for the opponent at 50-85 costs the game whatever its
points. :func:`win_chance` gives that chance for two players of equal strength: each hand is
won by either player with the same chance (dead hands change nothing), the winner's points
drawn from :data:`HAND_POINTS`, and the game is won by the first player to reach the target
(only the winner of a hand scores, so no game ends in a tie). The table is computed once per
target by a small dynamic programme over the scores. :class:`HandOdds` makes the players
unequal: the searcher wins a decided hand with the chance ``edge``, and each side's won hands
score by its own histogram (:data:`AT_ONCE_ODDS`: the expert against a player who knocks at
once, fitted from their hands).

>>> round(win_chance(0, 0, 100), 3)
0.5
>>> win_chance(100, 40, 100), win_chance(40, 100, 100)
(1.0, 0.0)
>>> win_chance(90, 50, 100) > win_chance(50, 50, 100) > win_chance(50, 90, 100)
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ginrummy.agents import fitted_data
from ginrummy.errors import ArgumentError
from ginrummy.rules import Rules, Scoring

__all__ = ["AT_ONCE_ODDS", "HAND_POINTS", "HandOdds", "counts_games", "win_chance", "win_table"]

HAND_POINTS: dict[int, int] = fitted_data.counts("hand_points")
"""Points of a won hand (points to how many hands of a sample were won with them): ``strong``
v ``strong`` under ``eaai``, 1,176 won hands of 200 games (gins and undercuts score 25 and
more, knocks mostly less), rebuilt by ``bench/hand_points.py --games 200 --seed 11 --write``
into the shipped ``fitted.json`` (:mod:`ginrummy.agents.fitted_data`; bench/README.md)."""


Shares = tuple[tuple[int, float], ...]
"""A histogram as shares: (points, the share of won hands that scored them), points ascending."""


def _shares(counts: Mapping[int, int], side: str) -> Shares:
    """``counts`` (points to count) as :data:`Shares`; raises ``ArgumentError`` for an empty
    histogram, points below 1 or counts below 0."""
    total = sum(counts.values())
    if total <= 0 or any(k < 1 or n < 0 for k, n in counts.items()):
        raise ArgumentError(
            f"{side}: a histogram of won hands needs points of at least 1 and counts of at least 0"
        )
    return tuple((k, n / total) for k, n in sorted(counts.items()) if n)


@dataclass(frozen=True, slots=True)
class HandOdds:
    """Two unequal players' odds in one hand that someone wins: ``edge``, the chance (0-1,
    exclusive) that it is mine; ``mine`` / ``theirs``, the points of my / the opponent's won
    hands as :data:`Shares`. Build it with :meth:`from_counts`.

    >>> odds = HandOdds.from_counts({25: 3, 10: 1}, {10: 1})
    >>> odds.edge, odds.mine
    (0.8, ((10, 0.25), (25, 0.75)))
    """

    edge: float
    mine: Shares
    theirs: Shares

    @classmethod
    def from_counts(cls, mine: Mapping[int, int], theirs: Mapping[int, int]) -> HandOdds:
        """The odds of two histograms of won hands (points to count): ``edge`` is my share of
        the hands won. Raises :class:`~ginrummy.errors.ArgumentError` for an empty histogram,
        points below 1 or counts below 0."""
        a, b = _shares(mine, "mine"), _shares(theirs, "theirs")
        n_mine, n_theirs = sum(mine.values()), sum(theirs.values())
        return cls(n_mine / (n_mine + n_theirs), a, b)


def _at_once_odds() -> HandOdds | None:
    name = "hand_points_at_once"
    if name not in fitted_data.entries():
        return None
    return HandOdds.from_counts(fitted_data.counts(name), fitted_data.counts(name, "opponent_counts"))


AT_ONCE_ODDS: HandOdds | None = _at_once_odds()
"""The expert's odds against a player who knocks as soon as it can (``simple``, the 2021 EAAI
framework's SimpleGinRummyPlayer): its won hands and the opponent's, counted over
``expert`` v ``simple`` games under ``eaai`` and rebuilt by ``bench/hand_points.py --players
expert simple --sides --write`` into the shipped ``fitted.json`` (entry
``hand_points_at_once``; bench/README.md); ``None`` if the file holds no such entry."""


def counts_games(rules: Rules) -> bool:
    """Whether under ``rules`` only the game's winner counts (no game bonus, no box bonus, one
    standard game to the target): then a hand's outcome is worth its :func:`win_chance`, not
    its points."""
    return rules.scoring is Scoring.STANDARD and rules.game_bonus == 0 and rules.box_bonus == 0


@lru_cache(maxsize=8)
def win_table(target: int, odds: HandOdds | None = None) -> tuple[tuple[float, ...], ...]:
    """``table[mine][theirs]``: the chance of winning the game to ``target`` (points) from the
    score ``mine``-``theirs`` (each 0 to ``target - 1``), between players of equal strength
    (see the module docstring), or with ``odds`` between unequal ones. Raises
    :class:`~ginrummy.errors.ArgumentError` for a target below 1 or an ``edge`` outside 0-1
    (exclusive)."""
    if target < 1:
        raise ArgumentError(f"the target must be at least 1 point, not {target}")
    if odds is None:
        equal = _shares(HAND_POINTS, "HAND_POINTS")
        odds = HandOdds(0.5, equal, equal)
    edge = odds.edge
    if not (0.0 < edge < 1.0) or math.isnan(edge):
        raise ArgumentError(f"edge must lie between 0 and 1, not {edge}")
    # reach[need]: the chance that a won hand of mine scores at least ``need`` points
    reach = [sum(p for k, p in odds.mine if k >= need) for need in range(target + 1)]
    rows = [[0.0] * target for _ in range(target)]
    for mine in range(target - 1, -1, -1):
        row = rows[mine]
        for theirs in range(target - 1, -1, -1):
            win = reach[target - mine]  # I win the hand and reach the target
            for k, p in odds.mine:
                if mine + k < target:
                    win += p * rows[mine + k][theirs]
            lose = 0.0
            for k, p in odds.theirs:
                if theirs + k < target:
                    lose += p * row[theirs + k]
            row[theirs] = edge * win + (1.0 - edge) * lose
    return tuple(tuple(row) for row in rows)


def win_chance(mine: int, theirs: int, target: int, odds: HandOdds | None = None) -> float:
    """The chance (0-1) of winning a game to ``target`` from the score ``mine``-``theirs``
    (points, at least 0): 1 once ``mine`` reaches the target, 0 once ``theirs`` does (only one
    player scores a hand, so both cannot), else :func:`win_table` (with ``odds``: between
    unequal players).

    >>> odds = HandOdds.from_counts({25: 2}, {25: 1})
    >>> round(win_chance(0, 0, 100, odds), 3) > round(win_chance(0, 0, 100), 3)
    True
    """
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_table(target, odds)[mine][theirs]
