"""Read-only accessors shared by the hand state machines (:class:`ginrummy.state.HandState`
and :class:`ginrummy.pickup.PickupState`): the phase, the player to act, hands, stock and
discard pile of a dealt hand."""

from __future__ import annotations

from ginrummy.cards import Card, CardSet
from ginrummy.phase import Phase

__all__ = ["DealtHand"]


class DealtHand:
    """Mixin over the private fields every hand state keeps: ``deck`` (the 52 cards in dealing
    order), ``_stock_pos`` (index of the stock's top card in ``deck``), ``_hands`` (two
    ``CardSet``), ``_discard_pile`` (bottom first), ``_phase`` and ``_to_act``."""

    deck: tuple[Card, ...]
    _stock_pos: int
    _hands: tuple[CardSet, CardSet]
    _discard_pile: tuple[Card, ...]
    _phase: Phase
    _to_act: int

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int:
        """The player to act (0 or 1); after the end, the last player who acted."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.END

    def hand(self, player: int) -> CardSet:
        """A player's cards (``CardSet``). Hidden information: not for the opponent."""
        return self._hands[player]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first. Hidden information."""
        return self.deck[self._stock_pos :]

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (public)."""
        return 52 - self._stock_pos

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top (the upcard)."""
        return self._discard_pile

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile, or ``None`` if it is empty."""
        return self._discard_pile[-1] if self._discard_pile else None
