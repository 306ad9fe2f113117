"""How a player's cards are ordered for display, and which card a position number names.

Every front end (the terminal's table screens and its command parser, the browser's JSON)
shows a hand the same way: the melds of a least-deadwood arrangement
(:func:`ginrummy.melds.best_arrangement`, melds sorted sets first then runs, each meld's cards
in meld order), then the deadwood by rank then suit. Position numbers typed by a player (1 is
the first card shown) count along that order. The arrangement depends on the meld rules
(``mr``: runs turning the corner under Hollywood's aces); discard-pile pickup (002) melds as
standard gin. Nothing here depends on a front end.

>>> from ginrummy.cards import parse_cards
>>> hand = parse_cards("Kd 3s 9h 7c Th 2c 7s 8h Qs 7d")
>>> layout = hand_layout(hand)
>>> [str(m) for m in layout.melds], [str(c) for c in layout.deadwood], layout.points
(['7c 7d 7s', '8h 9h Th'], ['2c', '3s', 'Qs', 'Kd'], 25)
>>> [str(c) for c in display_order(hand)][:4], card_at(hand, 7)
(['7c', '7d', '7s', '8h'], Card('2c'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ginrummy.cards import Card, CardSet, cards_of, sort_key_rank
from ginrummy.melds import STANDARD, Meld, MeldRules, best_arrangement

__all__ = ["HandLayout", "by_rank", "card_at", "display_order", "hand_layout"]


def by_rank(cards: CardSet | Iterable[int]) -> list[Card]:
    """Cards (a ``CardSet`` or any iterable of card numbers) sorted by rank, ace low, then suit
    (clubs, diamonds, hearts, spades): the order of deadwood, of a defender's whole hand and of
    known cards on every screen.

    >>> from ginrummy.cards import parse_cards
    >>> [str(c) for c in by_rank(parse_cards("Ks 2c Ad 2h"))]
    ['Ad', '2c', '2h', 'Ks']
    """
    seq = cards_of(cards) if isinstance(cards, int) else (Card(c) for c in cards)
    return sorted(seq, key=sort_key_rank)


@dataclass(frozen=True, slots=True)
class HandLayout:
    """A hand as displayed: ``melds`` of a least-deadwood arrangement, then the ``deadwood``
    cards by rank; ``points`` is the deadwood count under the meld rules used."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def order(self) -> list[Card]:
        """Every card in display order (position ``n`` is ``order[n - 1]``)."""
        out: list[Card] = []
        for m in self.melds:
            out.extend(m.cards)
        out.extend(self.deadwood)
        return out


def hand_layout(hand: CardSet, mr: MeldRules = STANDARD) -> HandLayout:
    """How ``hand`` is displayed under the meld rules ``mr`` (see the module docstring). Any
    number of cards, none included."""
    arr = best_arrangement(hand, mr=mr)
    return HandLayout(arr.melds, tuple(by_rank(arr.deadwood)), arr.points)


def display_order(hand: CardSet, mr: MeldRules = STANDARD) -> list[Card]:
    """The cards of ``hand`` in display order: the melds of its best arrangement, then the
    deadwood by rank. Position numbers typed by the player refer to this order."""
    return hand_layout(hand, mr).order


def card_at(hand: CardSet, position: int, mr: MeldRules = STANDARD) -> Card:
    """The card at ``position`` (1 = the first card shown) of ``hand`` as displayed. Raises
    ``IndexError`` for a position outside ``1..len(hand)``.

    >>> from ginrummy.cards import parse_cards
    >>> card_at(parse_cards("9c 7h 8h 6h"), 1), card_at(parse_cards("9c 7h 8h 6h"), 4)
    (Card('6h'), Card('9c'))
    """
    order = display_order(hand, mr)
    if not 1 <= position <= len(order):
        raise IndexError(f"no card at position {position} of {len(order)}")
    return order[position - 1]
