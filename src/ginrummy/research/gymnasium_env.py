"""A Gymnasium single-agent environment: one hand of Gin Rummy against a computer player
(needs the ``research`` extra: gymnasium, numpy).

The learner plays seat ``seat``; ``opponent`` is a level of :mod:`ginrummy.agents` (``"simple"``,
``"expert"``, ...) or any :class:`~ginrummy.play.Agent` (an external bot), which acts from its own
view only. Observations, action ids and masks are those of
:mod:`ginrummy.research.pettingzoo_env` (one encoding, :mod:`ginrummy.research.encoding`); the
mask is also in ``info["action_mask"]`` and the legal actions in words in ``info["legal"]``.
The reward comes at the end of the hand: +points when the learner wins it, -points when it
loses, 0 for a dead hand. An illegal action raises :class:`~ginrummy.errors.IllegalActionError`
with ``illegal="raise"``; with ``illegal="penalize"`` (the default, so that a learner without
masks, and Gymnasium's checker, can step with any id) it changes nothing and gives
``illegal_reward``. A hand still going after ``max_actions`` actions is truncated.

>>> env = GinRummyGymEnv(opponent="simple")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, info["legal"]
((542,), ['pass', 'take'])
>>> obs, reward, terminated, truncated, info = env.step(0)
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from ginrummy.agents import make_agent
from ginrummy.play import MAX_ACTIONS, Agent, HandTooLongError, play_hand
from ginrummy.research.encoding import NUM_ACTIONS, action_name, decode, legal_ids, resolve_rules, to_action
from ginrummy.research.pettingzoo_env import observation, observation_space
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState

__all__ = ["GinRummyGymEnv"]


class GinRummyGymEnv(gym.Env[dict[str, Any], Any]):
    """One hand per episode against ``opponent`` (see the module docstring)."""

    def __init__(
        self,
        opponent: str | Agent = "simple",
        rules: Rules | str = "default",
        seat: int = 0,
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1; got {seat!r}")
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal must be 'raise' or 'penalize'; got {illegal!r}")
        self.metadata = {"render_modes": ["ansi"]}
        self.rules = resolve_rules(rules)
        self.opponent_spec = opponent
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self.state: HandState | None = None
        self.opponent: Agent = make_agent(opponent, 0) if isinstance(opponent, str) else opponent

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            if isinstance(self.opponent_spec, str):
                self.opponent = make_agent(self.opponent_spec, self._rng.randrange(2**32))
        self.state = HandState.deal(self.rules, dealer=self._rng.randrange(2), rng=self._rng)
        self._refused = 0
        self._opponent_plays()
        return self._observe()

    def _opponent_plays(self) -> None:
        """The opponent plays through the hand loop up to the learner's turn (the learner's seat is
        empty); past ``max_actions`` the hand stays cut off, and ``step`` reports it truncated."""
        state = self.state
        assert state is not None
        seats: list[Agent | None] = [None, None]
        seats[1 - self.seat] = self.opponent
        with contextlib.suppress(HandTooLongError):
            play_hand(state, seats, max_actions=self.max_actions)

    def _observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        assert self.state is not None
        view = self.state.view(self.seat)
        self._view, self._legal = view, legal_ids(view)
        obs = observation(view, self._legal)
        return obs, {"action_mask": obs["action_mask"], "legal": [action_name(i) for i in self._legal]}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or state.is_over:
            raise RuntimeError("the hand is over (or not dealt): call reset()")
        a = int(action)
        if a not in self._legal:
            if self.illegal == "raise":
                decode(self._view, a, self._legal)
            to_action(a)  # an id outside the space raises even when penalizing
            self._refused += 1
            obs, info = self._observe()
            info["illegal"] = True
            return (
                obs,
                self.illegal_reward,
                False,
                self._refused + state.action_count >= self.max_actions,
                info,
            )
        state.push(to_action(a), player=self.seat)
        self._opponent_plays()
        obs, info = self._observe()
        reward = 0.0
        result = state.result
        if result is not None and result.winner is not None:
            reward = float(result.points if result.winner == self.seat else -result.points)
        truncated = not state.is_over and state.action_count >= self.max_actions
        return obs, reward, state.is_over, truncated, info

    def render(self) -> str:
        """The learner's view in words (:func:`ginrummy.research.text.render`)."""
        from ginrummy.research.text import render

        assert self.state is not None
        return render(self.state.view(self.seat))
