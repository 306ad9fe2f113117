"""One web game in memory: the game core's :class:`~ginrummy.session.core.GameSession` (the whole
flow of a game, match or team match, rebuilt from its stored rows) with what only the browser
shows: each hand's commitment to its seed and the salt that opens it (:mod:`ginrummy.web.fairness`).

The server decides the computer's moves through a :data:`~ginrummy.session.core.Decider` that runs
the slow levels in worker processes (:mod:`ginrummy.web.workers`); each decision's inputs are views
and a seed only, so it can run anywhere and decides the same.
"""

from __future__ import annotations

from ginrummy.session.core import COMPUTER, HUMAN, PARTNER_LEVEL, Decider, Progress, SessionError
from ginrummy.session.core import GameSession as CoreSession
from ginrummy.web.fairness import commitment, hand_salt

__all__ = ["COMPUTER", "HUMAN", "PARTNER_LEVEL", "Decider", "GameSession", "Progress", "SessionError"]


class GameSession(CoreSession):
    """A game being played in the browser (:class:`~ginrummy.session.core.GameSession`), with the
    fairness commitments of its hands."""

    def commitment(self, index: int) -> str:
        """The commitment to hand ``index``'s seed (counted across the match)."""
        return commitment(self.hand_seeds[index], hand_salt(self.row.secret, index))

    def salt(self, index: int) -> str:
        """The salt of hand ``index``'s commitment (shown once the hand is over)."""
        return hand_salt(self.row.secret, index)
