"""Melds and deadwood, computed exactly.

A *set* is 3 or 4 cards of one rank; a *run* is 3 or more cards of one suit in
sequence, ace low (all sources; RULES.md section 1). A card belongs to at most
one meld. The *deadwood* of an arrangement is the point total of the cards in no
meld; the least deadwood of a hand is the minimum over all arrangements.

Hollywood's aces high and low (002; RULES.md section 5): runs may also turn the corner
(Q-K-A, K-A-2, Q-K-A-2-3, ...; a run of 13 cards is the whole suit) and an unmelded ace
counts 15. How aces work is a :class:`MeldRules` (``wrap``, ``ace_points``); every function
here whose answer depends on it takes it as its last parameter ``mr`` (pass it by keyword:
``least_deadwood(hand, mr=mr)``), by default :data:`STANDARD` (ace low, ace 1); it is not
keyword-only because a keyword-only default costs the standard path a dict lookup per call.
:func:`meld_rules` gives the one of a :class:`~ginrummy.rules.Rules`.

A :class:`Meld` is its cards (equality and hash are by cards). It is validated when built,
against ``mr``: ``Meld("Ks As 2s")`` is refused, ``Meld("Ks As 2s", mr=meld_rules(rules))``
is accepted under Hollywood's aces. A run round the corner is written in run order from its
first card in sequence: ``Qs Ks As 2s``. Behaviour that depends on the rules
(:meth:`Meld.layoff_cards`) takes ``mr`` too.

How it is fast: once the cards given to sets are fixed, the best runs of each
suit are forced (every maximal sequence of 3 or more cards is melded), so a
13-bit table per suit mask (in :class:`MeldRules`: built at import for the standard
rules, on first use for the others) gives each suit's leftover points. At most three
ranks of an 11-card hand can hold 3 or more cards, so only a handful of set
choices need to be tried.

The package's parts, each importing only those before it: :mod:`~ginrummy.melds.tables` (13-bit
suit masks, the per-suit run tables), :mod:`~ginrummy.melds.aces` (:class:`MeldRules`,
:data:`STANDARD`, :func:`meld_rules`), :mod:`~ginrummy.melds.meld` (:class:`Meld`,
:class:`Arrangement`, :func:`is_meld`, notation), :mod:`~ginrummy.melds.choices` (the set
choices the search tries), :mod:`~ginrummy.melds.deadwood` (:func:`least_deadwood`,
:func:`least_deadwood_after_discard`, :func:`discard_deadwoods`, :func:`best_discards`),
:mod:`~ginrummy.melds.arrange` (:func:`arrangements`, :func:`best_arrangement`) and
:mod:`~ginrummy.melds.queries` (:func:`all_melds`, :func:`fits_meld`, :func:`melds_with`).
Import every name from ``ginrummy.melds``.

>>> least_deadwood(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
10
>>> best_arrangement(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
Arrangement(melds=(Meld('7c 7d 7s'), Meld('2c 3c 4c'), Meld('8h 9h Th')), deadwood=Card('Kd').bit)
>>> hollywood = MeldRules.of(wrap=True, ace_points=15)
>>> least_deadwood(parse_cards("Ks As 2s Ah 5c"), mr=hollywood), least_deadwood(parse_cards("Ks As 2s Ah 5c"))
(20, 19)
"""

from __future__ import annotations

from ginrummy.cards import parse_cards  # noqa: F401 (the doctests)
from ginrummy.melds.aces import STANDARD, MeldRules, meld_rules
from ginrummy.melds.arrange import arrangements, best_arrangement
from ginrummy.melds.deadwood import (
    best_discards,
    discard_deadwoods,
    least_deadwood,
    least_deadwood_after_discard,
)
from ginrummy.melds.meld import Arrangement, Meld, is_meld
from ginrummy.melds.queries import all_melds, fits_meld, melds_with

__all__ = [
    "STANDARD",
    "Arrangement",
    "Meld",
    "MeldRules",
    "all_melds",
    "arrangements",
    "best_arrangement",
    "best_discards",
    "discard_deadwoods",
    "fits_meld",
    "is_meld",
    "least_deadwood",
    "least_deadwood_after_discard",
    "meld_rules",
    "melds_with",
]
