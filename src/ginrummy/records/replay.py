"""The one replay of a hand from its actions, for every reader of played hands: a record's hand
(:meth:`ginrummy.records.HandRecord.replay`), a stored game rebuilt (:mod:`ginrummy.session`), the
browser's step-by-step replay (``web/history``) and ``ginrummy replay`` (``cli/replay``).

:func:`replay_steps` pushes each ``(player, action)`` onto a dealt hand and yields after each push,
so a reader may show every step; :func:`replay_actions` pushes them all. An action that does not
apply raises :class:`ReplayError` (a :class:`~ginrummy.errors.RecordError`) naming it: ``action I
(PLAYER: ACTION) does not replay: WHY``; the hand holds the actions before it.

>>> from ginrummy.hand.actions import Pass
>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> state = HandState.deal(Rules(), dealer=0, rng=5)
>>> [(i, p) for i, p, _ in replay_steps(state, [(1, Pass()), (0, Pass())])]
[(0, 1), (1, 0)]
>>> replay_actions(state, [(0, Pass())])
Traceback (most recent call last):
...
ginrummy.records.replay.ReplayError: action 0 (0: pass) does not replay: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from ginrummy.errors import GinRummyError, RecordError
from ginrummy.variants import AnyAction, AnyHandState

__all__ = ["ReplayError", "replay_actions", "replay_steps"]

S = TypeVar("S", bound=AnyHandState)


class ReplayError(RecordError):
    """An action that does not apply to the hand being replayed: ``index`` (from 0), ``player``
    and ``action`` name it; the message says why (the engine's error)."""

    def __init__(self, index: int, player: int, action: AnyAction, why: GinRummyError) -> None:
        super().__init__(f"action {index} ({player}: {action}) does not replay: {why}")
        self.index = index
        self.player = player
        self.action = action


def replay_steps(
    state: AnyHandState, actions: Iterable[tuple[int, AnyAction]]
) -> Iterator[tuple[int, int, AnyAction]]:
    """Push each ``(player, action)`` of ``actions`` onto ``state`` (a dealt hand of any variant) in
    order, yielding ``(index, player, action)`` after each push. Raises :class:`ReplayError` for an
    action that does not apply (``state`` unchanged by it)."""
    for i, (player, action) in enumerate(actions):
        try:
            state.push(action, player=player)
        except GinRummyError as exc:
            raise ReplayError(i, player, action, exc) from None
        yield i, player, action


def replay_actions(state: S, actions: Iterable[tuple[int, AnyAction]]) -> S:
    """:func:`replay_steps` to the end; returns ``state``. Raises :class:`ReplayError`."""
    for _ in replay_steps(state, actions):
        pass
    return state
