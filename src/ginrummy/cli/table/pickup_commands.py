"""The commands typed at the discard-pile pickup prompt (``--rules pickup``, 002), parsed into
engine actions for :class:`~ginrummy.cli.table.pickup.PickupScreen`.

Parsing only maps words to actions; whether an action is legal is decided by the engine
(:meth:`ginrummy.variants.pickup.state.PickupState.verify`) when it is played. Positions count
along the hand as displayed (:func:`ginrummy.hand.order.card_at`).

Commands (cards as ``7h``, ``Th``, ``10h``, ``7♥`` or by position under the hand):

======================  ==========================================================
``t``, ``take``         take the top card of the discard pile (the upcard)
``t 3``, ``t 8s``       take the top 3 cards / every card from the top down to 8s
``p``, ``pass``         pass the upcard (first turn)
``d``, ``draw``         draw from the stock
``m 7c 7d 7s``          lay a meld on the table (``m 1 2 3``: by positions)
``m``                   lay every meld of the hand's best arrangement
``a 8h 2``              add 8h to table meld 2 (``a 8h``: to the one meld it fits)
``a``                   add every card that fits a table meld
``x 9c``, ``9c``, ``4``  discard, ending the turn
``s`` / ``h`` / ``?`` / ``q``    sheet / what the strongest player would do / help / quit
======================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.cards import Card, parse_card
from ginrummy.cli.commands import META_WORDS, CommandError, Meta, card_in_hand
from ginrummy.errors import GinRummyError, quoted
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.melds import Meld, best_arrangement
from ginrummy.variants.pickup import PickupView, addable_cards
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take

__all__ = [
    "HELP",
    "PickupCommandError",
    "Plays",
    "bulk_adds",
    "bulk_melds",
    "command_for",
    "parse_pickup_command",
]

HELP = """\
Discard-pile pickup gin: no knocking. Draw, or take cards from the top of the
discard pile (taking several, the deepest must go on the table this turn); lay
melds, add cards to any meld on the table, then discard. Empty your hand to go
gin: table cards count for you, cards in hand against (A 15, 2-9 5, 10-K 10),
gin 25. Commands:
  t, take        take the top discard        t 3, t 8s   the top 3 / down to 8s
  p, pass        pass the upcard (first turn) d, draw    draw from the stock
  m 7c 7d 7s     lay a meld (cards or positions); m alone: all your best melds
  a 8h 2         add 8h to table meld 2; a 8h: where it fits; a: all that fit
  x 9c, 9c, 4    discard (by card or position), ending your turn
  s              score sheet          ?, help   this help          q   quit
  h, hint        practice games: the strongest computer player's move, and why
  u, undo        practice games: take back your last move"""


class PickupCommandError(CommandError):
    """Text that is not a pickup command; the message says what to type instead."""


@dataclass(frozen=True, slots=True)
class Plays:
    """Actions to play in order (``m`` and ``a`` alone may make several); ``all_of`` names
    what a bulk command does, so an empty list can be explained."""

    actions: tuple[PickupAction, ...]
    all_of: str | None = None


def bulk_melds(view: PickupView) -> tuple[PickupAction, ...]:
    """Every meld of the hand's best arrangement, to lay one after the other (``m`` alone)."""
    return tuple(LayMeld(m) for m in best_arrangement(view.hand).melds)


def bulk_adds(view: PickupView) -> tuple[PickupAction, ...]:
    """Every card of the hand that fits a table meld, chains included, in playing order (``a``
    alone)."""
    hand = view.hand
    table = [m.mask for m in view.table]
    out: list[PickupAction] = []
    changed = True
    while changed:
        changed = False
        for i, m in enumerate(table):
            fit = addable_cards(m) & hand
            if fit:
                c = Card((fit & -fit).bit_length() - 1)
                out.append(AddCard(c, i))
                hand &= ~(1 << c)
                table[i] |= 1 << c
                changed = True
    return tuple(out)


def parse_pickup_command(text: str, view: PickupView) -> Meta | Plays:
    """Parse one line typed at the prompt into actions (the engine decides their legality).
    Raises :class:`PickupCommandError` (or ``CardParseError`` / ``InvalidMeldError``)."""
    t = " ".join(text.strip().replace(":", " ").split())
    low = t.lower()
    if not low:
        return Meta("empty")
    if low in META_WORDS:
        return Meta(META_WORDS[low])
    word, _, arg = low.partition(" ")
    arg = t[len(word) :].strip()
    if word in ("p", "pass") and not arg:
        return Plays((Pass(),))
    if word in ("d", "draw") and not arg:
        return Plays((DrawStock(),))
    if word in ("t", "take"):
        if not arg:
            return Plays((Take(1),))
        if arg.isdigit():
            return Plays((Take(int(arg)),))
        card = parse_card(arg)
        pile = view.discard_pile
        if card not in pile:
            raise PickupCommandError(f"{card} is not in the discard pile")
        return Plays((Take(len(pile) - pile.index(card)),))
    if word in ("m", "meld"):
        if not arg:
            return Plays(bulk_melds(view), "melds in your hand")
        cards = [card_in_hand(tok, view.hand) for tok in arg.split()]
        return Plays((LayMeld(Meld(cards)),))
    if word in ("a", "add"):
        if not arg:
            return Plays(bulk_adds(view), "cards that fit a table meld")
        tokens = arg.split()
        if len(tokens) > 2:
            raise PickupCommandError("add one card at a time: a CARD MELD-NUMBER, e.g. 'a 8h 2'")
        card = card_in_hand(tokens[0], view.hand)
        if len(tokens) == 2:
            if not tokens[1].isdigit() or int(tokens[1]) < 1:
                raise PickupCommandError(f"a table meld is named by its number; got {quoted(tokens[1])}")
            return Plays((AddCard(card, int(tokens[1]) - 1),))
        fits = [i for i, m in enumerate(view.table) if addable_cards(m.mask) >> card & 1]
        if len(fits) != 1:
            where = "no table meld" if not fits else "table melds " + ", ".join(str(i + 1) for i in fits)
            raise PickupCommandError(f"{card} fits {where}; say which: a {card} N")
        return Plays((AddCard(card, fits[0]),))
    if word in ("x", "discard"):
        if not arg:
            raise PickupCommandError("say which card to discard, e.g. 'x 7h' or 'x 3'")
        return Plays((Discard(card_in_hand(arg, view.hand)),))
    if " " not in low:
        try:
            return Plays((Discard(card_in_hand(t, view.hand)),))
        except GinRummyError:
            if low[0] in "a23456789tjqk1":
                raise
    raise PickupCommandError(f"unknown command {quoted(text.strip())}; type ? for help")


def command_for(action: PickupAction) -> str:
    """The short command that plays ``action``."""
    if isinstance(action, Pass):
        return "p"
    if isinstance(action, DrawStock):
        return "d"
    if isinstance(action, Take):
        return "t" if action.count == 1 else f"t {action.count}"
    if isinstance(action, LayMeld):
        return f"m {action.meld}"
    if isinstance(action, AddCard):
        return f"a {action.card} {action.meld + 1}"
    return f"x {action.card}"
