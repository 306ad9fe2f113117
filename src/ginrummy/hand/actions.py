"""The actions every variant shares: frozen dataclasses with a text notation (``str(action)``).

==========================  =====================================
notation                    action
==========================  =====================================
``pass``                    :class:`Pass` (decline the upcard)
``draw``                    :class:`DrawStock`
``discard 7h``              :class:`Discard`
==========================  =====================================

Each variant adds its own actions and reads the whole notation
(:mod:`ginrummy.variants.standard.actions`, :mod:`ginrummy.variants.pickup.actions`).
An action with fields pickles as its class and its field values (``__reduce__``): compiled by
mypyc (:mod:`ginrummy.compiled`), a frozen dataclass cannot be unpickled field by field, as the
web server's worker processes need.

>>> str(Discard(Card("7h")))
'discard 7h'
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.cards import CARDS, Card
from ginrummy.errors import GinRummyError

__all__ = [
    "DISCARDS",
    "DRAW_STOCK",
    "PASS",
    "ActionParseError",
    "Discard",
    "DrawStock",
    "Pass",
    "field_value",
    "is_number",
]


def field_value(action: object, name: str) -> object:
    """The value of ``action``'s field ``name`` as it is, for the engine's checks of a field
    declared ``int``: compiled code (:mod:`ginrummy.compiled`) reads such a field of an action
    (which stays interpreted) as an ``int``, a bool turned into 0 or 1 before any check could
    refuse it.

    >>> field_value(Discard(Card("7h")), "card")
    Card('7h')
    """
    return getattr(action, name)


class ActionParseError(GinRummyError):
    """Text that is not an action in the notation of a variant (:func:`ginrummy.variants.parse_any_action`)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard on the first turn, or the last discard under the 50th-card rule."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up, ending the turn."""

    card: Card

    def __reduce__(self) -> tuple[type[Discard], tuple[Card]]:
        return Discard, (self.card,)

    def __str__(self) -> str:
        return f"discard {self.card}"


PASS: Pass = Pass()
"""A :class:`Pass`, made once: actions are frozen, so the engine and its players return shared
instances where making one per decision cost a Python call (equal to any ``Pass()``)."""
DRAW_STOCK: DrawStock = DrawStock()
"""A :class:`DrawStock`, made once (see :data:`PASS`)."""
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS)
"""``DISCARDS[i]`` is ``Discard(CARDS[i])`` for each card index 0-51, made once (see :data:`PASS`)."""


def is_number(text: str) -> bool:
    """True for a whole number in ASCII digits, at most 9 of them: what ``int`` reads quickly
    (``"²"`` passes ``str.isdigit`` but ``int`` refuses it; a 5,000-digit one is refused too)."""
    return text.isascii() and text.isdigit() and len(text) <= 9
