"""How the text harness (:mod:`ginrummy.research.text`) reads a model's reply: the grammar.

The prompt offers a numbered set of moves (:class:`Offer`: the notation to reply with, the words,
the engine's action). A reply is read in three steps:

1. **The decisive part.** If the reply has a line ``Final answer: ...`` (any case, markdown such as
   ``**Final answer:**`` allowed), only the last such line counts (its text after the colon, or
   the next non-empty line when it is empty) and its *first* move decides: ``Final answer:
   discard 5c (not discard 2c)`` is ``discard 5c``. Otherwise the whole reply counts, and every
   move it names must be one and the same offered move: ``draw, I think... yes, draw`` is ``draw``;
   ``take it, not pass`` names two and is refused, and so is ``nothing to lay off: layoff none``
   (``lay off`` and the ``layoff none`` that is not offered).
2. **Moves named.** Each variant reads mentions of moves (:func:`Mention`) in the text: the
   notation on the left of the prompt's list, and natural forms (the standard game:
   :func:`ginrummy.research.standard_text.standard_mentions`). A bare card (``2c``, ``the 2 of
   clubs``) is a move only when it is the whole decisive part.
3. **Offered or refused.** A mention resolves to the offered moves it fits. Exactly one: that move.
   None (``layoff none`` when it is not offered, a card not in hand): refused, ``'layoff none' is
   not one of the offered moves``. Several (a bare ``knock`` when two knocks are offered): refused
   as ambiguous, naming them. Nothing is ever accepted that the prompt did not offer.

Every refusal is a :class:`ReplyError` whose message says what was wrong, lists the offered moves
and asks for a last line ``Final answer: <move>`` (:data:`REPROMPT`); :class:`~ginrummy.research.text.ModelAgent`
sends it back to the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ginrummy.errors import IllegalActionError

__all__ = ["REPROMPT", "Mention", "Offer", "ReplyError", "choose", "decisive_part"]

REPROMPT = "Reply again and end with one line `Final answer: <move>`, the move written as in the list."
"""The closing sentence of every refusal."""


class ReplyError(IllegalActionError):
    """A reply that names no offered move, or several; the message lists the offered moves."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One move the prompt offers: ``notation`` (what to reply), ``words`` (what it does) and the
    engine's ``action``."""

    notation: str
    words: str
    action: object


@dataclass(frozen=True, slots=True)
class Mention:
    """A move named in a reply: ``at`` (where), ``text`` (as written) and ``fits``: the indexes of
    the offers it fits (empty: not offered)."""

    at: int
    text: str
    fits: tuple[int, ...]


_FINAL = re.compile(r"^[\s>*_#`-]*final\s+answer\s*[*_`]*\s*[:\-]\s*(.*)$", re.IGNORECASE | re.MULTILINE)


def decisive_part(reply: str) -> tuple[str, bool]:
    """The part of ``reply`` that decides and whether it is a ``Final answer:`` line (step 1)."""
    found = list(_FINAL.finditer(reply))
    if not found:
        return reply, False
    last = found[-1]
    text = last.group(1).strip()
    if not text:
        rest = [line.strip() for line in reply[last.end() :].splitlines() if line.strip()]
        text = rest[0] if rest else ""
    return text, True


def _names(offers: list[Offer]) -> str:
    return ", ".join(o.notation for o in offers) or "none (it is not your turn)"


def choose(offers: list[Offer], mentions: list[Mention], final: bool) -> Offer:
    """The offer the mentions name (steps 2 and 3), or a :class:`ReplyError`."""
    names = _names(offers)
    if not offers:
        raise ReplyError(f"it is not your turn: no move is offered. {REPROMPT}")
    if not mentions:
        raise ReplyError(f"the reply names no move; the offered moves: {names}. {REPROMPT}")
    if final:
        first = mentions[0]
        return _one(offers, first.text, first.fits, names)
    for m in mentions:
        if len(m.fits) != 1:
            return _one(offers, m.text, m.fits, names)
    fitting = sorted({i for m in mentions for i in m.fits})
    if len(fitting) > 1:
        which = ", ".join(offers[i].notation for i in fitting)
        raise ReplyError(f"the reply names several moves ({which}); the offered moves: {names}. {REPROMPT}")
    return offers[fitting[0]]


def _one(offers: list[Offer], text: str, fits: tuple[int, ...], names: str) -> Offer:
    if not fits:
        raise ReplyError(f"{text!r} is not one of the offered moves; the offered moves: {names}. {REPROMPT}")
    if len(fits) > 1:
        which = ", ".join(offers[i].notation for i in fits)
        raise ReplyError(f"{text!r} could be any of {which}: say which. {REPROMPT}")
    return offers[fits[0]]
