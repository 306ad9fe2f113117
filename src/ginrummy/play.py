"""The one hand loop, and the protocol of everything that plays a seat.

Every runner of hands (a game's or a match's :meth:`~ginrummy.scoring.game.Game.play`, the
tournament runner, the terminal and the browser front ends, the tests) plays through
:func:`play_hand`: the player to act is asked for an action from its own view only, the action
is pushed with the seat checked, an optional callback sees each action, and a hand that runs
past ``max_actions`` ends with a :class:`HandTooLongError` instead of running for ever (two
players can pass one card back and forth for ever where the rules let a taken card be thrown
back). A seat whose player is ``None`` is a person at a front end: the loop stops when it is
that seat's turn and returns ``None``; call it again after the person's action.

>>> from ginrummy.agents import make_agent
>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> state = HandState.deal(Rules(), dealer=0, rng=5)
>>> play_hand(state, [make_agent("simple", 1), make_agent("simple", 2)]).outcome
Outcome.KNOCK
>>> state = HandState.deal(Rules(), dealer=0, rng=5)
>>> play_hand(state, [None, make_agent("simple", 2)]) is None, state.to_act, state.action_count > 0
(True, 0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex

from ginrummy.agent_protocol import Agent
from ginrummy.checks import check_callable, check_int, shown
from ginrummy.errors import ArgumentError, ArgumentTypeError, GinRummyError
from ginrummy.hand.actions import DrawStock
from ginrummy.hand.base import BaseHandState, check_hand
from ginrummy.hand.results import HandResult
from ginrummy.variants import AnyView

__all__ = [
    "MAX_ACTIONS",
    "UNDO_RULE",
    "Agent",
    "HandTooLongError",
    "OnAction",
    "check_players",
    "play_hand",
    "show_hand_over",
    "undo_refusal",
]

MAX_ACTIONS = 2000
"""The most actions a hand may take in :func:`play_hand` (a real hand takes well under 200)."""


class HandTooLongError(GinRummyError):
    """A hand still going after the action cap of :func:`play_hand`: the players are passing
    cards back and forth for ever. The state is left as it was after the last action."""


def check_players(name: str, players: Any, people: bool = False) -> list[Any]:
    """``players`` as a list of two: each an :class:`Agent` (anything with ``act(view)``), or
    ``None`` (a person) when ``people``. Raises :class:`~ginrummy.errors.ArgumentTypeError`
    naming the seat (:class:`~ginrummy.errors.ArgumentError` for another number of players)."""
    want = "a sequence of two players (Agents" + (" or None)" if people else ")")
    if isinstance(players, str | bytes | bytearray | dict) or not hasattr(players, "__iter__"):
        raise ArgumentTypeError(f"{name} must be {want}, got {shown(players)}")
    seats = list(players)
    if len(seats) != 2:
        raise ArgumentError(f"{name} must be {want}, got {len(seats)} players")
    for p, player in enumerate(seats):
        if not (player is None and people) and not callable(getattr(player, "act", None)):
            what = "an Agent (with act(view)) or None" if people else "an Agent (with act(view))"
            raise ArgumentTypeError(f"{name}[{p}] must be {what}, got {shown(player)}")
    return seats


OnAction = Callable[[Any, int, Any], None]
"""``on_action(state, player, action)``: called by :func:`play_hand` after each action, with
the action as logged (engine choices filled in); ``before_action`` has the same shape, called
before the push with the action as the player chose it."""


def show_hand_over(agent: object, view: AnyView) -> None:
    """Give ``agent`` its player's ``view`` of a finished hand, if it has a ``hand_over`` method
    (the agents' optional hook, see :class:`Agent`); :func:`play_hand` calls it once a hand is over.

    >>> class Watcher:
    ...     def hand_over(self, view: AnyView) -> None:
    ...         print("shown", view.player)
    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> show_hand_over(Watcher(), HandState.deal(Rules(), dealer=0, rng=1).view(1))
    shown 1
    >>> show_hand_over(object(), HandState.deal(Rules(), dealer=0, rng=1).view(1))
    """
    hand_over = getattr(agent, "hand_over", None)
    if hand_over is not None:
        hand_over(view)


def play_hand(
    state: BaseHandState[Any, Any],
    players: Sequence[Agent | None],
    on_action: OnAction | None = None,
    max_actions: SupportsIndex = MAX_ACTIONS,
    before_action: OnAction | None = None,
) -> HandResult | None:
    """Play ``state`` (a hand of any variant) on: ``players[p]`` acts for seat ``p`` from
    ``state.view(p)``, and its action is pushed as seat ``p``'s.

    Returns the hand's result once it is over, after showing each player its view of the
    finished hand (:func:`show_hand_over`); or ``None`` when it is the turn of a seat whose
    player is ``None`` (a person: push their action, then call again). ``on_action(state,
    player, action)`` is called after each action; ``before_action(state, player, action)``
    with the action a player chose, before it is pushed (the state as that player saw it: a
    bench tool may clone it there to play the hand on another way). Raises :class:`HandTooLongError` once the
    hand has ``max_actions`` actions and is not over, and the engine's
    :class:`~ginrummy.errors.IllegalActionError` for an illegal action (the state unchanged);
    :class:`~ginrummy.errors.ArgumentError` (``ArgumentTypeError``) for arguments of another
    kind (a state that is not a hand, players that are not two agents or ``None``, a negative cap).
    """
    check_hand("state", state)
    players = check_players("players", players, people=True)
    check_callable("on_action", on_action, "a function (state, player, action)")
    check_callable("before_action", before_action, "a function (state, player, action)")
    max_actions = check_int("max_actions", max_actions, lo=0)
    count = state.action_count
    while not state.is_over:
        p = state.to_act
        player = players[p]
        if player is None:
            return None
        if count >= max_actions:
            raise HandTooLongError(
                f"the hand was cut off after {count} actions without ending "
                "(the players keep passing cards back and forth)"
            )
        action = player.act(state.view(p))
        if before_action is not None:
            before_action(state, p, action)
        state.push(action, player=p)
        count += 1
        if on_action is not None:
            last = state.last_action
            assert last is not None
            on_action(state, p, last[1])
    for p, seat in enumerate(players):
        if seat is not None:
            show_hand_over(seat, state.view(p))
    result: HandResult | None = state.result
    assert result is not None
    return result


UNDO_RULE = (
    "undo never shows you anything hidden: it takes back only your last move, and only while your "
    "opponent has not moved since and the move was not a draw from the stock"
)
"""The undo rule of every front end (practice games), in words (see :func:`undo_refusal`)."""


def undo_refusal(state: BaseHandState[Any, Any] | None, seat: int) -> str | None:
    """Why taking back ``seat``'s last action in ``state`` is refused (a message ending with
    :data:`UNDO_RULE`), or ``None`` when :meth:`~ginrummy.hand.base.BaseHandState.pop` may undo it.

    Undo must never give a player information they could not otherwise have, so it takes back
    only that player's last action, and only when (a) the hand is still being played (a knock,
    gin or the end of the hand shows the opponent's cards), (b) that action is the last one of the
    hand: the opponent has not moved since (each of its moves depends on its hidden cards: a pass
    or a take tells what it wants, a discard shows one of its cards), and (c) it is not a draw from
    the stock (the player saw the card). In the standard game that leaves taking the upcard or the
    discard back before discarding: the card taken was face up, and nothing hidden has been shown
    since. Whether undo is allowed at all (practice games only) is the front end's rule.

    >>> from ginrummy.hand.actions import Pass
    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> state = HandState.deal(Rules(), dealer=0, rng=5)
    >>> undo_refusal(state, 1).split(";")[0]
    'you have not moved in this hand'
    >>> state.push(Pass(), player=1)
    >>> undo_refusal(state, 1) is None, undo_refusal(state, 0).split(";")[0]
    (True, 'you have not moved in this hand')
    """
    if state is None or state.is_over:
        return f"the hand is over; {UNDO_RULE}"
    log = state.log
    if not any(p == seat for p, _ in log):
        return f"you have not moved in this hand; {UNDO_RULE}"
    player, action = log[-1]
    if player != seat:
        return f"your opponent has moved since your last move; {UNDO_RULE}"
    if isinstance(action, DrawStock):
        return f"you drew from the stock and saw the card; {UNDO_RULE}"
    return None
