"""What every hand state machine shares: :class:`BaseHandState` and :class:`LegalActions`.

A variant (the standard game, :class:`ginrummy.variants.standard.state.HandState`; discard-pile pickup,
:class:`ginrummy.variants.pickup.state.PickupState`) is a small subclass that adds its own
phases, actions, checks, endings and view fields. The base owns:

* the **deal** and its validation: 52 distinct cards dealt from index 0, one at a time to the
  non-dealer first, 10 each (002); then the upcard (or, with the 11-card opening, an 11th card
  to the non-dealer, 000 variation); the rest is the stock, drawn in deck order;
* **legality**: :meth:`BaseHandState.verify` raises a specific
  :class:`~ginrummy.errors.IllegalActionError` naming the problem and the legal actions and
  changes nothing; :meth:`~BaseHandState.can` and :meth:`~BaseHandState.push` build on it; the
  checks every variant shares (whose turn, which action kinds a phase allows, drawing from an
  empty stock, discarding a card not held);
* **undo and copies**: :meth:`~BaseHandState.pop` restores the fields the last action changed;
  :meth:`~BaseHandState.clone` copies;
* the shared actions' effects: passing the upcard, drawing from the stock, discarding;
  the **dead hand**;
* the live view of the legal actions, and the **player's view**: the fields every variant's
  view has (own hand, discard pile, stock size, the opponent's card count and known cards,
  history, the card just drawn, the result), completed by the variant.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> isinstance(HandState.deal(Rules(), dealer=0, rng=3), BaseHandState)
True
"""

from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Generic, Self, SupportsIndex, TypeVar, cast

from ginrummy.cards import CARDS, Card, CardSet, format_cards
from ginrummy.checks import check_instance, check_int, check_rng, check_seat, shown
from ginrummy.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardNotInHandError,
    GinRummyError,
    IllegalActionError,
    IllegalDrawError,
    InvalidMeldError,
    MalformedActionError,
    NothingToUndoError,
    NotYourTurnError,
    WrongPhaseError,
)
from ginrummy.hand.actions import DrawStock, Pass
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import HandResult
from ginrummy.rules import KnockCard, Opening, Rules
from ginrummy.seeds import shuffle

__all__ = ["BaseHandState", "LegalActions", "check_deck", "check_hand", "shuffle_for"]

A = TypeVar("A")
"""The variant's action type."""
V = TypeVar("V")
"""The variant's view type."""

SHARED_FIELDS: tuple[str, ...] = (
    "_hands",
    "_stock_pos",
    "_discard_pile",
    "_phase",
    "_to_act",
    "_passes",
    "_drawn",
    "_known",
    "_result",
    "_events",
)
"""The fields every hand keeps that an action may change (saved for ``pop``)."""


VIEW_FIELDS: tuple[str, ...] = (
    "player",
    "rules",
    "dealer",
    "phase",
    "to_act",
    "hand",
    "discard_pile",
    "stock_size",
    "opponent_hand_size",
    "opponent_known",
    "history",
    "drawn",
    "result",
)
"""The fields every variant's view has, first and in this order (``tests`` check each view)."""


class LegalActions(Generic[A]):
    """A live view of the legal actions of a hand state: iterate for the canonical list, or
    test any action with ``in`` (which asks the state's ``can``, so it accepts every legal
    action, e.g. a knock with any valid arrangement, while iteration lists the canonical ones)."""

    __slots__ = ("_state",)

    def __init__(self, state: BaseHandState[A, Any]) -> None:
        self._state = state

    def __iter__(self) -> Iterator[A]:
        return iter(self._state._enumerate())

    def __contains__(self, action: object) -> bool:
        return self._state.can(action)

    def __len__(self) -> int:
        return len(self._state._enumerate())

    def __bool__(self) -> bool:
        return self._state.phase is not Phase.END

    def __repr__(self) -> str:
        return f"<LegalActions {', '.join(str(a) for a in self)}>"


class _Made:
    """Where a hand state is made: :meth:`__new__`, which :meth:`BaseHandState.clone` calls too (it
    copies the fields, without ``__init__``). A base class of its own because mypyc compiles
    ``super().__new__`` only in a class with no Python base, and ``Generic`` is one."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        """Refuses the abstract base (and any variant that leaves a hook abstract) with an
        :class:`~ginrummy.errors.ArgumentTypeError`: deal a hand with
        :func:`ginrummy.variants.deal_hand` or a variant's state class. (Compiled by mypyc, a class
        has no ``__abstractmethods__``, and every compiled variant implements every hook.)"""
        if cls is BaseHandState or getattr(cls, "__abstractmethods__", None):
            raise ArgumentTypeError(
                f"{cls.__name__} is abstract: deal a hand with deal_hand(rules, dealer, rng) "
                "or a variant's state class (HandState, PickupState)"
            )
        return super().__new__(cls)


class BaseHandState(_Made, Generic[A, V], metaclass=ABCMeta):
    """The full (hidden-information) state of one hand, mutable with ``push``/``pop``: the part
    every variant shares (see the module docstring). Players are 0 and 1; hands are ``CardSet``
    ints. The deck order is fixed at the deal, so a hand replays exactly from its deck (or seed)
    and actions. Agents and interfaces get :meth:`view`, never the state.

    A variant sets ``_UNDO_FIELDS`` (:data:`SHARED_FIELDS` and its own), ``_CLONE_FIELDS``,
    ``_PHASE_ACTIONS`` (the action types each phase allows), ``_VERB`` (action class name to
    words for errors) and ``_NOTHING_TAKEN``, and implements ``_check_variant``, ``_apply``,
    ``_variant_snapshot``, ``_enumerate``, ``_legal_names``, ``_dead_result`` and ``_view`` (abstract: a
    subclass that misses one cannot be made).
    """

    _UNDO_FIELDS: ClassVar[tuple[str, ...]] = SHARED_FIELDS
    """The fields an action may change: saved before each action, restored by ``pop``."""
    _CLONE_FIELDS: ClassVar[tuple[str, ...]] = ("rules", "dealer", "deck", *SHARED_FIELDS)
    """Every field but ``_log`` and ``_stack``, copied by ``clone`` (values are immutable)."""
    _PHASE_ACTIONS: ClassVar[dict[Phase, tuple[type, ...]]] = {}
    _VERB: ClassVar[dict[str, str]] = {}
    _NOTHING_TAKEN: ClassVar[Any] = None
    """What the variant's ``_taken`` field holds when nothing was taken this turn."""
    _taken: Any

    def __init__(self, rules: Rules, dealer: SupportsIndex, deck: Sequence[int]) -> None:
        """Deal from ``deck`` (see the module docstring). Raises
        :class:`~ginrummy.errors.ArgumentError` for a dealer that is not 0 or 1 or a deck that
        is not the 52 cards once each (:class:`~ginrummy.errors.ArgumentTypeError` for
        arguments of another kind), and :class:`~ginrummy.errors.RulesError` for rules the
        variant does not play."""
        check_instance("rules", rules, Rules, "a Rules")
        dealer = check_seat("dealer", dealer)
        cards = check_deck(deck)
        self._check_rules(rules)
        self.rules = rules
        self.dealer = dealer
        self.deck: tuple[Card, ...] = cards
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
        self._hands: tuple[CardSet, CardSet] = (hands[0], hands[1])
        self._to_act = non_dealer
        self._passes = 0
        self._drawn: Card | None = None
        self._known: tuple[CardSet, CardSet] = (0, 0)
        self._result: HandResult | None = None
        self._events: tuple[Any, ...] = ()
        self._log: list[tuple[int, A]] = []
        self._stack: list[tuple[Any, ...]] = []

    def _check_rules(self, rules: Rules) -> None:
        """Raise :class:`~ginrummy.errors.RulesError` for rules this variant does not play."""

    @classmethod
    def deal(cls, rules: Rules, dealer: SupportsIndex, rng: random.Random | int) -> Self:
        """Shuffle a deck with ``rng`` (a ``random.Random`` or an int seed) and deal (see
        :func:`shuffle_for`: every variant deals the same deck from the same ``rng``). Raises
        :class:`~ginrummy.errors.ArgumentTypeError` (a ``TypeError``) for another kind of
        ``rng``, and what the constructor raises (the arguments are checked before the shuffle)."""
        check_instance("rules", rules, Rules, "a Rules")
        dealer = check_seat("dealer", dealer)
        deck, second = shuffle_for(rules, rng)
        return cls._dealt(rules, dealer, deck, second)

    @classmethod
    def _dealt(cls, rules: Rules, dealer: int, deck: list[Card], second: Card | None) -> Self:
        """A new state dealt from ``deck``; ``second`` is the second deck's card, if any."""
        return cls(rules, dealer, deck)

    # -- public read-only properties ------------------------------------------

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

    def hand(self, player: SupportsIndex) -> CardSet:
        """A player's cards (``CardSet``). Hidden information: not for the opponent. Raises
        :class:`~ginrummy.errors.ArgumentError` for a player that is not 0 or 1."""
        return self._hands[check_seat("player", player)]

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

    @property
    def known(self) -> tuple[CardSet, CardSet]:
        """For each player, cards they took from the discard pile and still hold (public)."""
        return self._known

    @property
    def log(self) -> tuple[tuple[int, A], ...]:
        """Every action so far as ``(player, action)``, with the engine's choices filled in
        (a standard knock's and layoff's melds)."""
        return tuple(self._log)

    @property
    def result(self) -> HandResult | None:
        """The hand's result once over (the variant's kind of :class:`HandResult`), else ``None``."""
        return self._result

    @property
    def action_count(self) -> int:
        """How many actions were made in this hand so far."""
        return len(self._log)

    @property
    def last_action(self) -> tuple[int, A] | None:
        """The last action as ``(player, action)``, as logged, or ``None`` before the first."""
        return self._log[-1] if self._log else None

    @property
    def legal_actions(self) -> LegalActions[A]:
        """A live view of the legal actions of the player to act."""
        return LegalActions(self)

    def events(self) -> tuple[Any, ...]:
        """The public history: each action as both players saw it."""
        return self._events

    # -- legality --------------------------------------------------------------

    @property
    def _draw_only(self) -> bool:
        """Both players passed the upcard: the non-dealer must draw from the stock."""
        return self._passes == 2 and len(self._log) == 2

    def verify(self, action: A, player: SupportsIndex | None = None) -> None:
        """Raise an :class:`IllegalActionError` subclass if ``action`` is not legal now for
        the player to act (or for ``player`` when given); return ``None`` otherwise.
        The message says what was wrong and ends with the legal actions (but for another
        player's turn: it says whose turn it is, and shows nothing of their hand)."""
        self._resolve(action, player)

    def can(self, action: object, player: SupportsIndex | None = None) -> bool:
        """True if :meth:`verify` would accept ``action`` (any object may be asked about)."""
        try:
            self._check(cast(A, action), player)  # anything else fails the phase check
        except (IllegalActionError, InvalidMeldError):
            return False
        return True

    def _resolve(self, action: A, player: SupportsIndex | None) -> A:
        """:meth:`_check`, with the legal actions added to the message of an error (not to a
        :class:`NotYourTurnError`: they are the other player's, and name cards of their hand)."""
        try:
            return self._check(action, player)
        except NotYourTurnError:
            raise
        except IllegalActionError as exc:
            text = str(exc)
            if "legal now:" not in text:
                raise type(exc)(f"{text}; legal now: {self._legal_names()}") from None
            raise

    def _check(self, action: A, player: SupportsIndex | None) -> A:
        """Check ``action`` and return it as it is to be logged (with engine choices filled in).
        Anything that is not one of the variant's actions fails the phase check."""
        phase = self._phase
        if player is not None and type(player) is not int:
            player = check_seat("player", player)  # the one rule for ints: no bool, int-likes taken
        if player is not None and player != self._to_act:
            raise NotYourTurnError(
                f"it is player {self._to_act}'s turn, not player {player}'s"
                if phase is not Phase.END
                else "the hand is over"
            )
        kind = type(action)
        if kind not in self._PHASE_ACTIONS[phase]:
            name = kind.__name__
            raise WrongPhaseError(f"cannot {self._VERB.get(name, name)} in phase {phase.name}")
        # From here the action is exactly one of the phase's action classes (not a subclass).
        if kind is DrawStock:
            if self._stock_pos == 52:
                raise IllegalDrawError("the stock is empty")
            return action
        if kind is Pass:
            return action
        try:
            return self._check_variant(action, self._hands[self._to_act])
        except TypeError as exc:
            # Compiled (ginrummy.compiled), a field of another type than the action declares is
            # refused by mypyc's own TypeError where the engine reads it; the pure build refuses it
            # in the engine's checks (a MalformedActionError, or another IllegalActionError).
            if isinstance(exc, GinRummyError):
                raise
            raise MalformedActionError(f"{action!r} has a field of the wrong kind: {exc}") from None

    @abstractmethod
    def _check_variant(self, action: A, hand: CardSet) -> A:
        """The variant's checks of ``action`` (of a kind the phase allows) by the player to act."""

    @staticmethod
    def _check_in_hand(card: object, hand: CardSet) -> None:
        """Raise :class:`CardNotInHandError` unless ``card`` is a card (not a bool) in ``hand``."""
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise CardNotInHandError(f"not a card: {card!r}")
        if not hand >> card & 1:
            raise CardNotInHandError(f"{CARDS[card]} is not in your hand; your hand: {format_cards(hand)}")

    @abstractmethod
    def _enumerate(self) -> list[A]:
        """The canonical legal actions of the player to act."""

    @abstractmethod
    def _legal_names(self) -> str:
        """The legal actions in short, for error messages."""

    # -- applying and undoing --------------------------------------------------

    def push(self, action: A, player: SupportsIndex | None = None) -> None:
        """Apply a legal action of the player to act (checked against ``player`` when given).

        Raises an :class:`IllegalActionError` subclass naming the problem and the legal
        actions, and leaves the state unchanged, if the action is not legal.
        """
        self._push_checked(self._resolve(action, player))

    def _push_checked(self, action: A) -> None:
        """Apply ``action`` of the player to act, already checked: what :meth:`push` does after
        its checks (an action as ``_check`` returns it, with the engine's choices filled in).
        For callers that know the legal actions already (the research environments); anything
        else must use :meth:`push`."""
        self._stack.append(self._snapshot())
        p = self._to_act
        self._log.append((p, action))
        self._apply(p, action)

    def _snapshot(self) -> tuple[Any, ...]:
        """What :meth:`pop` restores, saved before each action: the values of
        :data:`SHARED_FIELDS` in order, then the variant's own :attr:`_UNDO_FIELDS` as one tuple
        (:meth:`_variant_snapshot`). Read by name (compiled, a direct read each, where an
        ``operator.attrgetter`` made a generic attribute lookup per field)."""
        return (
            self._hands,
            self._stock_pos,
            self._discard_pile,
            self._phase,
            self._to_act,
            self._passes,
            self._drawn,
            self._known,
            self._result,
            self._events,
            self._variant_snapshot(),
        )

    @abstractmethod
    def _variant_snapshot(self) -> tuple[Any, ...]:
        """The values of the variant's own :attr:`_UNDO_FIELDS` (after :data:`SHARED_FIELDS`), in order."""

    @abstractmethod
    def _apply(self, player: int, action: A) -> None:
        """Change the state by ``player``'s checked ``action`` (already logged)."""

    def _pass_upcard(self, player: int) -> None:
        """``player`` declines the upcard; after both passed, the non-dealer draws."""
        self._passes += 1
        self._to_act = 1 - player
        if self._passes == 2:
            self._phase = Phase.DRAW

    def _draw_stock(self, player: int, hands: list[CardSet]) -> None:
        """``player`` draws the top card of the stock into ``hands[player]``."""
        card = self.deck[self._stock_pos]
        self._stock_pos += 1
        hands[player] |= 1 << card
        self._drawn = card
        self._taken = self._NOTHING_TAKEN
        self._phase = Phase.DISCARD

    def _discard(self, player: int, card: Card, hands: list[CardSet], known: list[CardSet]) -> None:
        """``player`` puts ``card`` from ``hands[player]`` on the discard pile."""
        bit = 1 << card
        hands[player] &= ~bit
        known[player] &= ~bit
        # ``+``, not ``(*pile, card)``, which compiled builds a list and copies it
        self._discard_pile = self._discard_pile + (CARDS[card],)  # noqa: RUF005
        self._taken = self._NOTHING_TAKEN

    def _end_dead(self) -> None:
        """The hand is dead: no score (000-003); the variant says what its result shows."""
        self._phase = Phase.END
        self._result = self._dead_result()

    @abstractmethod
    def _dead_result(self) -> HandResult:
        """The result of a dead hand: what the variant's result shows (no score)."""

    def pop(self) -> A:
        """Undo the last action and return it. Raises :class:`~ginrummy.errors.NothingToUndoError`
        (a :class:`~ginrummy.errors.GinRummyError` and an ``IndexError``) if none was made."""
        if not self._stack:
            raise NothingToUndoError("no action to undo")
        snap = self._stack.pop()
        _, action = self._log.pop()
        for name, value in zip(self._UNDO_FIELDS, (*snap[:-1], *snap[-1]), strict=True):
            setattr(self, name, value)
        return action

    def clone(self) -> Self:
        """An independent copy (the log and undo stack are copied; values are immutable)."""
        other = type(self).__new__(type(self))
        for name in self._CLONE_FIELDS:
            setattr(other, name, getattr(self, name))
        other._log = list(self._log)
        other._stack = list(self._stack)
        return other

    # -- views -----------------------------------------------------------------

    def view(self, player: SupportsIndex) -> V:
        """What ``player`` (0 or 1) may see now: the variant's view (a ``NamedTuple``); two
        states that differ only in what ``player`` cannot see give equal views.

        Raises :class:`~ginrummy.errors.ArgumentError` for another player number
        (:class:`~ginrummy.errors.ArgumentTypeError` for another kind).
        """
        player = check_seat("player", player)
        mine = self._to_act == player and self._phase is not Phase.END
        return self._view(
            mine,
            (
                player,
                self.rules,
                self.dealer,
                self._phase,
                self._to_act,
                self._hands[player],
                self._discard_pile,
                52 - self._stock_pos,
                self._hands[1 - player].bit_count(),
                self._known[1 - player],
                self._events,
                self._drawn if mine else None,
                self._result,
            ),
        )

    @abstractmethod
    def _view(self, mine: bool, shared: tuple[Any, ...]) -> V:
        """The variant's view: ``shared``, the :data:`VIEW_FIELDS` every view has first, in that
        order (built once here for every variant), then its own fields."""


def shuffle_for(rules: Rules, rng: random.Random | int) -> tuple[list[Card], Card | None]:
    """The deck for a hand, shuffled with ``rng`` (a ``random.Random`` or a seed), and, under
    ``knock_card=second-deck`` rules (Oklahoma, 002), the second deck's card then drawn with the
    same ``rng``. Raises :class:`~ginrummy.errors.ArgumentTypeError` (a ``TypeError``) for
    another kind of ``rng``."""
    rng = check_rng("rng", rng)
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    deck = list(CARDS)
    shuffle(deck, r)  # the order of shuffled_deck(r), compiled
    return deck, (CARDS[r.randrange(52)] if rules.knock_card is KnockCard.SECOND_DECK else None)


def check_deck(deck: Any) -> tuple[Card, ...]:
    """``deck`` as 52 cards: a sequence holding each card (an int 0-51, not a ``bool``) once.
    Raises :class:`~ginrummy.errors.ArgumentError` (``ArgumentTypeError`` for another kind)."""
    if (
        isinstance(deck, str | bytes | bytearray | dict)
        or not hasattr(deck, "__len__")
        or not hasattr(deck, "__iter__")
    ):
        raise ArgumentTypeError(f"deck must be a sequence of the 52 cards, got {shown(deck)}")
    if len(deck) != 52:
        raise ArgumentError(f"deck must hold each of the 52 cards once, got {len(deck)} cards")
    if all(type(c) is Card for c in deck):  # a shuffled deck: Cards are 0-51
        cards = tuple(deck)
    else:
        cards = tuple(
            CARDS[check_int(f"deck[{i}]", c, 0, 51, "a card (an int 0-51)")] for i, c in enumerate(deck)
        )
    if len(set(cards)) != 52:
        raise ArgumentError(
            f"deck must hold each of the 52 cards once, got {52 - len(set(cards))} repeated cards"
        )
    return cards


def check_hand(name: str, value: object) -> BaseHandState[Any, Any]:
    """``value`` if it is a hand of any variant (a :class:`BaseHandState`); raises
    :class:`~ginrummy.errors.ArgumentTypeError` naming ``name`` otherwise."""
    if not isinstance(value, BaseHandState):
        raise ArgumentTypeError(
            f"{name} must be a hand (a BaseHandState: HandState, PickupState), got {shown(value)}"
        )
    return value
