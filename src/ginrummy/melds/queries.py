"""Meld queries: the melds in a hand, and whether a card fits one.

A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit in sequence, ace low
(all sources; RULES.md section 1) or also round the corner when ``mr.wrap`` (Hollywood's
aces, 002; RULES.md section 5).
"""

from __future__ import annotations

from ginrummy.cards import Card, CardSet, parse_cards  # noqa: F401 (the doctests)
from ginrummy.melds.aces import STANDARD, MeldRules
from ginrummy.melds.meld import Meld, _meld_unchecked
from ginrummy.melds.tables import _RANK_MASKS, _SUIT_BITS, _rotl, _rotr


def all_melds(hand: CardSet, mr: MeldRules = STANDARD) -> list[Meld]:
    """Every meld (set or run, including sub-runs and 3-card subsets of a 4-card set) whose
    cards are all in ``hand`` (a ``CardSet``); runs round the corner too when ``mr.wrap``
    (the whole suit once)."""
    out: list[Meld] = []
    for r in range(13):
        full = hand & _RANK_MASKS[r]
        n = full.bit_count()
        if n >= 3:
            out.append(_meld_unchecked(full))
            if n == 4:
                x = full
                while x:
                    b = x & -x
                    out.append(_meld_unchecked(full ^ b))
                    x ^= b
    for suit in range(4):
        bits = (hand >> (13 * suit)) & _SUIT_BITS
        if mr.wrap:
            if bits == _SUIT_BITS:
                out.append(_meld_unchecked(_SUIT_BITS << (13 * suit)))
            for lo in range(13):
                seq = _rotr(bits, lo)
                if seq & 7 != 7:
                    continue
                n = 3
                while n < 13 and seq >> (n - 1) & 1:
                    out.append(_meld_unchecked(_rotl((1 << n) - 1, lo) << (13 * suit)))
                    n += 1
            continue
        for lo in range(11):
            if bits >> lo & 7 != 7:
                continue
            hi = lo + 2
            while hi < 13 and bits >> hi & 1:
                out.append(_meld_unchecked((((1 << (hi - lo + 1)) - 1) << lo) << (13 * suit)))
                hi += 1
    return out


def fits_meld(card: int, hand: CardSet, mr: MeldRules = STANDARD) -> bool:
    """True if ``card`` forms a meld with cards of ``hand`` (a ``CardSet``): two more of its
    rank, or two suit neighbours in sequence (round the corner when ``mr.wrap``). Same as
    ``bool(melds_with(card, hand, mr=mr))``.

    >>> fits_meld(Card("7h"), parse_cards("7c 7d Kc")), fits_meld(Card("Ah"), parse_cards("Kh Qh"))
    (True, False)
    >>> fits_meld(Card("Ah"), parse_cards("Kh Qh"), mr=MeldRules.of(wrap=True))
    True
    """
    rank = card % 13
    if (hand & ~(1 << card) & _RANK_MASKS[rank]).bit_count() >= 2:
        return True
    bits = (hand >> (card - rank)) & _SUIT_BITS | (1 << rank)
    if mr.wrap:
        w = _rotr(bits, (rank - 2) % 13) & 0x1F  # the card at bit 2, two neighbours each side
    else:
        window = (bits >> max(rank - 2, 0)) & (0x1F if rank >= 2 else 0x1F >> (2 - rank))
        w = window if rank >= 2 else window << (2 - rank)
    return w & 0b00111 == 0b00111 or w & 0b01110 == 0b01110 or w & 0b11100 == 0b11100


def melds_with(card: int, hand: CardSet, mr: MeldRules = STANDARD) -> list[Meld]:
    """Melds of ``hand | card`` that contain ``card`` (used to judge whether a card "fits")."""
    bit = 1 << card
    return [m for m in all_melds(hand | bit, mr=mr) if m.mask & bit]
