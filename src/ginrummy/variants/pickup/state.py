"""Discard-pile pickup gin (002) as a state machine: :class:`PickupState`.

The rules (002: "Similar to straight gin, knocking is not allowed. However,
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

The state follows the conventions of :class:`ginrummy.variants.standard.state.HandState`: phases ``OFFER``,
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

from collections.abc import Sequence
from typing import Any, ClassVar, SupportsIndex

from ginrummy.cards import CARDS, Card, CardSet, format_cards
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    IllegalDrawError,
    RulesError,
)
from ginrummy.hand.actions import Discard, DrawStock, Pass, field_value
from ginrummy.hand.base import SHARED_FIELDS, BaseHandState
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.melds import Meld, is_meld
from ginrummy.melds.meld import make_meld
from ginrummy.rules import Aces, KnockCard, Opening, Rules
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take
from ginrummy.variants.pickup.legality import (
    addable_cards,
    card_mask,
    discard_allowed,
    keeps_deepest,
    pickup_legal_actions,
    take_allowed,
)
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points, pickup_result
from ginrummy.variants.pickup.view import PickupEvent, PickupView

__all__ = [
    "DeepestCardPendingError",
    "InvalidTablePlayError",
    "PickupState",
    "UnusableDeepestCardError",
]


class UnusableDeepestCardError(IllegalDrawError):
    """A take of several cards whose deepest card cannot be laid on the table this turn."""


class DeepestCardPendingError(IllegalActionError):
    """A discard before the deepest card taken is on the table, or a play that would leave
    that card no way onto the table."""


class InvalidTablePlayError(IllegalActionError):
    """A card added to a table meld it does not fit, or to a meld number that is not on the table."""


class PickupState(BaseHandState[PickupAction, PickupView]):
    """The full (hidden-information) state of one discard-pile pickup hand, mutable with
    ``push``/``pop``; the shared machine is :class:`~ginrummy.hand.base.BaseHandState`. Players
    are 0 and 1; hands are ``CardSet`` ints. The deck order is fixed at the deal, so a hand
    replays exactly from its deck and actions. Agents and interfaces should receive
    :meth:`view`, never the state."""

    _UNDO_FIELDS = (*SHARED_FIELDS, "_table", "_owners", "_laid", "_taken", "_pending")
    _CLONE_FIELDS = ("rules", "dealer", "deck", *_UNDO_FIELDS)
    _PHASE_ACTIONS: ClassVar[dict[Phase, tuple[type, ...]]] = {
        Phase.OFFER: (Take, Pass),
        Phase.DRAW: (DrawStock, Take),
        Phase.DISCARD: (LayMeld, AddCard, Discard),
        Phase.END: (),
    }
    _VERB: ClassVar[dict[str, str]] = {
        "Pass": "pass",
        "Take": "take from the discard pile",
        "DrawStock": "draw",
        "LayMeld": "lay a meld",
        "AddCard": "add to a table meld",
        "Discard": "discard",
    }
    _NOTHING_TAKEN = 0

    def __init__(self, rules: Rules, dealer: SupportsIndex, deck: Sequence[int]) -> None:
        """Deal from ``deck`` (52 distinct cards, dealt from index 0) as standard gin: one card
        at a time to the non-dealer first, 10 each; then the upcard; the rest is the stock.
        Raises ``RulesError`` for rules that are not discard-pile pickup (or settings it does
        not support) and :class:`~ginrummy.errors.ArgumentError` for a bad deck or dealer
        (:class:`~ginrummy.errors.ArgumentTypeError` for arguments of another kind)."""
        super().__init__(rules, dealer, deck)
        self._table: tuple[Meld, ...] = ()
        self._owners: tuple[int, ...] = ()
        self._laid: tuple[CardSet, CardSet] = (0, 0)
        self._taken = 0  # a CardSet; typed once, in BaseHandState (mypyc: a field has one type)
        self._pending: Card | None = None

    def _check_rules(self, rules: Rules) -> None:
        if not rules.discard_pickup:
            raise RulesError("PickupState plays discard-pile pickup gin: rules need discard_pickup=true")
        if rules.opening is not Opening.UPCARD:
            raise RulesError("discard-pile pickup gin is dealt with the upcard opening")
        if rules.knock_card is not KnockCard.FIXED or rules.aces is not Aces.LOW:
            raise RulesError("discard-pile pickup gin does not combine with Oklahoma or aces high and low")
        if rules.action_on_50th_card:
            raise RulesError("the 50th-card rule (a take only to knock) has no meaning without knocking")

    # -- public read-only properties ------------------------------------------

    @property
    def result(self) -> PickupResult | None:
        """The hand's result once over, else ``None``."""
        result = self._result
        assert result is None or isinstance(result, PickupResult)
        return result

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
    def must_meld(self) -> Card | None:
        """The deepest card of a several-card take still to be laid on the table this turn."""
        return self._pending

    @property
    def taken(self) -> CardSet:
        """The cards the player to act took from the discard pile this turn."""
        taken: CardSet = self._taken
        return taken

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

    def _variant_snapshot(self) -> tuple[Any, ...]:
        return (self._table, self._owners, self._laid, self._taken, self._pending)

    def _check_variant(self, action: PickupAction, hand: CardSet) -> PickupAction:
        """Check a take, a meld laid, a card added or a discard by the player to act; return it
        as it is logged (a card given as a plain ``int`` becomes its :class:`Card`, a count or a
        meld number an ``int``, so the log writes and reads back in the notation). A meld is
        checked ace low whatever rules it was built under (002: runs do not turn the corner)."""
        if isinstance(action, Take):
            n = field_value(action, "count")  # as given: a bool is not a count
            plain = type(n) is int  # asked before the checks (compiled, they make n a plain int)
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
                    + (
                        " (only the upcard may be taken on the first turn)"
                        if self._phase is Phase.OFFER
                        else ""
                    )
                )
            if not take_allowed(n, hand, pile, self._table):
                raise UnusableDeepestCardError(
                    f"taking {n} cards, the deepest one, {pile[-n]}, must be laid on the table this "
                    f"turn, and it fits no meld with your cards ({format_cards(hand | card_mask(pile[-n:]))}) "
                    "nor any table meld"
                )
            return action if plain else Take(int(n))
        if isinstance(action, LayMeld):
            meld = action.meld
            if not isinstance(meld, Meld):
                raise InvalidTablePlayError(f"not a meld: {meld!r}")
            if not is_meld(meld.mask):
                raise InvalidTablePlayError(
                    f"{meld} is not a meld here: runs are ace low (Q-K-A and K-A-2 are not runs in "
                    "discard-pile pickup gin)"
                )
            if meld.mask & ~hand:
                raise CardNotInHandError(
                    f"meld {meld} uses cards not in your hand ({format_cards(meld.mask & ~hand)}); "
                    f"your hand: {format_cards(hand)}"
                )
            self._check_keeps_deepest(hand & ~meld.mask, (*self._table, meld), f"laying {meld}")
            return action
        if isinstance(action, AddCard):
            card, i = action.card, field_value(action, "meld")  # as given: a bool is not a number
            plain = type(card) is Card and type(i) is int  # before the checks, as for a take
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
            new_table = (*table[:i], make_meld(joined), *table[i + 1 :])
            self._check_keeps_deepest(hand & ~(1 << card), new_table, f"adding {CARDS[card]}")
            return action if plain else AddCard(CARDS[card], int(i))
        assert isinstance(action, Discard)
        card = action.card
        self._check_in_hand(card, hand)
        pending = self._pending
        if pending is not None:
            raise DeepestCardPendingError(
                f"{pending}, the deepest card you took, must be laid on the table before you discard"
            )
        if not discard_allowed(card, hand, self._taken, self.rules):
            raise IllegalDiscardError(
                f"{CARDS[card]} was taken from the discard pile this turn and may not be "
                "discarded this turn while you hold other cards"
            )
        return action if type(card) is Card else Discard(CARDS[card])

    def _check_keeps_deepest(self, hand: CardSet, table: tuple[Meld, ...], what: str) -> None:
        if not keeps_deepest(self._pending, hand, table):
            raise DeepestCardPendingError(
                f"{what} would leave {self._pending}, the deepest card you took, no way onto the table; "
                "it must be laid on the table this turn"
            )

    # -- applying --------------------------------------------------------------

    def _apply(self, p: int, action: PickupAction) -> None:
        hands = list(self._hands)
        known = list(self._known)
        laid = list(self._laid)
        event: PickupEvent
        if isinstance(action, Pass):
            event = PickupEvent(p, "pass")
            self._pass_upcard(p)
        elif isinstance(action, Take):
            cards = self._discard_pile[-action.count :]
            event = PickupEvent(p, "take", cards)
            self._discard_pile = self._discard_pile[: -action.count]
            taken = card_mask(cards)
            hands[p] |= taken
            known[p] |= taken
            self._taken = taken
            self._pending = cards[0] if len(cards) > 1 else None
            self._drawn = None
            self._phase = Phase.DISCARD
        elif isinstance(action, DrawStock):
            event = PickupEvent(p, "draw")
            self._draw_stock(p, hands)
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
            card = CARDS[action.card]
            event = PickupEvent(p, "discard", (card,))
            self._discard(p, card, hands, known)
            self._drawn = None
            if hands[p] and self.stock_size > self.rules.stock_left_dead:
                self._to_act = 1 - p
                self._phase = Phase.DRAW
        self._events = self._events + (event,)  # noqa: RUF005 (compiled: no list)
        self._hands = (hands[0], hands[1])
        self._known = (known[0], known[1])
        self._laid = (laid[0], laid[1])
        if self._phase is Phase.DISCARD and not hands[p]:
            self._end_gin(p)
        elif self._phase is Phase.DISCARD and isinstance(action, Discard):
            self._end_dead()

    # -- endings ---------------------------------------------------------------

    def _end_gin(self, player: int) -> None:
        self._phase = Phase.END
        self._to_act = player
        self._taken = 0
        self._drawn = None
        self._result = pickup_result(self.rules, player, self._laid, self._hands, self._table)

    def _dead_result(self) -> HandResult:
        return PickupResult(
            Outcome.DEAD,
            None,
            0,
            table_points=(pickup_points(self._laid[0]), pickup_points(self._laid[1])),
            table_melds=self._table,
            laid=self._laid,
        )  # the cards left in the hands of a dead hand are not shown

    # -- views -----------------------------------------------------------------

    def _view(self, mine: bool, shared: tuple[Any, ...]) -> PickupView:
        return tuple.__new__(  # every field, in order: as the standard game's view (shared + ...)
            PickupView,
            shared  # noqa: RUF005 (compiled, unpacking builds a list and copies it)
            + (
                self._table,
                self._owners,
                self._laid,
                self._taken if mine else 0,  # taken
                self._pending if mine else None,  # must_meld
                self._draw_only,
            ),
        )

    def __repr__(self) -> str:
        return (
            f"<PickupState phase={self._phase.name} to_act={self._to_act} stock={self.stock_size} "
            f"pile={format_cards(self._discard_pile)} table={' | '.join(str(m) for m in self._table)} "
            f"hands=({format_cards(self._hands[0])} / {format_cards(self._hands[1])})>"
        )
