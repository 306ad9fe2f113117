"""A Gymnasium single-agent environment: one hand of Gin Rummy against a computer player
(needs the ``research`` extra: gymnasium, numpy), registered as ``ginrummy/GinRummy-v0``.

The learner plays seat ``seat``; ``opponent`` is a level of :mod:`ginrummy.agents` (``"simple"``,
``"expert"``, ...) or any :class:`~ginrummy.play.Agent` (an external bot), which acts from its own
view only. Observations, action ids and masks are those of
:mod:`ginrummy.research.pettingzoo_env` (one encoding, :mod:`ginrummy.research.encoding`); the
mask is also in ``info["action_mask"]``, returned by :meth:`GinRummyGymEnv.action_masks` (as
sb3-contrib's ``MaskablePPO`` asks for it, no wrapper needed) and the legal actions in words in
``info["legal"]``. The reward comes at the end of the hand: +points when the learner wins it,
-points when it loses, 0 for a dead hand, times ``reward_scale`` (e.g. ``0.01`` for rewards of
about ±1). An illegal action raises :class:`~ginrummy.errors.IllegalActionError` with
``illegal="raise"``; with ``illegal="penalize"`` (the default, so that a learner without masks,
and Gymnasium's checker, can step with any id) it changes nothing and gives ``illegal_reward``
(not scaled). A hand still going after ``max_actions`` actions is truncated.

**A hand over before the learner's first move.** The opponent can end a hand before the learner
acts (it takes the upcard and goes gin). ``reset`` then still returns a live step, so that the
learner sees that loss and every episode is one whole hand: the observation is the learner's view
of the finished hand, ``info["hand_over"]`` is ``True`` and the mask offers exactly one id,
``0`` (:data:`ACKNOWLEDGE`, read as "acknowledge"); stepping it ends the episode with the hand's
reward. Dealing again instead would hide those hands' losses from the return (and bias every
measured score upwards).

Rendering follows Gymnasium: ``render_mode=None`` (the default) renders nothing and
``render()`` returns ``None``; ``render_mode="ansi"`` returns the learner's view in words
(:func:`ginrummy.research.text.render`).

>>> env = GinRummyGymEnv(opponent="simple")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, info["legal"]
((542,), ['pass', 'take'])
>>> obs, reward, terminated, truncated, info = env.step(0)
>>> import gymnasium
>>> env = gymnasium.make("ginrummy/GinRummy-v0", opponent="random", reward_scale=0.01)
>>> obs, info = env.reset(seed=3)
>>> env.unwrapped.action_masks().nonzero()[0].tolist()
[0, 1]
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ginrummy.agents import make_agent
from ginrummy.checks import check_seat, shown
from ginrummy.errors import ArgumentError, GameFlowError
from ginrummy.play import MAX_ACTIONS, Agent, HandTooLongError, play_hand
from ginrummy.research.encoding import (
    NUM_ACTIONS,
    PASS,
    action_name,
    decode,
    legal_ids,
    resolve_rules,
    to_action,
)
from ginrummy.research.pettingzoo_env import observation, observation_space
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState

__all__ = ["ACKNOWLEDGE", "ENV_ID", "GinRummyGymEnv"]

ENV_ID = "ginrummy/GinRummy-v0"
"""The environment's Gymnasium id, registered on importing :mod:`ginrummy.research`:
``gymnasium.make(ENV_ID, opponent="expert")``."""
ACKNOWLEDGE = PASS
"""The one id offered after a hand that ended before the learner's first move (see the module docstring)."""


class GinRummyGymEnv(gym.Env[dict[str, Any], Any]):
    """One hand per episode against ``opponent`` (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium reads it from the class)

    def __init__(
        self,
        opponent: str | Agent = "simple",
        rules: Rules | str = "default",
        seat: int = 0,
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
        reward_scale: float = 1.0,
    ) -> None:
        seat = check_seat("seat", seat)
        if illegal not in ("raise", "penalize"):
            raise ArgumentError(f"illegal must be 'raise' or 'penalize', got {shown(illegal)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ArgumentError(f"render_mode must be None or 'ansi', got {shown(render_mode)}")
        if (
            not isinstance(reward_scale, int | float)
            or isinstance(reward_scale, bool)
            or not reward_scale > 0
        ):
            raise ArgumentError(f"reward_scale must be a positive number, got {shown(reward_scale)}")
        self.rules = resolve_rules(rules)
        self.opponent_spec = opponent
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.reward_scale = float(reward_scale)
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self.state: HandState | None = None
        self.opponent: Agent = make_agent(opponent, 0) if isinstance(opponent, str) else opponent
        self._legal: list[int] = []
        self._ended_early = False

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
        self._ended_early = self.state.is_over or self.state.action_count >= self.max_actions
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
        self._view = view
        self._legal = [ACKNOWLEDGE] if self._ended_early else legal_ids(view)
        obs = observation(view, self._legal)
        info: dict[str, Any] = {
            "action_mask": obs["action_mask"],
            "legal": [action_name(i) for i in self._legal],
        }
        if self._ended_early:
            info["hand_over"] = True
        return obs, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal ids now, as booleans (sb3-contrib's ``MaskablePPO`` calls this)."""
        mask = np.zeros(NUM_ACTIONS, np.bool_)
        mask[self._legal] = True
        return mask

    def _reward(self) -> float:
        assert self.state is not None
        result = self.state.result
        if result is None or result.winner is None:
            return 0.0
        points = result.points if result.winner == self.seat else -result.points
        return float(points) * self.reward_scale

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or (state.is_over and not self._ended_early):
            raise GameFlowError("the hand is over (or not dealt): call reset()")
        a = int(action)
        if a not in self._legal:
            if self.illegal == "raise":
                if self._ended_early:
                    to_action(a)
                    raise GameFlowError(
                        f"the hand ended before your first move: step {ACKNOWLEDGE} ({action_name(ACKNOWLEDGE)}) "
                        f"to end the episode; got {a}"
                    )
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
        if self._ended_early:  # the acknowledgement: the episode ends with the hand's reward
            self._ended_early = False
            obs, info = self._observe()
            return obs, self._reward(), state.is_over, not state.is_over, info
        state.push(to_action(a), player=self.seat)
        self._opponent_plays()
        obs, info = self._observe()
        truncated = not state.is_over and state.action_count >= self.max_actions
        return obs, self._reward(), state.is_over, truncated, info

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the learner's view in words
        (:func:`ginrummy.research.text.render`); with no render mode: ``None``."""
        if self.render_mode is None:
            return None
        from ginrummy.research.text import render

        if self.state is None:
            raise GameFlowError("nothing to render before reset()")
        return render(self.state.view(self.seat))
