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

import random
from collections.abc import Sequence
from typing import Any

from ginrummy.cards import CARDS, Card, CardSet, deadwood_points, format_cards, shuffled_deck
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    IllegalDrawError,
    InvalidLayoffError,
    InvalidMeldError,
    KnockNotAllowedError,
    NotYourTurnError,
    RulesError,
    WrongPhaseError,
)
from ginrummy.hand.actions import Action, BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.hand.base import DealtHand, LegalActions
from ginrummy.hand.legality import legal_actions_of
from ginrummy.hand.phase import Event, Phase
from ginrummy.hand.results import HandResult, Outcome, hand_points
from ginrummy.hand.view import PlayerView
from ginrummy.layoff import LayoffPlan, best_layoff, check_layoffs
from ginrummy.melds import Arrangement, Meld, MeldRules, arrangements, is_meld, least_deadwood, meld_rules
from ginrummy.rules import KnockCard, Opening, Rules

__all__ = ["Event", "HandState", "LegalActions", "Phase", "knock_value", "legal_actions_of", "shuffle_for"]


class HandState(DealtHand):
    """The full (hidden-information) state of one hand, mutable with ``push``/``pop``.

    Players are 0 and 1. Hands are ``CardSet`` ints. The deck order is fixed at the
    deal, so a hand replays exactly from its deck (or seed) and actions. Agents and
    interfaces should receive :meth:`view`, never the state.
    """

    _UNDO_FIELDS = (
        "_hands",
        "_stock_pos",
        "_discard_pile",
        "_phase",
        "_to_act",
        "_taken",
        "_passes",
        "_known",
        "_drawn",
        "_knock",
        "_result",
        "_events",
    )
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

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[int], knock_card: int | None = None) -> None:
        """Deal from ``deck`` (52 distinct cards, dealt from index 0): one card at a time to
        the non-dealer first (002), 10 each; then the upcard; the rest is the stock, drawn
        in deck order. ``knock_card`` is the second deck's card that sets the knock limit
        (Oklahoma, ``knock_card=second-deck`` rules only). Raises ``ValueError`` for a deck
        that is not 52 distinct cards or a missing or unexpected ``knock_card``."""
        if dealer not in (0, 1):
            raise ValueError(f"dealer must be 0 or 1, got {dealer!r}")
        if (
            len(deck) != 52
            or len(set(deck)) != 52
            or not all(type(c) in (int, Card) and 0 <= c < 52 for c in deck)
        ):
            raise ValueError("deck must hold each of the 52 cards once")
        cards = tuple(CARDS[c] for c in deck)
        if rules.discard_pickup:
            raise RulesError(
                "discard-pile pickup gin is played by ginrummy.variants.pickup.state, not HandState"
            )
        if (knock_card is not None) != (rules.knock_card is KnockCard.SECOND_DECK):
            raise ValueError("a knock_card is given exactly when the rules take it from a second deck")
        if knock_card is not None and not (type(knock_card) in (int, Card) and 0 <= knock_card < 52):
            raise ValueError(f"knock_card must be a card, got {knock_card!r}")
        self.rules = rules
        self._mr: MeldRules = meld_rules(rules)
        self.dealer = dealer
        self.deck = cards
        self.knock_card: Card | None = CARDS[knock_card] if knock_card is not None else None
        """The card that sets this hand's knock limit (Oklahoma), else ``None``. Public."""
        if rules.knock_card is KnockCard.UPCARD:
            self.knock_card = cards[20]
        self.knock_limit = rules.knock_limit if self.knock_card is None else knock_value(self.knock_card)
        """The knock limit in force for this hand (points): the setting, or the knock card's value."""
        self.multiplier = (
            2 if rules.spade_doubles and self.knock_card is not None and self.knock_card // 13 == 3 else 1
        )
        """Every point of this hand is multiplied by this (2 for a spade knock card in Oklahoma)."""
        non_dealer = 1 - dealer
        hands = [0, 0]
        for i in range(20):
            hands[non_dealer if i % 2 == 0 else dealer] |= 1 << cards[i]
        if rules.opening is Opening.ELEVEN_CARDS:
            hands[non_dealer] |= 1 << cards[20]
            self._discard_pile: tuple[Card, ...] = ()
            self._phase = Phase.DISCARD
        else:
            self._discard_pile = (cards[20],)
            self._phase = Phase.OFFER
        self._stock_pos = 21
        self._hands = (hands[0], hands[1])
        self._to_act = non_dealer
        self._taken: Card | None = None
        self._passes = 0
        self._known: tuple[CardSet, CardSet] = (0, 0)
        self._drawn: Card | None = None
        self._knock: tuple[int, Card | None, tuple[Meld, ...], CardSet] | None = None
        self._result: HandResult | None = None
        self._events: tuple[Event, ...] = ()
        self._log: list[tuple[int, Action]] = []
        self._stack: list[tuple[Any, ...]] = []

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random | int) -> HandState:
        """Shuffle a deck with ``rng`` (a ``random.Random`` or a seed) and deal (see
        :func:`shuffle_for`). Raises ``TypeError`` for another kind of ``rng``."""
        deck, knock_card = shuffle_for(rules, rng)
        return cls(rules, dealer, deck, knock_card)

    # -- public read-only properties ------------------------------------------

    @property
    def result(self) -> HandResult | None:
        """The hand's result once over, else ``None``."""
        return self._result

    @property
    def known(self) -> tuple[CardSet, CardSet]:
        """For each player, cards they took from the discard pile and still hold (public)."""
        return self._known

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(player, action)``, knocks and layoffs with their melds resolved."""
        return tuple(self._log)

    @property
    def legal_actions(self) -> LegalActions[Action]:
        """A live view of the legal actions of the player to act."""
        return LegalActions(self)

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

    def verify(self, action: Action, player: int | None = None) -> None:
        """Raise an :class:`IllegalActionError` subclass if ``action`` is not legal now for
        the player to act (or for ``player`` when given); return ``None`` otherwise.
        The message says what was wrong and ends with the legal actions."""
        self._resolve(action, player)

    def can(self, action: Action, player: int | None = None) -> bool:
        """True if :meth:`verify` would accept ``action``."""
        try:
            self._check(action, player)
        except (IllegalActionError, InvalidMeldError):
            return False
        return True

    def _resolve(self, action: Action, player: int | None) -> Action:
        """:meth:`_check`, with the legal actions added to the message of an error."""
        try:
            return self._check(action, player)
        except IllegalActionError as exc:
            text = str(exc)
            if "legal now:" not in text:
                raise type(exc)(f"{text}; legal now: {self._legal_names()}") from None
            raise

    def _check(self, action: Action, player: int | None) -> Action:
        """Check ``action`` and return it with engine choices filled in (melds, layoff plan)."""
        phase = self._phase
        if player is not None and player != self._to_act:
            raise NotYourTurnError(
                f"it is player {self._to_act}'s turn, not player {player}'s"
                if phase is not Phase.END
                else "the hand is over"
            )
        kind = type(action).__name__
        allowed = _PHASE_ACTIONS[phase]
        if type(action) not in allowed:
            raise WrongPhaseError(f"cannot {_VERB.get(kind, kind)} in phase {phase.name}")
        hand = self._hands[self._to_act]
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
        if isinstance(action, DrawStock):
            if self.stock_size == 0:
                raise IllegalDrawError("the stock is empty")
            return action
        if isinstance(action, Pass):
            return action
        if isinstance(action, Discard):
            if self._must_knock:
                raise IllegalDiscardError("after taking the last discard you must knock or go gin")
            self._check_discard(action.card, hand)
            return action
        if isinstance(action, Knock):
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
            if not self.rules.big_gin:
                raise KnockNotAllowedError("big gin is not allowed under these rules")
            if hand.bit_count() != 11:
                raise KnockNotAllowedError("big gin needs 11 cards after the draw")
            melds = self._check_melds(action.melds, hand)
            if _deadwood_cards(hand, melds):
                raise KnockNotAllowedError("big gin needs all 11 cards in melds")
            return BigGin(melds)
        if isinstance(action, LayOff):
            assert self._knock is not None
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
        raise WrongPhaseError(f"unknown action {action!r}")  # pragma: no cover

    @property
    def _must_knock(self) -> bool:
        return (
            bool(self._log)
            and self._phase is Phase.DISCARD
            and self._taken is not None
            and (self.stock_size <= self.rules.stock_left_dead)
        )

    def _check_discard(self, card: int, hand: CardSet) -> None:
        if not isinstance(card, int) or not 0 <= card < 52:
            raise CardNotInHandError(f"not a card: {card!r}")
        if not hand >> card & 1:
            raise CardNotInHandError(f"{CARDS[card]} is not in your hand; your hand: {format_cards(hand)}")
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

    @property
    def _draw_only(self) -> bool:
        """Both players passed the upcard: the non-dealer must draw from the stock."""
        return self._passes == 2 and len(self._log) == 2

    # -- applying and undoing --------------------------------------------------

    def push(self, action: Action, player: int | None = None) -> None:
        """Apply a legal action of the player to act (checked against ``player`` when given).

        Raises an :class:`IllegalActionError` subclass naming the problem and the legal
        actions, and leaves the state unchanged, if the action is not legal.
        """
        action = self._resolve(action, player)
        self._stack.append(self._save_undo(self))
        p = self._to_act
        self._log.append((p, action))
        self._events = (*self._events, self._event(p, action))
        hands = list(self._hands)
        known = list(self._known)
        self._drawn = None
        if isinstance(action, Pass):
            if self._phase is Phase.LAST_CHANCE:
                self._end_dead()
            else:
                self._passes += 1
                self._to_act = 1 - p
                if self._passes == 2:
                    self._phase = Phase.DRAW
        elif isinstance(action, TakeDiscard):
            card = self._discard_pile[-1]
            self._discard_pile = self._discard_pile[:-1]
            hands[p] |= 1 << card
            known[p] |= 1 << card
            self._taken = card
            self._phase = Phase.DISCARD
        elif isinstance(action, DrawStock):
            card = self.deck[self._stock_pos]
            self._stock_pos += 1
            hands[p] |= 1 << card
            self._drawn = card
            self._taken = None
            self._phase = Phase.DISCARD
        elif isinstance(action, Discard):
            hands[p] &= ~(1 << action.card)
            known[p] &= ~(1 << action.card)
            self._discard_pile = (*self._discard_pile, action.card)
            self._taken = None
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

    def pop(self) -> Action:
        """Undo the last action and return it. Raises ``IndexError`` if none was made."""
        action: Action = self._undo()
        return action

    def clone(self) -> HandState:
        """An independent copy (the log and undo stack are copied; values are immutable)."""
        other: HandState = self._copy()
        return other

    # -- endings ---------------------------------------------------------------

    def _end_dead(self) -> None:
        self._phase = Phase.END
        self._result = HandResult(Outcome.DEAD, None, 0)  # hands of a dead hand are not shown

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
        self._result = HandResult(
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
        self._result = HandResult(
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
        if isinstance(action, Discard):
            return Event(player, "discard", action.card)
        if isinstance(action, TakeDiscard):
            return Event(player, "take", self._discard_pile[-1])
        return Event(player, _EVENT_KIND[type(action)], None)

    def events(self) -> tuple[Event, ...]:
        """The public history: each action as both players saw it (a knock's discard is face down)."""
        return self._events

    def view(self, player: int) -> PlayerView:
        """What ``player`` (0 or 1) may see now: a :class:`~ginrummy.hand.view.PlayerView`.

        Raises ``ValueError`` for another player number.
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        phase = self._phase
        mine = self._to_act == player and phase is not Phase.END
        knock = self._knock
        laid_down = knock is not None and phase in (Phase.LAYOFF, Phase.END)
        return PlayerView(
            player=player,
            rules=self.rules,
            dealer=self.dealer,
            phase=phase,
            to_act=self._to_act,
            hand=self._hands[player],
            discard_pile=self._discard_pile,
            stock_size=52 - self._stock_pos,
            opponent_hand_size=self._hands[1 - player].bit_count(),
            opponent_known=self._known[1 - player],
            history=self._events,
            drawn=self._drawn if mine else None,
            taken=self._taken if mine else None,
            knock_limit=self.knock_limit,
            may_take=mine and bool(self._discard_pile) and not self._draw_only,
            must_knock=mine
            and (self._must_knock or (phase is Phase.LAST_CHANCE and self.can(TakeDiscard()))),
            knocker=knock[0] if laid_down and knock else None,
            knocker_melds=knock[2] if laid_down and knock else (),
            knocker_deadwood=knock[3] if laid_down and knock else 0,
            result=self._result,
            knock_card=self.knock_card,
            multiplier=self.multiplier,
        )

    def __repr__(self) -> str:
        return (
            f"<HandState phase={self._phase.name} to_act={self._to_act} "
            f"stock={self.stock_size} upcard={self.upcard} hands=({format_cards(self._hands[0])} / "
            f"{format_cards(self._hands[1])})>"
        )


def shuffle_for(rules: Rules, rng: random.Random | int) -> tuple[list[Card], Card | None]:
    """The deck for a hand, shuffled with ``rng`` (a ``random.Random`` or a seed), and, under
    ``knock_card=second-deck`` rules, the second deck's card then drawn with the same ``rng``."""
    if isinstance(rng, bool) or not isinstance(rng, int | random.Random):
        raise TypeError(f"shuffle needs a random.Random or an int seed, got {type(rng).__name__}")
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    deck = shuffled_deck(r)
    return deck, (CARDS[r.randrange(52)] if rules.knock_card is KnockCard.SECOND_DECK else None)


def knock_value(card: int) -> int:
    """Oklahoma: the knock limit a card sets: its points (face cards 10), but an ace means
    gin only (0) (001, 002, ext Bicycle).

    >>> knock_value(Card("Kh")), knock_value(Card("4s")), knock_value(Card("Ad"))
    (10, 4, 0)
    """
    rank = card % 13
    return 0 if rank == 0 else min(rank + 1, 10)


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


_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.OFFER: (TakeDiscard, Pass),
    Phase.DRAW: (DrawStock, TakeDiscard),
    Phase.DISCARD: (Discard, Knock, BigGin),
    Phase.LAST_CHANCE: (TakeDiscard, Pass),
    Phase.LAYOFF: (LayOff,),
    Phase.END: (),
}
_VERB = {
    "Pass": "pass",
    "TakeDiscard": "take the discard",
    "DrawStock": "draw",
    "Discard": "discard",
    "Knock": "knock",
    "BigGin": "go big gin",
    "LayOff": "lay off",
}
_EVENT_KIND: dict[type, str] = {
    Knock: "knock",
    Pass: "pass",
    DrawStock: "draw",
    BigGin: "big-gin",
    LayOff: "layoff",
}
