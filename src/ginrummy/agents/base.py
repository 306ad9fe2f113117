"""The agent interface (:class:`ginrummy.play.Agent`): an agent sees only its player's view and
returns an action. Defined with the hand loop in the core, re-exported here for agent authors."""

from __future__ import annotations

from ginrummy.play import Agent, show_hand_over

__all__ = ["Agent", "show_hand_over"]
