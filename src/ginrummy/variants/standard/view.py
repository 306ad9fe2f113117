"""A player's view of a hand: everything that player may see, and nothing else.

Built by ``HandState.view(player)`` (:mod:`ginrummy.variants.standard.state`). It holds the player's own cards,
the discard pile, the stock size (not its order), the opponent's card count and
the cards the opponent is known to hold (taken from the discard pile), the
public history, and, once the hand is laid down, what was shown on the table.
Two states that differ only in what ``player`` cannot see give equal views.
"""

from __future__ import annotations

from typing import NamedTuple

from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Event, Phase
from ginrummy.hand.results import HandResult
from ginrummy.melds import Meld, MeldRules, meld_rules
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.legality import legal_actions_of

__all__ = ["PlayerView"]


class PlayerView(NamedTuple):
    """What ``player`` (0 or 1) sees of a hand.

    ``hand``: own cards (``CardSet``); ``discard_pile``: bottom first, top last;
    ``stock_size``: cards left in the stock; ``opponent_known``: cards the opponent
    took from the discard pile and still holds (``CardSet``);
    ``opponent_hand_size``: number of cards the opponent holds; ``history``: public
    events; ``drawn``: the card this player just drew from the stock (else ``None``);
    ``taken``: the card this player just took from the discard pile (may not be
    discarded this turn unless the rules allow); ``may_take``: the top discard may be
    taken now; ``must_knock``: only a knock is allowed (50th-card rule);
    :attr:`legal_actions`: the player's canonical legal actions when it is their turn,
    else empty; ``knocker_melds`` and
    ``knocker_deadwood``: what the knocker laid down (after a knock);
    ``result``: the hand's result with both hands, once the hand is over; ``knock_card``:
    the card that set the knock limit (Oklahoma) and ``multiplier`` (2 when it is a spade
    and spades double), both public.
    """

    player: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int
    hand: CardSet
    discard_pile: tuple[Card, ...]
    stock_size: int
    opponent_hand_size: int
    opponent_known: CardSet
    history: tuple[Event, ...]
    drawn: Card | None
    result: HandResult | None
    taken: Card | None
    knock_limit: int
    may_take: bool
    must_knock: bool
    knocker: int | None
    knocker_melds: tuple[Meld, ...]
    knocker_deadwood: CardSet
    knock_card: Card | None
    multiplier: int

    @property
    def upcard(self) -> Card | None:
        """Top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def meld_rules(self) -> MeldRules:
        """How aces work in melds and deadwood under :attr:`rules` (pass it as ``mr=`` to
        the functions of :mod:`ginrummy.melds` and :mod:`ginrummy.layoff`)."""
        return meld_rules(self.rules)

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.to_act == self.player and self.phase is not Phase.END

    @property
    def not_discardable(self) -> CardSet:
        """The cards this player may not discard now: the card just taken from the discard pile,
        unless the rules allow it back at once."""
        if self.taken is None or self.rules.rediscard_taken_card:
            return 0
        return 1 << self.taken

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """This player's canonical legal actions (empty when it is not their turn),
        computed from the view alone by the same function the state uses."""
        if not self.my_turn:
            return ()
        return tuple(
            legal_actions_of(
                self.phase,
                self.rules,
                self.knock_limit,
                self.hand,
                self.taken,
                self.stock_size,
                self.may_take,
                self.must_knock,
                self.knocker_melds,
            )
        )
