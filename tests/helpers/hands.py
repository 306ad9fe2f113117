"""Playing hands in tests, always with a check that they end.

A test that plays a hand must fail, not hang or pass vacuously, when the hand does not finish.
Hands played by agents go through the one hand loop, :func:`ginrummy.play.play_hand` (it has
an action cap), via :func:`play_out`; a test that checks something at each agent's action wraps
the agent in :class:`Watched`. A test that drives a hand itself, action by action (a random
policy over the hidden state, two engines in lockstep), loops with :func:`until_over` instead
of ``while not state.is_over``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ginrummy.hand.base import BaseHandState
from ginrummy.hand.results import HandResult
from ginrummy.play import MAX_ACTIONS, Agent, OnAction, play_hand, show_hand_over
from ginrummy.variants import AnyAction, AnyView


def play_out(
    state: BaseHandState[Any, Any],
    players: Sequence[Agent],
    on_action: OnAction | None = None,
    note: str = "",
) -> HandResult:
    """Play ``state`` (a hand of any variant) to its end with :func:`play_hand`, ``players[p]``
    playing seat ``p``; the hand's result. Fails the test (``AssertionError``) unless the hand
    is over; a hand past the action cap raises :class:`~ginrummy.play.HandTooLongError`, an
    illegal action :class:`~ginrummy.errors.IllegalActionError`, either with ``note`` (which
    hand it was, say) added to the error.

    >>> from ginrummy.agents import make_agent
    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> state = HandState.deal(Rules(), dealer=0, rng=5)
    >>> play_out(state, [make_agent("simple", 1), make_agent("simple", 2)]).outcome
    Outcome.KNOCK
    """
    try:
        result = play_hand(state, players, on_action)
    except Exception as exc:
        if note:
            exc.add_note(note)
        raise
    assert result is not None and state.is_over, f"the hand did not end ({state.action_count} actions)"
    return result


def until_over(state: BaseHandState[Any, Any], cap: int = MAX_ACTIONS) -> Iterator[int]:
    """The steps of a loop that drives ``state`` itself, one action a step: yields 0, 1, 2, ...
    while the hand is not over, and fails the test (``AssertionError``) once ``cap`` steps have
    passed with the hand still going. Use ``for _ in until_over(state):`` for ``while not
    state.is_over:``; leaving the loop by ``break`` skips the check.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> state = HandState.deal(Rules(), dealer=0, rng=5)
    >>> for _ in until_over(state, cap=3):
    ...     state.push(list(state.legal_actions)[-1])
    Traceback (most recent call last):
    AssertionError: the hand is not over after 3 steps (3 actions)
    """
    for step in range(cap):
        if state.is_over:
            return
        yield step
    if not state.is_over:
        raise AssertionError(f"the hand is not over after {cap} steps ({state.action_count} actions)")


class Watched:
    """An agent that plays as ``inner`` and shows each of its choices to ``check(view, action)``
    (the view it acted on, the action it chose) before :func:`play_hand` pushes it: the check
    asserts what the test needs at every decision. The finished hand is shown to ``inner``.

    >>> from ginrummy.agents import make_agent
    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> seen: list[str] = []
    >>> watched = Watched(make_agent("simple", 1), lambda view, action: seen.append(str(action)))
    >>> state = HandState.deal(Rules(), dealer=0, rng=5)
    >>> result = play_out(state, [watched, make_agent("simple", 2)])
    >>> len(seen) == sum(p == 0 for p, a in state.log) > 0
    True
    """

    def __init__(self, inner: Agent, check: Callable[[Any, Any], object]) -> None:
        self.inner = inner
        self.name = inner.name
        self.check = check

    def act(self, view: AnyView) -> AnyAction:
        action = self.inner.act(view)
        self.check(view, action)
        return action

    def hand_over(self, view: AnyView) -> None:
        show_hand_over(self.inner, view)
