"""The standard game in the text harness (:mod:`ginrummy.research.text`): its rules in words, its
legal moves in words, the hand arranged in melds, the knock card and the knocker's melds."""

from __future__ import annotations

from ginrummy.cards import format_cards
from ginrummy.hand.phase import Phase
from ginrummy.melds import arrangements, discard_deadwoods
from ginrummy.rules import Aces, KnockCard, Rules
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = ["standard_allowed", "standard_hand", "standard_laid", "standard_moves", "standard_rules"]


def standard_rules(rules: Rules) -> str:
    """The standard game's rules that matter for play, in one paragraph."""
    limit = (
        "the knock limit is the first upcard's value (face cards 10, an ace means gin only)"
        if rules.knock_card is KnockCard.UPCARD
        else "the knock limit is set by a card from a second deck"
        if rules.knock_card is KnockCard.SECOND_DECK
        else f"knock with {rules.knock_limit} or fewer deadwood points"
        if rules.knock_limit
        else "no knocking: only gin ends a hand"
    )
    parts = [
        f"Standard gin rummy: {limit}; gin bonus {rules.gin_bonus}; undercut bonus {rules.undercut_bonus} "
        f"({'equal counts are an undercut' if rules.undercut_on_tie else 'equal counts score nothing'})",
        f"big gin (11 melded cards, no discard) {'allowed, bonus ' + str(rules.big_gin_bonus) if rules.big_gin else 'not allowed'}",
        "a card taken from the discard pile "
        + ("may" if rules.rediscard_taken_card else "may not")
        + " be discarded the same turn",
        "aces are high or low and runs may turn the corner (K-A-2), an unmelded ace counts "
        f"{rules.ace_points}"
        if rules.aces is Aces.ROUND_THE_CORNER
        else "aces are low (A-2-3 is a run, Q-K-A is not) and count 1",
        f"the hand is dead (no score) when a discard leaves {rules.stock_left_dead} cards in the stock"
        + (
            "; the last discard before that may be taken only to knock or go gin"
            if rules.action_on_50th_card
            else ""
        ),
        "the defender lays off cards on the knocker's melds (not after gin)",
    ]
    if rules.spade_doubles:
        parts.append("a spade knock card doubles the hand's points")
    return "; ".join(parts) + "."


def standard_moves(view: PlayerView) -> list[tuple[str, str]]:
    """Each legal move of a standard hand as ``(notation, words)``."""
    acts = view.legal_actions
    mr = view.meld_rules
    after = discard_deadwoods(view.hand, mr=mr) if view.phase is Phase.DISCARD else {}
    out: list[tuple[str, str]] = []
    for a in acts:
        if isinstance(a, Pass):
            words = (
                "decline the upcard"
                if view.phase is Phase.OFFER
                else "let the last discard go: the hand is dead"
            )
            out.append(("pass", words))
        elif isinstance(a, TakeDiscard):
            out.append(("take", f"take {view.upcard} from the discard pile"))
        elif isinstance(a, DrawStock):
            out.append(("draw", "draw the top card of the stock"))
        elif isinstance(a, Discard):
            out.append((str(a), f"discard {a.card}, keeping {after[a.card]} deadwood points"))
        elif isinstance(a, Knock):
            left = after[a.card]
            what = "go gin" if left == 0 else f"knock with {left} deadwood points"
            melds = " ".join(f"[{m}]" for m in a.melds or ())
            out.append((str(a), f"discard {a.card} face down and {what}, laying down {melds}"))
        elif isinstance(a, BigGin):
            out.append((str(a), "go big gin: lay down all 11 cards, no discard"))
        elif isinstance(a, LayOff):
            out.append(("layoff", f"lay down your best: {a} (your melds, then card:knocker-meld-number)"))
    return out


def standard_hand(view: PlayerView) -> list[str]:
    """The hand arranged in melds with its deadwood, and the knock card (Oklahoma)."""
    arr = arrangements(view.hand, mr=view.meld_rules)[0]
    melds = " ".join(f"[{m}]" for m in arr.melds) or "none"
    lines = [
        f"Your hand ({view.hand.bit_count()} cards): melds {melds}; deadwood "
        f"{format_cards(arr.deadwood) or 'none'} ({arr.points} points)."
    ]
    if view.knock_card is not None:
        lines.append(
            f"Knock card: {view.knock_card}; knock limit this hand: {view.knock_limit}"
            + (" (points doubled)." if view.multiplier > 1 else ".")
        )
    return lines


def standard_laid(view: PlayerView) -> list[str]:
    """What the knocker laid down, once a player knocked."""
    if view.knocker is None:
        return []
    who = "You" if view.knocker == view.player else "Your opponent"
    melds = " ".join(f"{i + 1}: [{m}]" for i, m in enumerate(view.knocker_melds))
    return [
        f"{who} knocked, laying down melds {melds}; deadwood {format_cards(view.knocker_deadwood) or 'none'}."
    ]


def standard_allowed(action: object, legal: list[object]) -> bool:
    """A knock, big gin or layoff with other melds than the listed ones (the engine checks them)."""
    if isinstance(action, Knock):
        return any(isinstance(a, Knock) and a.card == action.card for a in legal)
    if isinstance(action, BigGin):
        return any(isinstance(a, BigGin) for a in legal)
    return isinstance(action, LayOff) and any(isinstance(a, LayOff) for a in legal)
