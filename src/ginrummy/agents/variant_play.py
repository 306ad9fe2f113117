"""How the levels play every rule set: what of the rules in force they read, and where.

The levels play each hand from their view, and the view carries the rules in force in that hand:

* **The knock limit** of the hand, ``view.knock_limit`` (points): the rules' ``knock_limit``,
  or under Oklahoma (001, 002) the first upcard's value (face cards 10, an ace its points: 1,
  or 15 under Hollywood's aces; 0 when an ace means gin); 0 in straight gin (002), gin only.
  Every level knocks only by the view's legal knocks; ``strong`` judges take-or-draw against
  the view's limit and ``expert`` plays its simulated hands to it
  (:func:`ginrummy.agents.expert.rollout`'s ``knock_limit``).
* **The aces**, ``view.meld_rules``: under Hollywood's aces high and low (002) runs turn the
  corner (Q-K-A, K-A-2) and an unmelded ace counts 15. The card tracking keeps them
  (``Tracking.mr``; its suit neighbours wrap round the corner) and every meld, deadwood and
  layoff count of ``beginner``, ``strong`` and ``expert`` takes them.
* **Doubled hands**: a spade upcard under Oklahoma doubles every point of the hand
  (``view.multiplier``): gins, undercuts and knocks alike, so the play that scores most in the
  hand is the same, and the levels, which play each hand for its points, need not read it.
* **The game**: Hollywood's three games at once, the game's target and matches to 500 change
  the score sheet, not the hand; a view shows one hand, and no level reads the score.
* **Discard-pile pickup** (002) is another game, with its own view
  (:class:`~ginrummy.variants.pickup.PickupView`) and actions: each level has a pickup policy
  (:mod:`ginrummy.agents.pickup_simple`, :mod:`ginrummy.agents.pickup_strong`), and
  :class:`ginrummy.agents.Level` hands each view to the policy of its game.
* **Gin only**: in straight gin (002), and in an Oklahoma hand whose knock card is an ace
  that means gin (001), no knock short of gin is allowed: the hand is a race to gin.
  ``expert`` plays it by the chance of reaching gin first
  (:mod:`ginrummy.agents.straight_play`), through :func:`variant_action`.

:func:`rules_in_force` lists them for a view (front ends and tests).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.view import PlayerView

if TYPE_CHECKING:
    from ginrummy.agents.strong import StrongAgent

__all__ = ["rules_in_force", "variant_action"]


def variant_action(agent: StrongAgent, view: PlayerView) -> Action | None:
    """The action of a rule set's own policy for ``agent`` in ``view``, or ``None`` where the
    agent plays as itself: a gin-only hand (``view.knock_limit`` 0) is played by
    :func:`ginrummy.agents.straight_play.straight_action`, with the agent's
    ``straight_params`` (:class:`~ginrummy.agents.straight_play.StraightParams`; without one,
    the defaults for the ``expert`` level and none for others, such as the frozen
    ``expert-2026-11``, whose play stays as it was; ``None``: not at all, as measurements
    turn it off).

    >>> from ginrummy.agents.strong import StrongAgent
    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules.preset("eaai"), dealer=0, rng=3)
    >>> variant_action(StrongAgent(seed=0), s.view(s.to_act)) is None
    True
    """
    if view.knock_limit != 0:
        return None
    # built on strong, which imports this module's neighbours: imported when needed
    from ginrummy.agents.straight_play import DEFAULT, straight_action

    params = getattr(agent, "straight_params", DEFAULT if agent.name == "expert" else None)
    return None if params is None else straight_action(agent, view, params)


def rules_in_force(view: PlayerView) -> dict[str, int | bool]:
    """What the levels read of the rules in force in ``view``'s hand: ``knock_limit`` (points),
    ``gin_only`` (no knocking short of gin), ``multiplier`` (2 for a doubled hand),
    ``wrap`` (runs turn the corner) and ``ace_points``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> rules_in_force(HandState.deal(Rules.preset("straight"), dealer=0, rng=3).view(0))
    {'knock_limit': 0, 'gin_only': True, 'multiplier': 1, 'wrap': False, 'ace_points': 1}
    """
    mr = view.meld_rules
    return {
        "knock_limit": view.knock_limit,
        "gin_only": view.knock_limit == 0,
        "multiplier": view.multiplier,
        "wrap": mr.wrap,
        "ace_points": mr.ace_points,
    }
