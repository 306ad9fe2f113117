"""Resampling the hidden cards of ``python_ginrummy`` from a player's information state, for
OpenSpiel's information-set search (``ISMCTSBot``): :meth:`GinRummyState.resample_from_infostate
<ginrummy.research.openspiel.GinRummyState.resample_from_infostate>`.

What a player knows of a hand's cards: its own hand, every card it was dealt or drew, the discard
pile and every card discarded or taken (in the public history), the cards the opponent took and
still holds, the upcard, and once a player knocked, the melds and deadwood laid down (its own
face-down discard too). Every other card (the :func:`unknown_cards`) is in the opponent's hand, in
the stock, or the opponent's face-down knock discard, and the player cannot tell which is where.
A resample draws a uniformly random permutation of those cards (:func:`permutation`) and replays the
state's whole history (:meth:`pyspiel.State.history`) on a new state with it applied to the current
hand's deal, its stock draws and the opponent's face-down knock discard, with every check of the
engine: the new state is a legal history of the same game (its ``history()`` names the new cards,
never the true ones), the player's view, observation and information state in it are exactly the
original ones, and the cards the player cannot see are drawn afresh (uniformly over the deals consistent with what the player saw:
the chance of the deal alone, the opponent's choices are not modelled, as in OpenSpiel's own
games). The true state is one of the outcomes, with the chance of one permutation among them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ginrummy.cards import CARDS, Card
from ginrummy.rules import Opening
from ginrummy.variants.standard.actions import Action, BigGin, Discard, Knock, LayOff

if TYPE_CHECKING:
    from ginrummy.research.spiel_core import Core

__all__ = ["known_mask", "permutation", "unknown_cards"]


def _cards_of(action: Action, public_only: bool) -> int:
    """The cards an action shows (``public_only``: to the opponent; else to its player)."""
    mask = 0
    if isinstance(action, Discard):
        mask |= 1 << action.card
    elif isinstance(action, Knock):
        if not public_only:
            mask |= 1 << action.card
        for m in action.melds or ():
            mask |= m.mask
    elif isinstance(action, BigGin):
        for m in action.melds or ():
            mask |= m.mask
    elif isinstance(action, LayOff):
        for m in action.melds or ():
            mask |= m.mask
        for c, _ in action.layoffs or ():
            mask |= 1 << c
    return mask


def _seat_of_deal(i: int, dealer: int, eleven: bool) -> int | None:
    if i < 20:
        return 1 - dealer if i % 2 == 0 else dealer
    return 1 - dealer if eleven else None


def known_mask(core: Core, player: int) -> int:
    """The cards whose place ``player`` knows (a ``CardSet``), from the hand's history."""
    rules = core.rules
    eleven = rules.opening is Opening.ELEVEN_CARDS
    hand = core.hand
    dealt = core.dealt if hand is None else list(hand.deck[:21])
    known = 0
    for i, c in enumerate(dealt):
        seat = _seat_of_deal(i, core.dealer, eleven)
        if seat == player or (seat is None and rules.opening is Opening.UPCARD):
            known |= 1 << c
    if hand is None:
        return known
    known |= hand.hand(player) | hand.known[1 - player]
    for c in hand.discard_pile:
        known |= 1 << c
    for e in hand.events():
        if e.card is not None:
            known |= 1 << e.card
    for _, p, c in core.draws:
        if p == player:
            known |= 1 << c
    for p, action in hand.log:
        known |= _cards_of(action, public_only=p != player)
    view = hand.view(player)
    for m in view.knocker_melds:
        known |= m.mask
    return known | view.knocker_deadwood


def unknown_cards(core: Core, player: int) -> list[Card]:
    """The cards ``player`` cannot place, in card order (see the module docstring)."""
    known = known_mask(core, player)
    return [c for c in CARDS if not known >> c & 1]


def permutation(cards: list[Card], sample: Callable[[], float]) -> dict[Card, Card]:
    """A uniformly random permutation of ``cards`` as a mapping (``sample()``: uniform floats in
    ``[0, 1)``, e.g. OpenSpiel's probability sampler; Fisher-Yates with those draws)."""
    drawn = list(cards)
    for i in range(len(drawn) - 1, 0, -1):
        j = min(int(sample() * (i + 1)), i)
        drawn[i], drawn[j] = drawn[j], drawn[i]
    return dict(zip(cards, drawn, strict=True))
