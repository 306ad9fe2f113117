"""Play hands and games between agents, each agent seeing only its own view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ginrummy.agents.base import Agent, show_hand_over
from ginrummy.hand.actions import Action
from ginrummy.hand.results import HandResult
from ginrummy.hand.state import HandState
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game

__all__ = ["play_game", "play_hand"]


def play_hand(
    state: HandState,
    agents: Sequence[Agent],
    on_action: Callable[[HandState, int, Action], None] | None = None,
) -> HandResult:
    """Play ``state`` to the end: ``agents[p]`` acts for player ``p`` from ``state.view(p)``.

    ``on_action(state, player, action)`` is called after each action. An agent's
    illegal action raises the engine's :class:`~ginrummy.errors.IllegalActionError`.
    At the end each agent is shown its view of the finished hand (:func:`show_hand_over`).
    """
    while not state.is_over:
        p = state.to_act
        action = agents[p].act(state.view(p))
        state.push(action, player=p)
        if on_action is not None:
            on_action(state, p, action)
    for p, agent in enumerate(agents):
        show_hand_over(agent, state.view(p))
    result = state.result
    assert result is not None
    return result


def play_game(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int = 0,
    names: tuple[str, str] | None = None,
    on_hand: Callable[[Game, HandState], None] | None = None,
) -> Game:
    """Play a whole game to ``rules.target`` between two agents; returns the finished :class:`Game`.

    ``on_hand(game, state)`` is called after each hand is recorded.
    """
    game = Game(rules, seed=seed, names=names or (agents[0].name, agents[1].name))
    while not game.is_over:
        state = game.new_hand()
        game.record(play_hand(state, agents))
        if on_hand is not None:
            on_hand(game, state)
    return game
