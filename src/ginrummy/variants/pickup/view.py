"""What a player sees of a discard-pile pickup hand: :class:`PickupView` and the public
:class:`PickupEvent` s (built by :meth:`ginrummy.variants.pickup.state.PickupState.view`)."""

from __future__ import annotations

from typing import NamedTuple

from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Phase
from ginrummy.melds import Meld
from ginrummy.rules import Rules
from ginrummy.variants.pickup.actions import PickupAction
from ginrummy.variants.pickup.legality import pickup_legal_actions
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points

__all__ = ["PickupEvent", "PickupView"]


class PickupEvent(NamedTuple):
    """One public action: ``player``, ``kind`` (``'pass'``, ``'take'``, ``'draw'``, ``'meld'``,
    ``'add'``, ``'discard'``), the ``cards`` shown (taken cards in pile order, the deepest
    first; the meld laid; the card added or discarded; none for a stock draw) and, for a meld
    or an add, the table ``meld`` number (0-based)."""

    player: int
    kind: str
    cards: tuple[Card, ...] = ()
    meld: int | None = None


class PickupView(NamedTuple):
    """What ``player`` (0 or 1) sees of a discard-pile pickup hand.

    ``hand``: own cards (``CardSet``); ``discard_pile``: bottom first, top last;
    ``stock_size``: cards left in the stock (not their order); ``opponent_hand_size`` and
    ``opponent_known``: the opponent's number of cards and the cards they took from the pile and
    still hold; ``table``: the melds on the table, numbered from 0 in the order laid, and
    ``table_owners``: who laid each; ``laid``: the cards each player put on the table (for them
    at gin); ``history``: public events; ``drawn``: the card this player just drew from the
    stock; ``taken``: the cards this player took from the pile this turn; ``must_meld``: the
    deepest card this player took that must still go on the table before the discard;
    ``draw_only``: both players passed the upcard; ``result``: once the hand is over.
    :attr:`legal_actions`: the player's canonical legal actions when it is their turn.
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
    history: tuple[PickupEvent, ...]
    drawn: Card | None
    result: PickupResult | None
    table: tuple[Meld, ...]
    table_owners: tuple[int, ...]
    laid: tuple[CardSet, CardSet]
    taken: CardSet
    must_meld: Card | None
    draw_only: bool

    @property
    def upcard(self) -> Card | None:
        """Top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.to_act == self.player and self.phase is not Phase.END

    @property
    def not_discardable(self) -> CardSet:
        """The cards this player may not discard now: those taken from the pile this turn."""
        return self.taken

    @property
    def table_points(self) -> tuple[int, int]:
        """Value of the cards each player has put on the table so far."""
        return pickup_points(self.laid[0]), pickup_points(self.laid[1])

    @property
    def legal_actions(self) -> tuple[PickupAction, ...]:
        """This player's canonical legal actions (empty when it is not their turn), computed
        from the view alone by the same function the state uses."""
        if not self.my_turn:
            return ()
        return tuple(
            pickup_legal_actions(
                self.phase,
                self.rules,
                self.hand,
                self.discard_pile,
                self.stock_size,
                self.table,
                self.taken,
                self.must_meld,
                self.draw_only,
            )
        )
