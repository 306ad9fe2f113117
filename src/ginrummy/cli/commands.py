"""The short commands typed at the ``play`` prompt of the standard game
(:class:`~ginrummy.cli.table.standard.StandardScreen`), parsed into engine actions, and what
every table screen's commands share: the words that do not act (help, sheet, hint, quit) and a
card typed by name or by its position in the hand as displayed (:mod:`ginrummy.hand.order`).

Parsing only maps words to actions; whether an action is legal is decided by the
engine (:meth:`ginrummy.variants.standard.state.HandState.verify`) when it is played.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> parse_command("t", view), parse_command("?", view), parse_command("h", view)
(Play(action=TakeDiscard(), confirm=None), Meta(kind='help'), Meta(kind='hint'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from ginrummy.cards import Card, CardSet, parse_card
from ginrummy.errors import GinRummyError, quoted
from ginrummy.hand.order import card_at
from ginrummy.melds import STANDARD, MeldRules, best_discards, least_deadwood
from ginrummy.variants.standard.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "HELP",
    "META_WORDS",
    "Command",
    "CommandError",
    "Meta",
    "Play",
    "RefusedError",
    "card_in_hand",
    "parse_command",
]

HELP = """\
Commands (cards as 7h, Th or 10h, 7♥, or by position 1-11 under your hand):
  t, take        take the upcard / the top discard
  p, pass        pass the upcard (first turn)
  d, draw        draw from the stock
  x 7h, 7h, 3    discard that card
  k 7h, k        knock, discarding 7h face down (k alone: the best discard)
  g 7h, g        go gin, discarding 7h (g alone: the discard that gives gin)
  bg             big gin: all 11 cards melded, no discard (if the rules allow)
  s              score sheet          ?, help   this help          q   quit
  h, hint        practice games: the strongest computer player's move, and why
  u, undo        practice games: take back your last move (if it showed nothing)"""

MetaKind: TypeAlias = Literal["help", "sheet", "hint", "undo", "quit", "empty"]


class CommandError(GinRummyError):
    """Text that is not a command; the message says what to type instead."""


class RefusedError(CommandError):
    """A command understood but not allowed now (e.g. ``g 7h`` when discarding 7h is not gin);
    the terminal answers it ``Not allowed``, as the engine's refusals."""


@dataclass(frozen=True, slots=True)
class Meta:
    """A command that does not act in the hand: help, score sheet, hint, undo, quit, or nothing typed."""

    kind: MetaKind


@dataclass(frozen=True, slots=True)
class Play:
    """An action to play; ``confirm`` names what to confirm first (``knock``, ``gin``, ``big gin``)."""

    action: Action
    confirm: str | None = None


Command: TypeAlias = Meta | Play

META_WORDS: dict[str, MetaKind] = {
    "?": "help",
    "help": "help",
    "s": "sheet",
    "sheet": "sheet",
    "score": "sheet",
    "h": "hint",
    "hint": "hint",
    "u": "undo",
    "undo": "undo",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
}
_SIMPLE: dict[str, Action] = {
    "t": TakeDiscard(),
    "take": TakeDiscard(),
    "p": Pass(),
    "pass": Pass(),
    "d": DrawStock(),
    "draw": DrawStock(),
}
_DISCARD = ("x", "discard")
_KNOCK = ("k", "knock")
_GIN = ("g", "gin")
_BIG_GIN = ("bg", "big-gin", "biggin", "big gin")
_RANK_START = "a23456789tjqk1"


def resolve_card(token: str, view: PlayerView) -> Card:
    """A card typed as ``7h``/``Th``/``10h``/``7♥`` or as a position 1-11 in the displayed hand."""
    return card_in_hand(token, view.hand, view.meld_rules)


def card_in_hand(token: str, hand: CardSet, mr: MeldRules = STANDARD) -> Card:
    """A card typed as ``7h``/``Th``/``10h``/``7♥`` or as a position in ``hand`` as displayed
    (:func:`ginrummy.hand.order.card_at`, melds under ``mr`` first). Raises :class:`CommandError`
    for a position off the hand and ``CardParseError`` for text that is not a card."""
    if token.isdigit():
        n, size = int(token), hand.bit_count()
        if not 1 <= n <= size:
            raise CommandError(f"no card at position {n}: your hand has {size} cards (1-{size})")
        return card_at(hand, n, mr)
    return parse_card(token)


def _best_discard(view: PlayerView) -> tuple[int, Card]:
    exclude = 0 if view.taken is None or view.rules.rediscard_taken_card else 1 << view.taken
    try:
        count, cards = best_discards(view.hand, exclude, mr=view.meld_rules)
    except ValueError:
        raise RefusedError("you have no card to discard now") from None
    return count, cards[0]


def parse_command(text: str, view: PlayerView) -> Command:
    """Parse one line typed at the prompt. Raises :class:`CommandError` (or a
    ``CardParseError`` naming a bad card) for text that is not a command."""
    t = " ".join(text.strip().split())
    low = t.lower()
    if not low:
        return Meta("empty")
    if low in META_WORDS:
        return Meta(META_WORDS[low])
    if low in _SIMPLE:
        return Play(_SIMPLE[low])
    if low in _BIG_GIN:
        return Play(BigGin(), "big gin")
    word, _, arg = low.partition(" ")
    arg = t[len(word) :].strip()
    if word in _DISCARD:
        if not arg:
            raise CommandError("say which card to discard, e.g. 'x 7h' or 'x 3'")
        return Play(Discard(resolve_card(arg, view)))
    if word in _KNOCK or word in _GIN:
        gin = word in _GIN
        if arg:
            card = resolve_card(arg, view)
            count = (
                least_deadwood(view.hand & ~(1 << card), mr=view.meld_rules) if view.hand >> card & 1 else 0
            )
        else:
            count, card = _best_discard(view)
        if gin and count:
            raise RefusedError(
                f"that is not gin: discarding {card} leaves {count} points of deadwood"
                + (f" (to knock: k {card})" if count <= view.knock_limit else "")
            )
        return Play(Knock(card), "gin" if count == 0 else "knock")
    if " " not in low:
        try:
            return Play(Discard(resolve_card(t, view)))
        except GinRummyError:
            if low[0] in _RANK_START or low.isdigit():
                raise
    raise CommandError(f"unknown command {quoted(text.strip())}; type ? for help")
