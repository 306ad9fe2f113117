"""One hand (deal) of Gin Rummy as a state machine (RULES.md sections 1-3).

Phases, in order: ``OFFER`` (the upcard offered to the non-dealer, then the
dealer), ``DRAW``, ``DISCARD`` (discard, knock, gin or big gin), ``LAST_CHANCE``
(the 50th-card rule, when in force), ``LAYOFF`` (the defender's melds and
layoffs after a knock), ``END``. Legality lives in one place: :meth:`HandState.verify`
raises a specific :class:`~ginrummy.errors.IllegalActionError` and changes
nothing; :meth:`HandState.can` and :meth:`HandState.push` build on it.

>>> state = HandState.deal(Rules(), dealer=1, rng=7)
>>> state.phase, state.to_act, state.stock_size, state.upcard
(Phase.OFFER, 0, 31, Card('9d'))
>>> state.push(Pass()); state.push(Pass()); state.phase, state.to_act, list(state.legal_actions)
(Phase.DRAW, 0, [DrawStock()])
>>> state.push(Discard(Card("Ah")))
Traceback (most recent call last):
...
ginrummy.errors.WrongPhaseError: cannot discard in phase DRAW; legal now: draw
>>> state.pop()
Pass()
>>> state.phase, state.to_act
(Phase.OFFER, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, SupportsIndex, cast

from ginrummy.cards import CARDS, Card, CardSet, deadwood_points, format_cards
from ginrummy.checks import check_int
from ginrummy.errors import (
    ArgumentError,
    CardNotInHandError,
    IllegalDiscardError,
    IllegalDrawError,
    InvalidLayoffError,
    InvalidMeldError,
    KnockNotAllowedError,
    MalformedActionError,
    RulesError,
)
from ginrummy.hand.base import SHARED_FIELDS, BaseHandState, LegalActions, shuffle_for
from ginrummy.hand.phase import Event, Phase
from ginrummy.hand.results import HandResult, Outcome, hand_points
from ginrummy.layoff import LayoffPlan, best_layoff, check_layoffs
from ginrummy.melds import Arrangement, Meld, MeldRules, arrangements, is_meld, least_deadwood, meld_rules
from ginrummy.rules import KnockCard, Rules
from ginrummy.variants.standard.actions import (
    TAKE_DISCARD,
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.legality import legal_actions_of
from ginrummy.variants.standard.view import PlayerView

__all__ = ["Event", "HandState", "LegalActions", "Phase", "knock_value", "legal_actions_of", "shuffle_for"]


class HandState(BaseHandState[Action, PlayerView]):
    """The full (hidden-information) state of one hand of the standard game (knock-and-draw,
    with its settings: Oklahoma, straight gin, Hollywood's aces, the 50th-card rule), mutable
    with ``push``/``pop``; the shared machine is :class:`~ginrummy.hand.base.BaseHandState`.

    Players are 0 and 1. Hands are ``CardSet`` ints. The deck order is fixed at the
    deal, so a hand replays exactly from its deck (or seed) and actions. Agents and
    interfaces should receive :meth:`view`, never the state.
    """

    _UNDO_FIELDS = (*SHARED_FIELDS, "_taken", "_knock")
    _CLONE_FIELDS = (
        "rules",
        "_mr",
        "dealer",
        "deck",
        "knock_card",
        "knock_limit",
        "multiplier",
        *_UNDO_FIELDS,
    )
    _PHASE_ACTIONS: ClassVar[dict[Phase, tuple[type, ...]]] = {
        Phase.OFFER: (TakeDiscard, Pass),
        Phase.DRAW: (DrawStock, TakeDiscard),
        Phase.DISCARD: (Discard, Knock, BigGin),
        Phase.LAST_CHANCE: (TakeDiscard, Pass),
        Phase.LAYOFF: (LayOff,),
        Phase.END: (),
    }
    _VERB: ClassVar[dict[str, str]] = {
        "Pass": "pass",
        "TakeDiscard": "take the discard",
        "DrawStock": "draw",
        "Discard": "discard",
        "Knock": "knock",
        "BigGin": "go big gin",
        "LayOff": "lay off",
    }

    def __init__(
        self,
        rules: Rules,
        dealer: SupportsIndex,
        deck: Sequence[int],
        knock_card: SupportsIndex | None = None,
    ) -> None:
        """Deal from ``deck`` (52 distinct cards, dealt from index 0): one card at a time to
        the non-dealer first (002), 10 each; then the upcard; the rest is the stock, drawn
        in deck order. ``knock_card`` is the second deck's card that sets the knock limit
        (Oklahoma, ``knock_card=second-deck`` rules only). Raises
        :class:`~ginrummy.errors.ArgumentError` for a dealer that is not 0 or 1, a deck that is
        not 52 distinct cards or a missing or unexpected ``knock_card``
        (:class:`~ginrummy.errors.ArgumentTypeError` for arguments of another kind), and
        :class:`~ginrummy.errors.RulesError` for discard-pile pickup rules."""
        super().__init__(rules, dealer, deck)
        if (knock_card is not None) != (rules.knock_card is KnockCard.SECOND_DECK):
            raise ArgumentError("a knock_card is given exactly when the rules take it from a second deck")
        if knock_card is not None:
            knock_card = check_int("knock_card", knock_card, 0, 51, "a card (an int 0-51)")
        self._mr: MeldRules = meld_rules(rules)
        self.knock_card: Card | None = CARDS[knock_card] if knock_card is not None else None
        """The card that sets this hand's knock limit (Oklahoma), else ``None``. Public."""
        if rules.knock_card is KnockCard.UPCARD:
            self.knock_card = self.deck[20]
        self.knock_limit = (
            rules.knock_limit
            if self.knock_card is None
            else knock_value(self.knock_card, rules.ace_points, rules.ace_means_gin)
        )
        """The knock limit in force for this hand (points): the setting, or the knock card's value."""
        self.multiplier = (
            2 if rules.spade_doubles and self.knock_card is not None and self.knock_card // 13 == 3 else 1
        )
        """Every point of this hand is multiplied by this (2 for a spade knock card in Oklahoma)."""
        self._taken = None  # Card | None; typed once, in BaseHandState (mypyc: a field has one type)
        self._knock: tuple[int, Card | None, tuple[Meld, ...], CardSet] | None = None

    def _check_rules(self, rules: Rules) -> None:
        if rules.variant != "standard":
            raise RulesError(
                f"the {rules.variant} variant is played by ginrummy.variants.{rules.variant}, not HandState"
            )

    @classmethod
    def _dealt(cls, rules: Rules, dealer: int, deck: list[Card], second: Card | None) -> HandState:
        return cls(rules, dealer, deck, second)

    # -- public read-only properties ------------------------------------------

    @property
    def meld_rules(self) -> MeldRules:
        """How aces work in melds and deadwood under :attr:`rules` (Hollywood: runs round
        the corner, ace 15); pass it as ``mr=`` to :mod:`ginrummy.melds` and :mod:`ginrummy.layoff`."""
        return self._mr

    @property
    def knocker_melds(self) -> tuple[Meld, ...]:
        """The melds the knocker laid down (empty before a knock)."""
        return self._knock[2] if self._knock else ()

    @property
    def knocker(self) -> int | None:
        return self._knock[0] if self._knock else None

    def events(self) -> tuple[Event, ...]:
        """The public history: each action as both players saw it (a knock's discard is face down)."""
        return self._events

    # -- legality --------------------------------------------------------------

    def _legal_names(self) -> str:
        """The legal actions in short: discards and knocks grouped by card."""
        acts = self._enumerate()
        if not acts:
            return "nothing (the hand is over)"
        discards = [str(a.card) for a in acts if isinstance(a, Discard)]
        knocks = sorted({a.card for a in acts if isinstance(a, Knock)})
        parts = [str(a) for a in acts if isinstance(a, Pass | TakeDiscard | DrawStock | LayOff)]
        if discards:
            parts.append("discard " + " ".join(discards))
        if knocks:
            parts.append("knock " + " ".join(str(c) for c in knocks))
        if any(isinstance(a, BigGin) for a in acts):
            parts.append("big-gin")
        return "; ".join(parts)

    def _variant_snapshot(self) -> tuple[Any, ...]:
        return (self._taken, self._knock)

    def _check_variant(self, action: Action, hand: CardSet) -> Action:
        """Check a take, discard, knock, big gin or layoff; return it with the engine's choices
        filled in (melds, layoff plan)."""
        phase = self._phase
        if isinstance(action, TakeDiscard):
            if not self._discard_pile:
                raise IllegalDrawError("the discard pile is empty")
            if phase is Phase.DRAW and self._draw_only:
                raise IllegalDrawError(
                    "both players passed the upcard: the non-dealer must draw from the stock"
                )
            if phase is Phase.LAST_CHANCE and not self._can_knock_with(
                hand | (1 << self._discard_pile[-1]), self._discard_pile[-1]
            ):
                raise KnockNotAllowedError(
                    "the last discard may be taken only to knock or go gin, and it does not make a knock"
                )
            return action
        if isinstance(action, Discard):
            if self._must_knock:
                raise IllegalDiscardError("after taking the last discard you must knock or go gin")
            self._check_discard(action.card, hand)
            return action if type(action.card) is Card else Discard(CARDS[action.card])
        if isinstance(action, Knock):
            _check_meld_list(action.melds, "knock")
            self._check_discard(action.card, hand)
            rest = hand & ~(1 << action.card)
            melds = self._check_melds(action.melds, rest)
            count = _deadwood_after(rest, melds, self._mr.ace_points)
            if count > self.knock_limit:
                raise KnockNotAllowedError(
                    f"cannot knock with {count} points of deadwood; the knock limit is {self.knock_limit}"
                )
            return Knock(Card(action.card), melds)
        if isinstance(action, BigGin):
            _check_meld_list(action.melds, "big gin")
            if not self.rules.big_gin:
                raise KnockNotAllowedError("big gin is not allowed under these rules")
            if hand.bit_count() != 11:
                raise KnockNotAllowedError("big gin needs 11 cards after the draw")
            melds = self._check_melds(action.melds, hand)
            if _deadwood_cards(hand, melds):
                raise KnockNotAllowedError("big gin needs all 11 cards in melds")
            return BigGin(melds)
        assert isinstance(action, LayOff) and self._knock is not None
        _check_meld_list(action.melds, "layoff")
        _check_layoff_list(action.layoffs)
        knocker_melds = self._knock[2]
        if action.melds is None and action.layoffs is None:
            plan = best_layoff(knocker_melds, hand, mr=self._mr)
        else:
            try:
                plan = check_layoffs(
                    knocker_melds, hand, action.melds or (), action.layoffs or (), mr=self._mr
                )
            except InvalidMeldError as exc:
                raise InvalidLayoffError(str(exc)) from None
        return LayOff(plan.melds, plan.layoffs)

    @property
    def _must_knock(self) -> bool:
        return (
            bool(self._log)
            and self._phase is Phase.DISCARD
            and self._taken is not None
            and (self.stock_size <= self.rules.stock_left_dead)
        )

    def _check_discard(self, card: int, hand: CardSet) -> None:
        self._check_in_hand(card, hand)
        if card == self._taken and not self.rules.rediscard_taken_card:
            raise IllegalDiscardError(
                f"{CARDS[card]} was just taken from the discard pile and may not be discarded this turn"
            )

    def _check_melds(self, melds: tuple[Meld, ...] | None, cards: CardSet) -> tuple[Meld, ...]:
        if melds is None:
            options = arrangements(cards, mr=self._mr)
            return options[0].melds
        used = 0
        for m in melds:
            if not isinstance(m, Meld):
                raise KnockNotAllowedError(f"not a meld: {m!r}")
            if not is_meld(m.mask, mr=self._mr):
                raise KnockNotAllowedError(
                    f"{m} is not a meld under these rules (runs do not turn the corner)"
                )
            if m.mask & ~cards:
                raise CardNotInHandError(
                    f"meld {m} uses cards you would not hold: {format_cards(m.mask & ~cards)}"
                )
            if m.mask & used:
                raise KnockNotAllowedError(f"meld {m} overlaps another meld")
            used |= m.mask
        return tuple(melds)

    def _can_knock_with(self, hand11: CardSet, taken: Card | None) -> bool:
        """Whether some discard from these 11 cards leaves a knock (or big gin is allowed)."""
        for c in CARDS:
            if (
                hand11 >> c & 1
                and (c != taken or self.rules.rediscard_taken_card)
                and least_deadwood(hand11 & ~(1 << c), mr=self._mr) <= self.knock_limit
            ):
                return True
        return self.rules.big_gin and least_deadwood(hand11, mr=self._mr) == 0

    # -- enumeration -----------------------------------------------------------

    def _enumerate(self) -> list[Action]:
        last_chance_take = self._phase is Phase.LAST_CHANCE and self.can(TakeDiscard())
        return legal_actions_of(
            self._phase,
            self.rules,
            self.knock_limit,
            self._hands[self._to_act],
            self._taken,
            self.stock_size,
            bool(self._discard_pile) and not self._draw_only,
            self._must_knock or last_chance_take,
            self._knock[2] if self._knock else (),
        )

    # -- applying --------------------------------------------------------------

    def _apply(self, p: int, action: Action) -> None:
        self._events = self._events + (self._event(p, action),)  # noqa: RUF005 (compiled: no list)
        hands = list(self._hands)
        known = list(self._known)
        self._drawn = None
        # The commonest first; the classes are unrelated, and push lets only exact ones through.
        if isinstance(action, DrawStock):
            self._draw_stock(p, hands)
        elif isinstance(action, Discard):
            self._discard(p, action.card, hands, known)
            self._to_act = 1 - p
            if self.stock_size <= self.rules.stock_left_dead:
                if self.rules.action_on_50th_card:
                    self._phase = Phase.LAST_CHANCE
                else:
                    self._hands = (hands[0], hands[1])
                    self._known = (known[0], known[1])
                    self._to_act = p
                    self._end_dead()
                    return
            else:
                self._phase = Phase.DRAW
        elif isinstance(action, Pass):
            if self._phase is Phase.LAST_CHANCE:
                self._end_dead()
            else:
                self._pass_upcard(p)
        elif isinstance(action, TakeDiscard):
            card = self._discard_pile[-1]
            self._discard_pile = self._discard_pile[:-1]
            hands[p] |= 1 << card
            known[p] |= 1 << card
            self._taken = card
            self._phase = Phase.DISCARD
        elif isinstance(action, Knock):
            assert action.melds is not None
            hands[p] &= ~(1 << action.card)
            known[p] &= ~(1 << action.card)
            self._taken = None
            dw = _deadwood_cards(hands[p], action.melds)
            self._knock = (p, action.card, action.melds, dw)
            self._hands = (hands[0], hands[1])
            self._known = (known[0], known[1])
            if dw == 0:
                self._end_gin(big=False)
            else:
                self._phase = Phase.LAYOFF
                self._to_act = 1 - p
            return
        elif isinstance(action, BigGin):
            assert action.melds is not None
            self._knock = (p, None, action.melds, 0)
            self._taken = None
            self._end_gin(big=True)
            return
        elif isinstance(action, LayOff):
            self._end_knock(
                LayoffPlan(
                    action.melds or (),
                    action.layoffs or (),
                    _plan_deadwood(hands[p], action),
                    self._mr.ace_points,
                )
            )
            return
        self._hands = (hands[0], hands[1])
        self._known = (known[0], known[1])

    # -- endings ---------------------------------------------------------------

    def _dead_result(self) -> HandResult:
        return HandResult(Outcome.DEAD, None, 0)  # hands of a dead hand are not shown

    def _end_gin(self, big: bool) -> None:
        assert self._knock is not None
        knocker, _, melds, _ = self._knock
        defender = 1 - knocker
        arr: Arrangement = arrangements(self._hands[defender], mr=self._mr)[0]
        outcome, points = hand_points(
            self.rules, knocker_count=0, defender_count=arr.points, gin=True, big_gin=big
        )
        points *= self.multiplier
        self._phase = Phase.END
        self._to_act = knocker
        self._result = HandResult._made(
            outcome,
            knocker,
            points,
            knocker=knocker,
            knocker_count=0,
            defender_count=arr.points,
            knocker_melds=melds,
            knocker_deadwood=0,
            defense=LayoffPlan(arr.melds, (), arr.deadwood, arr.ace_points),
            hands=self._hands,
            multiplier=self.multiplier,
        )

    def _end_knock(self, plan: LayoffPlan) -> None:
        assert self._knock is not None
        knocker, _, melds, dw = self._knock
        kc = deadwood_points(dw, self._mr.ace_points)
        outcome, points = hand_points(
            self.rules, knocker_count=kc, defender_count=plan.points, gin=False, big_gin=False
        )
        points *= self.multiplier
        winner = {Outcome.KNOCK: knocker, Outcome.UNDERCUT: 1 - knocker}.get(outcome)
        self._phase = Phase.END
        self._result = HandResult._made(
            outcome,
            winner,
            points,
            knocker=knocker,
            knocker_count=kc,
            defender_count=plan.points,
            knocker_melds=melds,
            knocker_deadwood=dw,
            defense=plan,
            hands=self._hands,
            multiplier=self.multiplier,
        )

    # -- views -----------------------------------------------------------------

    def _event(self, player: int, action: Action) -> Event:
        # tuple.__new__ with every field: a NamedTuple's own __new__ is Python code, even compiled
        kind = _EVENT_KIND[type(action)]
        if kind == "discard":
            return _NEW(_EVENT, (player, kind, cast(Discard, action).card))
        if kind == "take":
            return _NEW(_EVENT, (player, kind, self._discard_pile[-1]))
        return _NEW(_EVENT, (player, kind, None))

    def _view(self, mine: bool, shared: tuple[Any, ...]) -> PlayerView:
        phase = self._phase
        knock = self._knock
        laid_down = knock is not None and phase in (Phase.LAYOFF, Phase.END)
        # every field, in order (tests/test_view.py): tuple.__new__ runs no Python code, _make does;
        # ``shared + (...)``, not ``(*shared, ...)``, which compiled builds a list and copies it
        return _NEW(
            _PLAYER_VIEW,
            shared  # noqa: RUF005 (compiled, unpacking builds a list and copies it)
            + (
                self._taken if mine else None,  # taken
                self.knock_limit,
                mine and bool(self._discard_pile) and not self._draw_only,  # may_take
                mine and (self._must_knock or (phase is Phase.LAST_CHANCE and self.can(TAKE_DISCARD))),
                knock[0] if laid_down and knock else None,  # knocker
                knock[2] if laid_down and knock else (),  # knocker_melds
                knock[3] if laid_down and knock else 0,  # knocker_deadwood
                self.knock_card,
                self.multiplier,
            ),
        )

    def __repr__(self) -> str:
        return (
            f"<HandState phase={self._phase.name} to_act={self._to_act} "
            f"stock={self.stock_size} upcard={self.upcard} hands=({format_cards(self._hands[0])} / "
            f"{format_cards(self._hands[1])})>"
        )


def knock_value(card: int, ace_points: int = 1, ace_means_gin: bool = False) -> int:
    """Oklahoma: the knock limit (points) a card sets: its points, face cards 10 (001, 002); an
    ace its points, ``ace_points`` (1, or 15 in Hollywood with aces high and low, 002), or gin
    only (0) with ``ace_means_gin`` (ext Bicycle).

    >>> knock_value(Card("Kh")), knock_value(Card("4s")), knock_value(Card("Ad"))
    (10, 4, 1)
    >>> knock_value(Card("Ad"), ace_points=15), knock_value(Card("Ad"), ace_means_gin=True)
    (15, 0)
    """
    rank = card % 13
    if rank == 0:
        return 0 if ace_means_gin else ace_points
    return min(rank + 1, 10)


def _check_meld_list(melds: object, what: str) -> None:
    """Raise :class:`MalformedActionError` unless ``melds`` is ``None`` or a tuple (or list) of ``Meld``."""
    if melds is not None and (
        not isinstance(melds, tuple | list) or not all(isinstance(m, Meld) for m in melds)
    ):
        raise MalformedActionError(f"{what}: melds must be a tuple of Meld (or None), got {melds!r}")


def _check_layoff_list(layoffs: object) -> None:
    """Raise :class:`MalformedActionError` unless ``layoffs`` is ``None`` or a tuple (or list) of
    ``(card, meld number)`` pairs of ints (the card 0-51, not a bool)."""
    if layoffs is None:
        return
    ok = isinstance(layoffs, tuple | list) and all(
        isinstance(pair, tuple | list)
        and len(pair) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        and 0 <= pair[0] < 52
        for pair in layoffs
    )
    if not ok:
        raise MalformedActionError(
            f"layoff: layoffs must be a tuple of (card, meld number) pairs (or None), got {layoffs!r}"
        )


def _deadwood_cards(cards: CardSet, melds: Sequence[Meld]) -> CardSet:
    for m in melds:
        cards &= ~m.mask
    return cards


def _deadwood_after(cards: CardSet, melds: Sequence[Meld], ace_points: int) -> int:
    return deadwood_points(_deadwood_cards(cards, melds), ace_points)


def _plan_deadwood(hand: CardSet, action: LayOff) -> CardSet:
    for m in action.melds or ():
        hand &= ~m.mask
    for c, _ in action.layoffs or ():
        hand &= ~(1 << c)
    return hand


# Compiled, a module's own Final names are C statics, where a name imported from an interpreted
# module (the actions, and the NamedTuples of events and views) is looked up in the module's dict
# at each use: the hot paths read these.
_NEW: Final = tuple.__new__
_EVENT: Final = Event
_PLAYER_VIEW: Final = PlayerView
_EVENT_KIND: Final[dict[type, str]] = {
    Discard: "discard",
    TakeDiscard: "take",
    Knock: "knock",
    Pass: "pass",
    DrawStock: "draw",
    BigGin: "big-gin",
    LayOff: "layoff",
}
