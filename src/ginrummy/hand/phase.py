"""Phases of a hand and public events (shared by the state, the views and the legality rules)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ginrummy.cards import Card
from ginrummy.checks import shown
from ginrummy.errors import ArgumentError

__all__ = ["Event", "Phase"]


class Phase(Enum):
    """The phase of a hand; each allows its own kinds of action."""

    # A member is its own one instance and equal only to itself: the identity hash, in C, instead
    # of Enum's hash of the name in Python (a phase is a dict key on every action pushed)
    __hash__ = object.__hash__

    OFFER = "offer"
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last-chance"
    LAYOFF = "layoff"
    END = "end"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Phase:
        """``Phase(value)`` of a value that is none: :class:`~ginrummy.errors.ArgumentError`."""
        raise ArgumentError(f"phase must be one of {', '.join(p.value for p in cls)}, got {shown(value)}")


class Event(NamedTuple):
    """One public action as both players saw it: ``player`` (0/1), ``kind`` (``'pass'``,
    ``'take'``, ``'draw'``, ``'discard'``, ``'knock'``, ``'big-gin'``, ``'layoff'``) and
    the ``card`` when it was shown face up (``None`` for a stock draw or a face-down knock)."""

    player: int
    kind: str
    card: Card | None = None
