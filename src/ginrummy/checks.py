"""The checks of arguments at the public boundary: one place, one rule, one kind of message.

Every public function and constructor (the names of ``ginrummy.__all__``, the record loaders,
``Rules.preset``, ``state.view``, ``Game.enter``, ...) checks its arguments once with these
helpers; the engine's inner loops do not check again. A wrong kind raises
:class:`~ginrummy.errors.ArgumentTypeError` (also a ``TypeError``), a value out of range
:class:`~ginrummy.errors.ArgumentError`; both are :class:`~ginrummy.errors.GinRummyError` s whose
message reads ``NAME must be WHAT, got VALUE`` (the value cut to 60 characters).

**The one rule for ints** (cards, seats, dealers, counts, seeds, card sets): a ``bool`` is
refused wherever an int is expected (``True`` is never a card, a seat or a count), and any other
object with ``__index__`` (numpy integers, a :class:`~ginrummy.cards.Card`, an ``IntEnum``) is
accepted and converted to a plain ``int`` at the boundary, so what the engine keeps, and what
its records write, is always a plain ``int``. Where a ``bool`` is expected, only ``True`` or
``False`` is taken.

>>> check_seat("dealer", 1), check_int("count", 3, lo=1)
(1, 3)
>>> check_seat("dealer", True)
Traceback (most recent call last):
...
ginrummy.errors.ArgumentTypeError: dealer must be 0 or 1, got bool True
>>> check_cardset("hand", 1 << 52)
Traceback (most recent call last):
...
ginrummy.errors.ArgumentError: hand must be a CardSet (an int from 0 to 2**52 - 1, one bit a card), got 4503599627370496
"""

from __future__ import annotations

import operator
import random
from typing import Any, TypeVar

from ginrummy.errors import ArgumentError, ArgumentTypeError

__all__ = [
    "CARDSET_WANT",
    "check_bool",
    "check_callable",
    "check_cardset",
    "check_instance",
    "check_int",
    "check_names",
    "check_rng",
    "check_seat",
    "check_seed",
    "check_str",
    "shown",
]

T = TypeVar("T")

_FULL_DECK = (1 << 52) - 1
CARDSET_WANT = "a CardSet (an int from 0 to 2**52 - 1, one bit a card)"
"""What a ``CardSet`` argument must be, in words (for messages)."""


def shown(value: Any) -> str:
    """``value`` for a message: its ``repr``, cut to 60 characters, after its type's name
    unless it is ``None`` or a plain ``int`` (``str 'x'``, ``float 1.5``, ``bool True``)."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the argument's problem
        text = f"<{type(value).__name__} object>"
    if len(text) > 60:
        text = text[:57] + "..."
    if value is None or type(value) is int:
        return text
    return f"{type(value).__name__} {text}"


def _int_want(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo} or {hi}" if hi == lo + 1 else f"an int from {lo} to {hi}"
    if lo is not None:
        return f"an int of at least {lo}"
    if hi is not None:
        return f"an int of at most {hi}"
    return "an int"


def _as_int(name: str, value: Any, want: str) -> int:
    """``value`` as a plain int by the module's rule (no bool; ``__index__`` converted)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(f"{name} must be {want}, got {shown(value)}")
    return operator.index(value)


def check_int(name: str, value: Any, lo: int | None = None, hi: int | None = None, want: str = "") -> int:
    """``value`` as a plain ``int`` from ``lo`` to ``hi`` (each bound optional); ``want`` words
    what it must be (default: from the bounds). Raises :class:`ArgumentTypeError` for a
    ``bool`` or anything without ``__index__``, :class:`ArgumentError` out of range."""
    n = value if type(value) is int else _as_int(name, value, want or _int_want(lo, hi))
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise ArgumentError(f"{name} must be {want or _int_want(lo, hi)}, got {shown(n)}")
    return n


def check_seat(name: str, value: Any) -> int:
    """A seat (player, dealer): ``0`` or ``1`` as a plain int."""
    if type(value) is int and 0 <= value <= 1:  # the hot path: no call
        return value
    return check_int(name, value, 0, 1)


def check_cardset(name: str, value: Any) -> int:
    """A ``CardSet``: a plain int from 0 to ``2**52 - 1``."""
    if type(value) is int and 0 <= value <= _FULL_DECK:  # the hot path: no call
        return value
    return check_int(name, value, 0, _FULL_DECK, CARDSET_WANT)


def check_seed(name: str, value: Any) -> int:
    """A seed that records can write: an int (any size, as JSON integers are)."""
    return check_int(name, value, want="an int seed")


def check_rng(name: str, value: Any) -> random.Random | int:
    """A ``random.Random`` (kept as it is) or an int seed (a plain int)."""
    if isinstance(value, random.Random):
        return value
    return check_int(name, value, want="a random.Random or an int seed")


def check_str(name: str, value: Any, want: str = "a str") -> str:
    """A ``str``."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be {want}, got {shown(value)}")
    return value


def check_bool(name: str, value: Any) -> bool:
    """``True`` or ``False`` (not ``0``, ``1`` or ``None``)."""
    if value is not True and value is not False:
        raise ArgumentTypeError(f"{name} must be True or False, got {shown(value)}")
    return value


def check_names(name: str, value: Any) -> tuple[str, str]:
    """Two names (strings), of seat 0 and seat 1, as a tuple (a list is taken too)."""
    if not (isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(n, str) for n in value)):
        raise ArgumentTypeError(f"{name} must be two names (a pair of str), got {shown(value)}")
    return value[0], value[1]


def check_instance(name: str, value: Any, cls: type[T], want: str) -> T:
    """``value`` if it is a ``cls``; ``want`` words what it must be."""
    if not isinstance(value, cls):
        raise ArgumentTypeError(f"{name} must be {want}, got {shown(value)}")
    return value


def check_callable(name: str, value: T, want: str) -> T:
    """``value`` if it is ``None`` or callable."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be {want} or None, got {shown(value)}")
    return value
