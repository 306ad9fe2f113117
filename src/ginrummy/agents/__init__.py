"""Computer players. Each sees only its player's view (:class:`ginrummy.view.PlayerView`).

``make_agent(name, seed)`` builds an agent by level name: ``random`` or ``simple``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.errors import GinRummyError

__all__ = ["AGENTS", "Agent", "RandomAgent", "SimpleAgent", "UnknownAgentError", "make_agent"]


class UnknownAgentError(GinRummyError):
    """An agent (level) name that is not known; the message lists the known names."""


AGENTS: dict[str, Callable[[int | random.Random | None], Agent]] = {
    "random": RandomAgent,
    "simple": SimpleAgent,
}


def make_agent(name: str, seed: int | random.Random | None = 0) -> Agent:
    """A new agent of the named level, with its own random generator from ``seed``.

    Raises :class:`UnknownAgentError` listing the known levels.
    """
    try:
        factory = AGENTS[name.lower()]
    except KeyError:
        raise UnknownAgentError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}") from None
    return factory(seed)
