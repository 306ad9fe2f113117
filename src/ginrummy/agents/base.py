"""The agent interface: an agent sees only its player's view and returns an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ginrummy.hand.actions import Action
from ginrummy.hand.view import PlayerView, show_hand_over

__all__ = ["Agent", "show_hand_over"]


@runtime_checkable
class Agent(Protocol):
    """A computer (or scripted) player.

    ``act`` receives the acting player's :class:`~ginrummy.hand.view.PlayerView` (never the
    hidden state) and returns one of its legal actions. Knocks may name the melds to
    lay down and the defender's ``LayOff`` may name a plan; with ``None`` the engine's
    exact solver chooses. Agents draw randomness only from a ``random.Random`` they
    were given.

    An agent may also have a ``hand_over(view)`` method: whoever plays the hands calls it
    (through :func:`show_hand_over`) with the player's view of each finished hand, whose
    ``result`` shows both hands as the cards are shown at the table. Agents that learn
    about their opponent across hands use it; it is optional.
    """

    name: str

    def act(self, view: PlayerView) -> Action:
        """Choose an action for ``view.player``; it must be legal in ``view``."""
        ...
