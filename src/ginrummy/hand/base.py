"""Read-only accessors shared by the hand state machines (:class:`ginrummy.hand.state.HandState`
and :class:`ginrummy.variants.pickup.state.PickupState`): the phase, the player to act, hands, stock and
discard pile of a dealt hand."""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Phase

__all__ = ["DealtHand", "LegalActions"]

A = TypeVar("A")


class _Enumerates(Protocol[A]):
    @property
    def phase(self) -> Phase: ...

    def _enumerate(self) -> list[A]: ...

    def can(self, action: Any, player: int | None = None) -> bool: ...


class LegalActions(Generic[A]):
    """A live view of the legal actions of a hand state: iterate for the canonical list, or
    test any action with ``in`` (which asks the state's ``can``, so it accepts every legal
    action, e.g. a knock with any valid arrangement, while iteration lists the canonical ones)."""

    __slots__ = ("_state",)

    def __init__(self, state: _Enumerates[A]) -> None:
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


class DealtHand:
    """Mixin over the private fields every hand state keeps: ``deck`` (the 52 cards in dealing
    order), ``_stock_pos`` (index of the stock's top card in ``deck``), ``_hands`` (two
    ``CardSet``), ``_discard_pile`` (bottom first), ``_phase`` and ``_to_act``."""

    _UNDO_FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields an action may change: saved before each action, restored by ``pop``."""
    _CLONE_FIELDS: ClassVar[tuple[str, ...]] = ()
    """Every field but ``_log`` and ``_stack``, copied by ``clone`` (values are immutable)."""
    _save_undo: ClassVar[operator.attrgetter[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._save_undo = operator.attrgetter(*cls._UNDO_FIELDS)  # one C call per action

    deck: tuple[Card, ...]
    _log: list[tuple[int, Any]]
    _stack: list[tuple[Any, ...]]
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

    def _undo(self) -> Any:
        """Restore the fields saved before the last action and return that action.
        Raises ``IndexError`` if no action was made."""
        if not self._stack:
            raise IndexError("no action to undo")
        snap = self._stack.pop()
        _, action = self._log.pop()
        for name, value in zip(self._UNDO_FIELDS, snap, strict=True):
            setattr(self, name, value)
        return action

    def _copy(self) -> Any:
        """An independent copy of this state (see ``clone``)."""
        other = object.__new__(type(self))
        for name in self._CLONE_FIELDS:
            setattr(other, name, getattr(self, name))
        other._log = list(self._log)
        other._stack = list(self._stack)
        return other
