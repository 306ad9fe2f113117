"""What a player learns of the opponent's knocking from a finished hand, from its own view.

At the end of a hand the cards are shown (``view.result.hands``: both final hands, not shown
for a dead hand). When ``view.player`` knocked, the opponent's hand is as it was after the
opponent's last discard, so it shows whether that discard could have been a knock: a player
who knocks as soon as it can (the ``simple`` level, OpenSpiel's and RLCard's bots) never
passes up a knock; one who waits for a lower count or for gin (``strong``, most people) does.
Going gin is a likelier sign than proof: a player who knocks at once goes gin only when one
draw takes its deadwood from over the knock limit to none.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.hand.results import Outcome
from ginrummy.melds import least_deadwood
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "LATE_TURN",
    "OpponentRecord",
    "opponent_knock_turn",
    "opponent_went_gin",
    "passed_up_knock",
    "shows_waiting",
]

LATE_TURN = 4
"""A knock short of gin after this many of the knocker's turns is not a gin-seeker's."""


def passed_up_knock(view: PlayerView) -> bool:
    """Whether the finished hand in ``view`` shows that the opponent of ``view.player`` could
    have knocked on its last turn and discarded instead.

    True when ``view.player`` knocked (or went gin), the opponent discarded at least once,
    and the opponent's shown hand has a least deadwood (points, under the hand's aces) at
    most the hand's knock limit: the same discard could have been a knock. False when the
    hand is not over, when the opponent knocked, and for a dead hand (no cards shown).
    The knock rules are those of :func:`ginrummy.variants.standard.legality.legal_actions_of`.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> passed_up_knock(HandState.deal(Rules(), dealer=0, rng=1).view(0))
    False
    """
    result = view.result
    if result is None or result.knocker != view.player:
        return False
    opponent = 1 - view.player
    if not _moves(view, ("discard",)):
        return False
    return least_deadwood(result.hands[opponent], mr=view.meld_rules) <= view.knock_limit


def opponent_went_gin(view: PlayerView) -> bool:
    """Whether the opponent of ``view.player`` went gin (or big gin) in the finished hand.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> opponent_went_gin(HandState.deal(Rules(), dealer=0, rng=1).view(0))
    False
    """
    result = view.result
    return (
        result is not None
        and result.knocker == 1 - view.player
        and result.outcome in (Outcome.GIN, Outcome.BIG_GIN)
    )


def shows_waiting(view: PlayerView) -> bool:
    """Whether the finished hand in ``view`` marks the opponent as a player who waits rather
    than knocking as soon as it can: it passed up a knock (:func:`passed_up_knock`, proof) or
    went gin (:func:`opponent_went_gin`: against the ``expert``, ``strong`` goes gin in about 30% of
    hands, ``simple`` in 2%; bench/README.md, section Strength)."""
    return passed_up_knock(view) or opponent_went_gin(view)


def opponent_knock_turn(view: PlayerView) -> int | None:
    """The opponent's turn (its draws and takes, counting from 1) at which it knocked short of
    gin in the finished hand of ``view``, or ``None`` when it did not (gin, a knock by
    ``view.player``, a dead hand, a hand not over). A gin-seeker knocks short of gin only in
    its first turns, if at all.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> opponent_knock_turn(HandState.deal(Rules(), dealer=0, rng=1).view(0)) is None
    True
    """
    result = view.result
    opponent = 1 - view.player
    if (
        result is None
        or result.knocker != opponent
        or result.outcome not in (Outcome.KNOCK, Outcome.UNDERCUT)
    ):
        return None
    return _moves(view, ("draw", "take"))


def _moves(view: PlayerView, kinds: tuple[str, ...]) -> int:
    """How many events of these ``kinds`` the opponent of ``view.player`` made this hand."""
    opponent = 1 - view.player
    return sum(1 for e in view.history if e.player == opponent and e.kind in kinds)


@dataclass
class OpponentRecord:
    """What one game's finished hands have shown of the opponent's knocking, from one player's
    views: whether it was seen to wait (``waits``), its gins, its knocks short of gin and those
    of them after its first :data:`LATE_TURN` turns, and ``shown``: the hands it lost to a knock
    or gin of the player's after more than :data:`LATE_TURN` discards of its own without having
    passed up a knock (counts of hands).

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> seen = OpponentRecord()
    >>> seen.see(HandState.deal(Rules(), dealer=0, rng=1).view(0))  # a hand not over: nothing
    >>> seen
    OpponentRecord(waits=False, gins=0, knocks=0, late_knocks=0, shown=0)
    """

    waits: bool = False
    gins: int = 0
    knocks: int = 0
    late_knocks: int = 0
    shown: int = 0

    def see(self, view: PlayerView, weigh_gins: bool = False) -> None:
        """Count the finished hand of ``view`` (nothing for a hand not over). It marks the
        opponent as one who waits when :func:`shows_waiting`; with ``weigh_gins`` a gin does so
        only while the gins are at least as many as the knocks short of gin (a passed-up knock
        is proof; a gin is a sign: a player who knocks at once goes gin when one draw takes it
        from over the knock limit to none)."""
        gin = opponent_went_gin(view)
        self.gins += gin
        turn = opponent_knock_turn(view)
        self.knocks += turn is not None
        self.late_knocks += turn is not None and turn > LATE_TURN
        passed = passed_up_knock(view)  # shows_waiting's proof, found once
        result = view.result
        if result is not None and result.knocker == view.player and not passed:
            self.shown += _moves(view, ("discard",)) > LATE_TURN
        if passed or (gin and (not weigh_gins or self.gins >= self.knocks)):
            self.waits = True
