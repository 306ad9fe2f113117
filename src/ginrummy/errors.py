"""Exceptions. Every error a caller can cause is a ``ValueError`` subclass.

An illegal action raises an :class:`IllegalActionError` subclass whose message
names what was wrong and what is legal; the state is left as it was. An argument of the
public API of the wrong kind or out of range raises an :class:`ArgumentError` naming the
argument and what it must be (the checks and the one rule for ``bool`` and numpy integers:
:mod:`ginrummy.checks`). A message that
quotes what the caller gave quotes it with :func:`quoted` (short, readable).
"""

from __future__ import annotations

import re

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "CardNotInHandError",
    "CardParseError",
    "GameFlowError",
    "GinRummyError",
    "IllegalActionError",
    "IllegalDiscardError",
    "IllegalDrawError",
    "InvalidLayoffError",
    "InvalidMeldError",
    "KnockNotAllowedError",
    "NotYourTurnError",
    "NothingToUndoError",
    "RecordError",
    "RulesError",
    "StoreError",
    "UnknownPresetError",
    "WrongPhaseError",
    "quoted",
]


class GinRummyError(ValueError):
    """Base class of every error this package raises on bad input."""


class ArgumentError(GinRummyError):
    """An argument of a public function or constructor is out of range (a dealer of 2, a card
    set with bits above the 52 cards); the message names the argument, what it must be and
    what it got."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong kind (``None`` for a card set, a ``str`` for a seed, ``True``
    for a seat); also a ``TypeError``."""


class GameFlowError(GinRummyError):
    """A game, match or team match was asked for what it does not take now: a hand dealt or
    entered after the game is over, a game or pairing started after the end or before the
    current one is over, a summary before the end, an undo with nothing to undo."""


class NothingToUndoError(GameFlowError, IndexError):
    """``pop`` on a hand with no action to undo; also an ``IndexError`` (as ``list.pop``)."""


class CardParseError(GinRummyError):
    """A card token or index is not a card (e.g. ``'1x'``), or a card is given twice."""


class RulesError(GinRummyError):
    """A rules setting is unknown or out of range."""


class UnknownPresetError(RulesError):
    """A rules preset name is unknown; the message lists the known presets."""


class RecordError(GinRummyError):
    """A saved hand or game record is malformed or does not replay."""


class StoreError(GinRummyError):
    """The file of stored games cannot be opened or is not a store of this package's games."""


class InvalidMeldError(GinRummyError):
    """Cards that are not a set (3-4 of a rank) or a run (3+ in suit), or melds that overlap."""


class IllegalActionError(GinRummyError):
    """An action that the rules do not allow now. The state is unchanged."""


class MalformedActionError(IllegalActionError):
    """An action whose fields are not of the right kinds: melds that are not a tuple of ``Meld``,
    a layoff that is not a ``(card, meld number)`` pair, a card that is not a card."""


class WrongPhaseError(IllegalActionError):
    """The action is of a kind not allowed in the current phase (e.g. a discard before drawing)."""


class NotYourTurnError(IllegalActionError):
    """The action was made for a player who is not the one to act."""


class CardNotInHandError(IllegalActionError):
    """A card to discard, meld or lay off is not in the acting player's hand."""


class IllegalDrawError(IllegalActionError):
    """A draw that is not allowed now: the upcard after both players passed it, or an empty pile."""


class IllegalDiscardError(IllegalActionError):
    """The discard is not allowed (e.g. the card just taken from the discard pile)."""


class KnockNotAllowedError(IllegalActionError):
    """A knock, gin or big gin whose deadwood or melds the rules do not allow."""


class InvalidLayoffError(IllegalActionError):
    """A defender's layoff plan that is not legal (a card that does not fit a knocker's meld)."""


QUOTE_LIMIT = 60
"""The most characters of a caller's text that :func:`quoted` shows."""

_SURROGATES = re.compile("[\ud800-\udfff]")


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    r"""``text`` quoted for an error message, as ``repr`` does, but readable whatever was given:
    bytes that were not UTF-8 (surrogate escapes, as in ``sys.argv``) show as U+FFFD (�), and
    text longer than ``limit`` characters is cut there, with an ellipsis and the full length.

    >>> quoted("7h 8h")
    "'7h 8h'"
    >>> quoted("\udcff\udcfe Ah")
    "'�� Ah'"
    >>> quoted("Ah " * 1000, limit=8)
    "'Ah Ah Ah'… (3000 characters)"
    """
    shown = _SURROGATES.sub("\ufffd", text[: limit + 1])
    if len(text) <= limit:
        return repr(shown)
    return f"{shown[:limit]!r}… ({len(text)} characters)"
