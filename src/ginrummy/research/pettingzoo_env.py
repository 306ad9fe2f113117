"""A PettingZoo AEC environment: one hand of Gin Rummy between ``player_0`` and ``player_1``
(needs the ``research`` extra: pettingzoo, gymnasium, numpy).

Observations are dicts: ``observation``, the :mod:`~ginrummy.research.encoding` vector
(``float32``, shape ``(OBS_SIZE,)``, from the agent's own view only) and ``action_mask``
(``int8``, shape ``(NUM_ACTIONS,)``, all zero when it is not the agent's turn). Actions are the
encoding's 109 ids. Rewards come at the end of the hand: the winner gets +points, the loser
-points (a dead hand 0). An illegal action raises
:class:`~ginrummy.errors.IllegalActionError` naming the legal ones; a hand still going after
``max_actions`` actions is truncated. The dealer of each hand is drawn from the reset's seed.

>>> env = GinRummyEnv("default")
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()), info["legal"]
('player_1', (542,), 2, ['pass', 'take'])
"""

from __future__ import annotations

import random
import sys
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ginrummy.hand.phase import Phase
from ginrummy.play import MAX_ACTIONS
from ginrummy.research.encoding import (
    KNOCK,
    NAMES,
    NUM_ACTIONS,
    OBS_SIZE,
    PLANES,
    decode,
    legal_ids,
    observation_parts,
    public_cards_of,
)
from ginrummy.research.encoding import resolve_rules as _resolve_rules
from ginrummy.research.observer import Observer
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

__all__ = ["GinRummyEnv", "env", "observation", "observation_space"]


def observation_space() -> spaces.Dict:
    """The observation space every agent (and the Gymnasium environment) has."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


_KEEP = np.array([64 * k + c for k in range(len(PLANES)) for c in range(52)], np.intp)
"""Where each plane's 52 card bits lie among the planes' words unpacked (64 bits each)."""
_LITTLE = sys.byteorder == "little"


def observation(
    view: PlayerView, legal: list[int] | None = None, discarded: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The observation dict of a player's ``view`` (``legal``: its legal ids, and
    ``discarded``: :func:`~ginrummy.research.encoding.discards_of` its history, if known)."""
    planes, scalars = observation_parts(view, discarded)
    words = np.array(planes, np.uint64)
    if not _LITTLE:  # pragma: no cover - big-endian machines: bit c of a plane in byte c // 8
        words = words.astype("<u8")
    bits = np.unpackbits(words.view(np.uint8), bitorder="little")
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[legal_ids(view) if legal is None else legal] = 1
    return {"observation": np.concatenate((bits[_KEEP], scalars), dtype=np.float32), "action_mask": mask}


_END = Phase.END  # read once: an Enum member read from its class is slow in CPython 3.11


class GinRummyEnv(AECEnv):
    """One hand per episode under ``rules`` (a :class:`~ginrummy.rules.Rules` or a preset name;
    pickup rules raise :class:`~ginrummy.research.encoding.UnsupportedVariantError`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ginrummy_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self, rules: Rules | str = "default", render_mode: str | None = None, max_actions: int = MAX_ACTIONS
    ) -> None:
        super().__init__()
        self.rules = _resolve_rules(rules)
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.possible_agents = ["player_0", "player_1"]
        self._seats = {a: p for p, a in enumerate(self.possible_agents)}
        self._space = observation_space()
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self._observers = (Observer(), Observer())
        self.state: HandState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = HandState.deal(self.rules, dealer=self._rng.randrange(2), rng=self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.to_act]
        self._public = (0, 0, sum(1 << c for c in self.state.discard_pile))  # the events read so far
        self._events = 0
        self._set_infos()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        p = self._seats.get(agent)
        if p is None:
            raise ValueError(f"unknown agent {agent!r}; agents: {', '.join(self.possible_agents)}")
        view = self._views[p] or self.state.view(p)
        self._views[p] = view
        return self._observers[p].observe(view, self._legal[p], self._public)

    def _set_infos(self) -> None:
        """The view and legal ids of the player to act (the views are the only thing
        observations are made from; the other player's is made when asked for: it has no legal
        actions), and the legal actions in words in ``infos``."""
        state = self.state
        assert state is not None
        p = state.to_act
        view = state.view(p)
        legal = legal_ids(view)
        self._views: list[PlayerView | None] = [view, None] if p == 0 else [None, view]
        self._legal: list[list[int]] = [legal, []] if p == 0 else [[], legal]
        history = view.history  # the public events: each read once per hand
        self._public = public_cards_of(history, self._events, self._public)
        self._events = len(history)
        agents = self.agents
        self.infos[agents[p]] = {"legal": list(map(NAMES.__getitem__, legal))}
        self.infos[agents[1 - p]] = {"legal": []}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None and action is not None
        p = self._seats[agent]
        view = self._views[p]
        assert view is not None
        i = action if type(action) is int else int(action)
        chosen = decode(view, i, self._legal[p])  # checked against the mask (raises if illegal)
        if i < KNOCK:  # pass, take, draw, discard: the engine's checks would accept it as it is
            state._push_checked(chosen)
        else:  # knock, big gin, layoff: the engine fills in the melds or the layoff plan
            state.push(chosen, player=p)
        self._cumulative_rewards[agent] = 0.0
        # the rewards are all zero until the hand ends (a dead agent's step clears them)
        if state.phase is _END:  # the hand is over
            result = state.result
            assert result is not None
            if result.winner is not None:
                self.rewards[self.agents[result.winner]] = float(result.points)
                self.rewards[self.agents[1 - result.winner]] = -float(result.points)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif state.action_count >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[state.to_act]
        self._set_infos()

    def render(self) -> str:
        """The hand as both players' views would show it is not for one agent: this is the whole
        state (for watching), as ``repr`` of the engine's hand."""
        return repr(self.state)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> GinRummyEnv:
    """PettingZoo's conventional constructor: ``GinRummyEnv(**kwargs)``."""
    return GinRummyEnv(**kwargs)
