"""An agent that plays a uniformly random legal action (every variant)."""

from __future__ import annotations

import random

from ginrummy.variants import AnyAction, AnyView

__all__ = ["RandomAgent"]


class RandomAgent:
    """Plays a legal action chosen uniformly with its own ``random.Random``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> RandomAgent(seed=2).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def act(self, view: AnyView) -> AnyAction:
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"player {view.player} has no legal action in phase {view.phase.name}")
        return self.rng.choice(actions)
