"""Discard-pile pickup gin (002) as a state machine: :class:`PickupState`.

The rules (``shared/rules/002``, "Similar to straight gin, knocking is not allowed. However,
more than one card may be taken, in order, from the top of the discard pile. If more than one
card is taken, the lowest position card taken must be used in a hand [...]; continue with one
discard. Cards are shown to the table, with opponents being able to add on to straights of the
same suit or finish a three of a kind with the fourth card for points."), as played here:

* **Deal** as standard gin (``rules.opening`` must be ``upcard``): 10 cards each, one at a time
  to the non-dealer first, the 21st card face up starts the discard pile, the rest is the stock.
* **First turn**: the standard upcard offer (straight gin keeps the standard rules): the
  non-dealer takes the upcard (``take``) or passes; then the dealer; if both pass, the
  non-dealer draws from the stock.
* **A turn**: draw the top stock card (``draw``), or take the top ``N`` cards of the discard pile
  (``take N``: the whole run from the top down to the ``N``-th card). If ``N > 1``, the deepest
  card taken must be laid on the table this turn, before the discard: in a new meld or added to
  a meld already on the table (a take whose deepest card cannot be used is refused). Then, in
  any order, lay melds from hand on the table (``meld [7c 7d 7s]``) and add cards from hand to
  any table meld, either player's (``add 8h:2``: the 4th card of a set, or a card extending a
  run; chains of cards are added one at a time). While the deepest card still has to be laid,
  a play that would leave it no way onto the table is refused. The turn ends with one discard.
* **Taken cards**: as in standard gin (``rules.rediscard_taken_card`` false), a card taken from
  the discard pile this turn may not be discarded this turn, unless every card left in hand
  was taken this turn (so a turn can always end).
* **Gin**: a player goes gin the moment their hand is empty, by laying or adding their last
  card (no discard needed, like big gin) or by discarding their last card (like gin). The hand
  is then scored (:mod:`ginrummy.variants.pickup.scoring`): table cards for, hand cards against
  (A = 15, 2-9 = 5, 10-K = 10), gin bonus ``rules.gin_bonus`` (25).
* **Dead hand**: as standard gin, a discard that leaves ``rules.stock_left_dead`` (2) or fewer
  cards in the stock without gin ends the hand with no score (the text is silent; what is on
  the table is not scored).
* **Not used**: knocking (``knock_limit``), big gin and undercut settings. Not supported: the
  11-card opening, Oklahoma knock cards, aces high, the 50th-card rule (a ``RulesError``).

The state follows the conventions of :class:`ginrummy.hand.state.HandState`: phases ``OFFER``,
``DRAW``, ``DISCARD`` (here: lay melds, add to table melds, discard) and ``END``;
:meth:`PickupState.verify` raises a specific :class:`~ginrummy.errors.IllegalActionError`
naming the legal actions and changes nothing; ``can``/``push``/``pop``/``clone``; and
:meth:`PickupState.view` gives a player's :class:`PickupView`, which hides the opponent's hand
and the stock and lists the player's legal actions.

>>> s = PickupState.deal(Rules.preset("pickup"), dealer=1, rng=7)
>>> s.phase, s.to_act, s.stock_size, s.upcard, list(s.legal_actions)
(Phase.OFFER, 0, 31, Card('9d'), [Take(count=1), Pass()])
>>> s.push(Pass()); s.push(Pass()); list(s.legal_actions)
[DrawStock()]
>>> s.push(Take(1))
Traceback (most recent call last):
...
ginrummy.errors.IllegalDrawError: both players passed the upcard: the non-dealer must draw from the stock; legal now: draw
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from ginrummy.cards import CARDS, Card, CardSet, format_cards, iter_cards, shuffled_deck
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    IllegalDrawError,
    NotYourTurnError,
    RulesError,
    WrongPhaseError,
)
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.base import DealtHand, LegalActions
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, all_melds, fits_meld
from ginrummy.rules import Aces, KnockCard, Opening, Rules
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points, pickup_result

__all__ = [
    "DeepestCardPendingError",
    "InvalidTablePlayError",
    "PickupEvent",
    "PickupLegalActions",
    "PickupState",
    "PickupView",
    "UnusableDeepestCardError",
    "addable_cards",
    "pickup_legal_actions",
    "placeable",
]


class UnusableDeepestCardError(IllegalDrawError):
    """A take of several cards whose deepest card cannot be laid on the table this turn."""


class DeepestCardPendingError(IllegalActionError):
    """A discard before the deepest card taken is on the table, or a play that would leave
    that card no way onto the table."""


class InvalidTablePlayError(IllegalActionError):
    """A card added to a table meld it does not fit, or to a meld number that is not on the table."""


class PickupEvent(NamedTuple):
    """One public action: ``player``, ``kind`` (``'pass'``, ``'take'``, ``'draw'``, ``'meld'``,
    ``'add'``, ``'discard'``), the ``cards`` shown (taken cards in pile order, the deepest
    first; the meld laid; the card added or discarded; none for a stock draw) and, for a meld
    or an add, the table ``meld`` number (0-based)."""

    player: int
    kind: str
    cards: tuple[Card, ...] = ()
    meld: int | None = None


def _mask(cards: Sequence[int]) -> CardSet:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_RANK_MASKS = tuple(sum(1 << (r + 13 * s) for s in range(4)) for r in range(13))
_SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


def addable_cards(meld: CardSet) -> CardSet:
    """The cards that can be added to the table meld ``meld`` (a ``CardSet``) directly: the 4th
    card of a set of 3, or the card next to either end of a run (ace low).

    >>> from ginrummy.cards import parse_cards, format_cards
    >>> format_cards(addable_cards(parse_cards("7c 7d 7s"))), format_cards(addable_cards(parse_cards("Ah 2h 3h")))
    ('7h', '4h')
    """
    low = (meld & -meld).bit_length() - 1
    ranks = _RANK_MASKS[low % 13]
    if meld & ~ranks == 0:
        return 0 if meld.bit_count() == 4 else ranks & ~meld
    high = meld.bit_length() - 1
    out = 0
    if low % 13:
        out |= 1 << (low - 1)
    if high % 13 != 12:
        out |= 1 << (high + 1)
    return out


def placeable(card: int, hand: CardSet, table: Sequence[Meld]) -> bool:
    """Whether ``card`` (held in ``hand``) can be laid on the table this turn: in a meld of
    cards of ``hand``, or added to a ``table`` meld (a set of 3 of its rank, or a run of its
    suit, possibly after adding the ``hand`` cards between the run and it).

    >>> from ginrummy.cards import parse_cards
    >>> placeable(Card("9h"), parse_cards("8h 9h Kc"), [Meld("5h 6h 7h")])
    True
    >>> placeable(Card("9h"), parse_cards("9h Kc"), [Meld("5h 6h 7h")])
    False
    """
    if fits_meld(card, hand):
        return True
    ranks = _RANK_MASKS[card % 13]
    suit = _SUIT_MASKS[card // 13]
    for m in table:
        mask = m.mask
        if mask & ~ranks == 0:
            if mask.bit_count() == 3:
                return True
            continue
        if mask & ~suit:
            continue
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        if card > high:
            gap = ((1 << card) - 1) & ~((1 << (high + 1)) - 1)
        else:
            gap = ((1 << low) - 1) & ~((1 << (card + 1)) - 1)
        if gap & ~hand == 0:
            return True
    return False


def _take_ok(count: int, hand: CardSet, pile: Sequence[Card], table: Sequence[Meld]) -> bool:
    if count == 1:
        return True
    return placeable(pile[-count], hand | _mask(pile[-count:]), table)


def _keeps_deepest(pending: Card | None, hand: CardSet, table: Sequence[Meld]) -> bool:
    """After a play: the deepest card taken is on the table, or can still get there."""
    return pending is None or not hand >> pending & 1 or placeable(pending, hand, table)


def _discard_ok(card: int, hand: CardSet, taken: CardSet, rules: Rules) -> bool:
    return not taken >> card & 1 or rules.rediscard_taken_card or hand & ~taken == 0


def pickup_legal_actions(
    phase: Phase,
    rules: Rules,
    hand: CardSet,
    pile: Sequence[Card],
    stock_size: int,
    table: Sequence[Meld],
    taken: CardSet,
    pending: Card | None,
    draw_only: bool,
) -> list[PickupAction]:
    """The canonical legal actions from what the player to act knows (used by states and views):
    ``taken`` are the cards taken from the pile this turn, ``pending`` the deepest card of a
    several-card take not yet on the table, ``draw_only`` both players passed the upcard.
    Order: takes and passes, draws, melds, adds, discards."""
    if phase is Phase.END:
        return []
    if phase is Phase.OFFER:
        return [Take(1), Pass()]
    if phase is Phase.DRAW:
        out: list[PickupAction] = [DrawStock()] if stock_size else []
        if not draw_only:
            out.extend(Take(k) for k in range(1, len(pile) + 1) if _take_ok(k, hand, pile, table))
        return out
    result: list[PickupAction] = []
    for m in all_melds(hand):
        if _keeps_deepest(pending, hand & ~m.mask, table):
            result.append(LayMeld(m))
    adds: list[AddCard] = []
    for i, m in enumerate(table):
        for c in iter_cards(addable_cards(m.mask) & hand):
            bit = 1 << c
            if pending is None or _keeps_deepest(
                pending, hand & ~bit, (*table[:i], Meld(m.mask | bit), *table[i + 1 :])
            ):
                adds.append(AddCard(c, i))
    adds.sort(key=lambda a: (a.card, a.meld))
    result.extend(adds)
    if pending is None or not hand >> pending & 1:
        result.extend(Discard(c) for c in iter_cards(hand) if _discard_ok(c, hand, taken, rules))
    return result


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
    table: tuple[Meld, ...]
    table_owners: tuple[int, ...]
    laid: tuple[CardSet, CardSet]
    history: tuple[PickupEvent, ...]
    drawn: Card | None
    taken: CardSet
    must_meld: Card | None
    draw_only: bool
    result: PickupResult | None

    @property
    def upcard(self) -> Card | None:
        """Top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.to_act == self.player and self.phase is not Phase.END

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


PickupLegalActions = LegalActions  # the shared live view (ginrummy.hand.base)


_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.OFFER: (Take, Pass),
    Phase.DRAW: (DrawStock, Take),
    Phase.DISCARD: (LayMeld, AddCard, Discard),
    Phase.END: (),
}
_VERB = {
    "Pass": "pass",
    "Take": "take from the discard pile",
    "DrawStock": "draw",
    "LayMeld": "lay a meld",
    "AddCard": "add to a table meld",
    "Discard": "discard",
}


class PickupState(DealtHand):
    """The full (hidden-information) state of one discard-pile pickup hand, mutable with
    ``push``/``pop``. Players are 0 and 1; hands are ``CardSet`` ints. The deck order is fixed
    at the deal, so a hand replays exactly from its deck and actions. Agents and interfaces
    should receive :meth:`view`, never the state."""

    _UNDO_FIELDS = (
        "_hands",
        "_stock_pos",
        "_discard_pile",
        "_table",
        "_owners",
        "_laid",
        "_phase",
        "_to_act",
        "_passes",
        "_taken",
        "_pending",
        "_drawn",
        "_known",
        "_result",
        "_events",
    )
    _CLONE_FIELDS = ("rules", "dealer", "deck", *_UNDO_FIELDS)

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[int]) -> None:
        """Deal from ``deck`` (52 distinct cards, dealt from index 0) as standard gin: one card
        at a time to the non-dealer first, 10 each; then the upcard; the rest is the stock.
        Raises ``RulesError`` for rules that are not discard-pile pickup (or settings it does
        not support) and ``ValueError`` for a bad deck or dealer."""
        if dealer not in (0, 1):
            raise ValueError(f"dealer must be 0 or 1, got {dealer!r}")
        if (
            len(deck) != 52
            or len(set(deck)) != 52
            or not all(type(c) in (int, Card) and 0 <= c < 52 for c in deck)
        ):
            raise ValueError("deck must hold each of the 52 cards once")
        if not rules.discard_pickup:
            raise RulesError("PickupState plays discard-pile pickup gin: rules need discard_pickup=true")
        if rules.opening is not Opening.UPCARD:
            raise RulesError("discard-pile pickup gin is dealt with the upcard opening")
        if rules.knock_card is not KnockCard.FIXED or rules.aces is not Aces.LOW:
            raise RulesError("discard-pile pickup gin does not combine with Oklahoma or aces high and low")
        if rules.action_on_50th_card:
            raise RulesError("the 50th-card rule (a take only to knock) has no meaning without knocking")
        cards = tuple(CARDS[c] for c in deck)
        self.rules = rules
        self.dealer = dealer
        self.deck = cards
        non_dealer = 1 - dealer
        hands = [0, 0]
        for i in range(20):
            hands[non_dealer if i % 2 == 0 else dealer] |= 1 << cards[i]
        self._hands: tuple[CardSet, CardSet] = (hands[0], hands[1])
        self._stock_pos = 21
        self._discard_pile: tuple[Card, ...] = (cards[20],)
        self._table: tuple[Meld, ...] = ()
        self._owners: tuple[int, ...] = ()
        self._laid: tuple[CardSet, CardSet] = (0, 0)
        self._phase = Phase.OFFER
        self._to_act = non_dealer
        self._passes = 0
        self._taken: CardSet = 0
        self._pending: Card | None = None
        self._drawn: Card | None = None
        self._known: tuple[CardSet, CardSet] = (0, 0)
        self._result: PickupResult | None = None
        self._events: tuple[PickupEvent, ...] = ()
        self._log: list[tuple[int, PickupAction]] = []
        self._stack: list[tuple[Any, ...]] = []

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random | int) -> PickupState:
        """Shuffle a deck with ``rng`` (a ``random.Random`` or a seed) and deal; the deck is
        the one :meth:`ginrummy.hand.state.HandState.deal` would deal from the same ``rng``."""
        if isinstance(rng, bool) or not isinstance(rng, int | random.Random):
            raise TypeError(f"shuffle needs a random.Random or an int seed, got {type(rng).__name__}")
        return cls(rules, dealer, shuffled_deck(rng))

    # -- public read-only properties ------------------------------------------

    @property
    def result(self) -> PickupResult | None:
        """The hand's result once over, else ``None``."""
        return self._result

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table in the order laid (numbered from 0), with the cards added."""
        return self._table

    @property
    def table_owners(self) -> tuple[int, ...]:
        """Who laid each table meld."""
        return self._owners

    @property
    def laid(self) -> tuple[CardSet, CardSet]:
        """The cards each player put on the table (their melds and the cards they added)."""
        return self._laid

    @property
    def known(self) -> tuple[CardSet, CardSet]:
        """For each player, cards they took from the discard pile and still hold (public)."""
        return self._known

    @property
    def must_meld(self) -> Card | None:
        """The deepest card of a several-card take still to be laid on the table this turn."""
        return self._pending

    @property
    def taken(self) -> CardSet:
        """The cards the player to act took from the discard pile this turn."""
        return self._taken

    @property
    def log(self) -> tuple[tuple[int, PickupAction], ...]:
        """Every action so far as ``(player, action)``."""
        return tuple(self._log)

    @property
    def legal_actions(self) -> LegalActions[PickupAction]:
        """A live view of the legal actions of the player to act."""
        return PickupLegalActions(self)

    def events(self) -> tuple[PickupEvent, ...]:
        """The public history: each action as both players saw it."""
        return self._events

    # -- legality --------------------------------------------------------------

    def _enumerate(self) -> list[PickupAction]:
        return pickup_legal_actions(
            self._phase,
            self.rules,
            self._hands[self._to_act],
            self._discard_pile,
            self.stock_size,
            self._table,
            self._taken,
            self._pending,
            self._draw_only,
        )

    @property
    def _draw_only(self) -> bool:
        """Both players passed the upcard: the non-dealer must draw from the stock."""
        return self._passes == 2 and len(self._log) == 2

    def _legal_names(self) -> str:
        """The legal actions in short."""
        acts = self._enumerate()
        if not acts:
            return "nothing (the hand is over)"
        parts = [str(a) for a in acts if isinstance(a, Pass | DrawStock)]
        takes = [a.count for a in acts if isinstance(a, Take)]
        if takes:
            parts.append("take " + ", ".join(str(n) for n in takes))
        melds = [a for a in acts if isinstance(a, LayMeld)]
        if melds:
            parts.append(" ".join(str(a) for a in melds[:6]) + (" ..." if len(melds) > 6 else ""))
        adds = [f"{a.card}:{a.meld + 1}" for a in acts if isinstance(a, AddCard)]
        if adds:
            parts.append("add " + " ".join(adds))
        discards = [str(a.card) for a in acts if isinstance(a, Discard)]
        if discards:
            parts.append("discard " + " ".join(discards))
        return "; ".join(parts)

    def verify(self, action: PickupAction, player: int | None = None) -> None:
        """Raise an :class:`IllegalActionError` subclass if ``action`` is not legal now for the
        player to act (or for ``player`` when given); return ``None`` otherwise. The message
        says what was wrong and ends with the legal actions."""
        try:
            self._check(action, player)
        except IllegalActionError as exc:
            text = str(exc)
            if "legal now:" not in text:
                raise type(exc)(f"{text}; legal now: {self._legal_names()}") from None
            raise

    def can(self, action: PickupAction, player: int | None = None) -> bool:
        """True if :meth:`verify` would accept ``action``."""
        try:
            self._check(action, player)
        except IllegalActionError:
            return False
        return True

    def _check(self, action: PickupAction, player: int | None) -> None:
        phase = self._phase
        if player is not None and player != self._to_act:
            raise NotYourTurnError(
                f"it is player {self._to_act}'s turn, not player {player}'s"
                if phase is not Phase.END
                else "the hand is over"
            )
        kind = type(action).__name__
        if type(action) not in _PHASE_ACTIONS[phase]:
            raise WrongPhaseError(f"cannot {_VERB.get(kind, kind)} in phase {phase.name}")
        hand = self._hands[self._to_act]
        if isinstance(action, Take):
            n = action.count
            pile = self._discard_pile
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise IllegalDrawError(f"take at least one card; got {n!r}")
            if self._draw_only:
                raise IllegalDrawError(
                    "both players passed the upcard: the non-dealer must draw from the stock"
                )
            if n > len(pile):
                raise IllegalDrawError(
                    f"cannot take {n} cards: the discard pile holds {len(pile)}"
                    + (" (only the upcard may be taken on the first turn)" if phase is Phase.OFFER else "")
                )
            if not _take_ok(n, hand, pile, self._table):
                raise UnusableDeepestCardError(
                    f"taking {n} cards, the deepest one, {pile[-n]}, must be laid on the table this "
                    f"turn, and it fits no meld with your cards ({format_cards(hand | _mask(pile[-n:]))}) "
                    "nor any table meld"
                )
            return
        if isinstance(action, DrawStock):
            if self.stock_size == 0:
                raise IllegalDrawError("the stock is empty")
            return
        if isinstance(action, Pass):
            return
        if isinstance(action, LayMeld):
            meld = action.meld
            if not isinstance(meld, Meld):
                raise InvalidTablePlayError(f"not a meld: {meld!r}")
            if meld.mask & ~hand:
                raise CardNotInHandError(
                    f"meld {meld} uses cards not in your hand ({format_cards(meld.mask & ~hand)}); "
                    f"your hand: {format_cards(hand)}"
                )
            self._check_keeps_deepest(hand & ~meld.mask, self._table, f"laying {meld}")
            return
        if isinstance(action, AddCard):
            card, i = action.card, action.meld
            self._check_in_hand(card, hand)
            table = self._table
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(table):
                raise InvalidTablePlayError(
                    f"there is no table meld number {i + 1 if isinstance(i, int) else i!r}; "
                    + (f"the table has melds 1-{len(table)}" if table else "the table has no melds")
                )
            joined = table[i].mask | 1 << card
            if not addable_cards(table[i].mask) >> card & 1:
                raise InvalidTablePlayError(
                    f"{CARDS[card]} does not fit table meld {i + 1} [{table[i]}] (add the 4th card of "
                    "a set, or a card next to either end of a run)"
                )
            new_table = (*table[:i], Meld(joined), *table[i + 1 :])
            self._check_keeps_deepest(hand & ~(1 << card), new_table, f"adding {CARDS[card]}")
            return
        if isinstance(action, Discard):
            card = action.card
            self._check_in_hand(card, hand)
            pending = self._pending
            if pending is not None:
                raise DeepestCardPendingError(
                    f"{pending}, the deepest card you took, must be laid on the table before you discard"
                )
            if not _discard_ok(card, hand, self._taken, self.rules):
                raise IllegalDiscardError(
                    f"{CARDS[card]} was taken from the discard pile this turn and may not be "
                    "discarded this turn while you hold other cards"
                )
            return
        raise WrongPhaseError(f"unknown action {action!r}")  # pragma: no cover

    @staticmethod
    def _check_in_hand(card: int, hand: CardSet) -> None:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise CardNotInHandError(f"not a card: {card!r}")
        if not hand >> card & 1:
            raise CardNotInHandError(f"{CARDS[card]} is not in your hand; your hand: {format_cards(hand)}")

    def _check_keeps_deepest(self, hand: CardSet, table: tuple[Meld, ...], what: str) -> None:
        if not _keeps_deepest(self._pending, hand, table):
            raise DeepestCardPendingError(
                f"{what} would leave {self._pending}, the deepest card you took, no way onto the table; "
                "it must be laid on the table this turn"
            )

    # -- applying and undoing --------------------------------------------------

    def push(self, action: PickupAction, player: int | None = None) -> None:
        """Apply a legal action of the player to act (checked against ``player`` when given).

        Raises an :class:`IllegalActionError` subclass naming the problem and the legal
        actions, and leaves the state unchanged, if the action is not legal.
        """
        self.verify(action, player)
        self._stack.append(self._save_undo(self))
        p = self._to_act
        self._log.append((p, action))
        hands = list(self._hands)
        known = list(self._known)
        laid = list(self._laid)
        event: PickupEvent
        if isinstance(action, Pass):
            event = PickupEvent(p, "pass")
            self._passes += 1
            self._to_act = 1 - p
            if self._passes == 2:
                self._phase = Phase.DRAW
        elif isinstance(action, Take):
            cards = self._discard_pile[-action.count :]
            event = PickupEvent(p, "take", cards)
            self._discard_pile = self._discard_pile[: -action.count]
            taken = _mask(cards)
            hands[p] |= taken
            known[p] |= taken
            self._taken = taken
            self._pending = cards[0] if len(cards) > 1 else None
            self._drawn = None
            self._phase = Phase.DISCARD
        elif isinstance(action, DrawStock):
            event = PickupEvent(p, "draw")
            card = self.deck[self._stock_pos]
            self._stock_pos += 1
            hands[p] |= 1 << card
            self._drawn = card
            self._taken = 0
            self._phase = Phase.DISCARD
        elif isinstance(action, LayMeld):
            m = action.meld
            event = PickupEvent(p, "meld", tuple(m.cards), len(self._table))
            hands[p] &= ~m.mask
            known[p] &= ~m.mask
            laid[p] |= m.mask
            self._table = (*self._table, m)
            self._owners = (*self._owners, p)
            if self._pending is not None and m.mask >> self._pending & 1:
                self._pending = None
        elif isinstance(action, AddCard):
            card, i = CARDS[action.card], action.meld
            event = PickupEvent(p, "add", (card,), i)
            bit = 1 << card
            hands[p] &= ~bit
            known[p] &= ~bit
            laid[p] |= bit
            self._table = (*self._table[:i], Meld(self._table[i].mask | bit), *self._table[i + 1 :])
            if card == self._pending:
                self._pending = None
        else:
            assert isinstance(action, Discard)
            card = CARDS[action.card]
            event = PickupEvent(p, "discard", (card,))
            hands[p] &= ~(1 << card)
            known[p] &= ~(1 << card)
            self._discard_pile = (*self._discard_pile, card)
            self._taken = 0
            self._drawn = None
            if hands[p] and self.stock_size > self.rules.stock_left_dead:
                self._to_act = 1 - p
                self._phase = Phase.DRAW
        self._events = (*self._events, event)
        self._hands = (hands[0], hands[1])
        self._known = (known[0], known[1])
        self._laid = (laid[0], laid[1])
        if self._phase is Phase.DISCARD and not hands[p]:
            self._end_gin(p)
        elif self._phase is Phase.DISCARD and isinstance(action, Discard):
            self._end_dead()

    def pop(self) -> PickupAction:
        """Undo the last action and return it. Raises ``IndexError`` if none was made."""
        action: PickupAction = self._undo()
        return action

    def clone(self) -> PickupState:
        """An independent copy (the log and undo stack are copied; values are immutable)."""
        other: PickupState = self._copy()
        return other

    # -- endings ---------------------------------------------------------------

    def _end_gin(self, player: int) -> None:
        self._phase = Phase.END
        self._to_act = player
        self._taken = 0
        self._drawn = None
        self._result = pickup_result(self.rules, player, self._laid, self._hands, self._table)

    def _end_dead(self) -> None:
        self._phase = Phase.END
        self._result = PickupResult(
            Outcome.DEAD,
            None,
            0,
            table_points=(pickup_points(self._laid[0]), pickup_points(self._laid[1])),
            table_melds=self._table,
            laid=self._laid,
        )  # the cards left in the hands of a dead hand are not shown

    # -- views -----------------------------------------------------------------

    def view(self, player: int) -> PickupView:
        """What ``player`` (0 or 1) may see now: a :class:`PickupView`. Raises ``ValueError``
        for another player number."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        mine = self._to_act == player and self._phase is not Phase.END
        return PickupView(
            player=player,
            rules=self.rules,
            dealer=self.dealer,
            phase=self._phase,
            to_act=self._to_act,
            hand=self._hands[player],
            discard_pile=self._discard_pile,
            stock_size=52 - self._stock_pos,
            opponent_hand_size=self._hands[1 - player].bit_count(),
            opponent_known=self._known[1 - player],
            table=self._table,
            table_owners=self._owners,
            laid=self._laid,
            history=self._events,
            drawn=self._drawn if mine else None,
            taken=self._taken if mine else 0,
            must_meld=self._pending if mine else None,
            draw_only=self._draw_only,
            result=self._result,
        )

    def __repr__(self) -> str:
        return (
            f"<PickupState phase={self._phase.name} to_act={self._to_act} stock={self.stock_size} "
            f"pile={format_cards(self._discard_pile)} table={' | '.join(str(m) for m in self._table)} "
            f"hands=({format_cards(self._hands[0])} / {format_cards(self._hands[1])})>"
        )
