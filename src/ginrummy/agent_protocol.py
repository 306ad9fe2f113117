"""The protocol of everything that plays a seat: :class:`Agent`, used and re-exported by
:mod:`ginrummy.play` (import it from there, or from :mod:`ginrummy.agents.base`).

A module of its own, never compiled (:mod:`ginrummy.compiled`): a ``@runtime_checkable``
``Protocol`` compiled by mypyc is no longer a protocol class, and ``isinstance(x, Agent)`` must
keep working in both builds.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ginrummy.variants import AnyAction, AnyView

__all__ = ["Agent"]


@runtime_checkable
class Agent(Protocol):
    """Anything that plays a seat: a computer level of :mod:`ginrummy.agents`, a scripted
    player, a bridge to another program.

    ``act`` receives the acting player's view (:class:`~ginrummy.variants.standard.view.PlayerView`, or the
    variant's view, e.g. :class:`~ginrummy.variants.pickup.PickupView`; never the hidden state)
    and returns one of its legal actions. Standard knocks may name the melds to lay down and the
    defender's ``LayOff`` may name a plan; with ``None`` the engine's exact solver chooses.
    Agents draw randomness only from a ``random.Random`` they were given.

    An agent may also have a ``hand_over(view)`` method: whoever plays the hands calls it
    (through :func:`~ginrummy.play.show_hand_over`) with the player's view of each finished hand, whose
    ``result`` shows both hands as the cards are shown at the table. Agents that learn about
    their opponent across hands use it; it is optional.
    """

    name: str

    def act(self, view: AnyView) -> AnyAction:
        """Choose an action for ``view.player``; it must be legal in ``view``."""
        ...
