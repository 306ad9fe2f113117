"""Computer players. Each sees only its player's view (:class:`ginrummy.hand.view.PlayerView`).

``make_agent(name, seed)`` builds an agent by level name: ``random``, ``beginner``, ``simple``
(the EAAI baseline), ``strong`` (heuristics with card tracking) or ``expert`` (search).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ginrummy.agents.base import Agent, show_hand_over
from ginrummy.agents.beginner import BeginnerAgent
from ginrummy.agents.expert import ExpertAgent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.strong import StrongAgent
from ginrummy.errors import GinRummyError
from ginrummy.hand.actions import Action
from ginrummy.hand.view import PlayerView
from ginrummy.melds import STANDARD

__all__ = [
    "AGENTS",
    "BY_STRENGTH",
    "Agent",
    "BeginnerAgent",
    "ExpertAgent",
    "RandomAgent",
    "SimpleAgent",
    "StandardCardsOnly",
    "StrongAgent",
    "UnknownAgentError",
    "make_agent",
    "show_hand_over",
    "strongest",
]


class UnknownAgentError(GinRummyError):
    """An agent (level) name that is not known; the message lists the known names."""


class StandardCardsOnly:
    """A level built for the standard cards (ace low, ace 1 point, knock-and-draw play).

    Under rules it does not model (aces round the corner, 15-point aces, discard-pile
    pickup) it plays as ``simple``, which follows every variant; otherwise it is ``inner``.
    """

    def __init__(self, inner: Agent, seed: int | random.Random | None) -> None:
        self.inner = inner
        self.name = inner.name
        self._simple = SimpleAgent(seed)

    def act(self, view: PlayerView) -> Action:
        if view.rules.discard_pickup or view.meld_rules is not STANDARD:
            return self._simple.act(view)
        return self.inner.act(view)

    def hand_over(self, view: PlayerView) -> None:
        """Pass a finished hand's view on to the inner level (see :func:`show_hand_over`)."""
        show_hand_over(self.inner, view)


def _standard_only(
    cls: Callable[[int | random.Random | None], Agent],
) -> Callable[[int | random.Random | None], Agent]:
    def make(seed: int | random.Random | None) -> Agent:
        return StandardCardsOnly(cls(seed), seed)

    return make


AGENTS: dict[str, Callable[[int | random.Random | None], Agent]] = {
    "random": RandomAgent,
    "simple": SimpleAgent,
    "beginner": _standard_only(BeginnerAgent),
    "strong": _standard_only(StrongAgent),
    "expert": _standard_only(ExpertAgent),
}


BY_STRENGTH: tuple[str, ...] = ("random", "beginner", "simple", "strong", "expert")
"""The levels of :data:`AGENTS`, weakest first, as measured against each other (duplicate-dealt
games under the ``eaai`` rules: bench/README.md, section Strength)."""


def strongest() -> str:
    """The name of the strongest registered level (the last of :data:`BY_STRENGTH` in :data:`AGENTS`).

    >>> strongest()
    'expert'
    """
    return next((n for n in reversed(BY_STRENGTH) if n in AGENTS), next(iter(AGENTS)))


def make_agent(name: str, seed: int | random.Random | None = 0) -> Agent:
    """A new agent of the named level, with its own random generator from ``seed``.

    Raises :class:`UnknownAgentError` listing the known levels.
    """
    try:
        factory = AGENTS[name.lower()]
    except KeyError:
        raise UnknownAgentError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}") from None
    return factory(seed)
