"""The standard game in the text harness (:mod:`ginrummy.research.text`): its rules in words, its
legal moves in words, the hand arranged in melds, the knock card and the knocker's melds."""

from __future__ import annotations

import re
from collections.abc import Callable

from ginrummy.cards import format_cards, parse_card
from ginrummy.errors import GinRummyError
from ginrummy.hand.phase import Phase
from ginrummy.melds import Meld, arrangements, discard_deadwoods
from ginrummy.research.reply import Mention, Offer
from ginrummy.rules import Aces, KnockCard, Opening, Rules
from ginrummy.variants.standard.actions import (
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from ginrummy.variants.standard.defense import layoff_choices
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "card_words",
    "standard_hand",
    "standard_history",
    "standard_laid",
    "standard_mentions",
    "standard_moves",
    "standard_rules",
]


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


def standard_moves(view: PlayerView) -> list[Offer]:
    """Each move a standard hand offers: the legal actions in words; in the layoff phase, every
    way to lay down (:func:`~ginrummy.variants.standard.defense.layoff_choices`, best first) as a
    numbered plan ``layoff 1``, ``layoff 2``, ..."""
    acts = view.legal_actions
    mr = view.meld_rules
    after = discard_deadwoods(view.hand, mr=mr) if view.phase is Phase.DISCARD else {}
    out: list[Offer] = []
    for a in acts:
        if isinstance(a, Pass):
            words = (
                f"decline the upcard {view.upcard}"
                if view.phase is Phase.OFFER
                else "let the last discard go: the hand is dead"
            )
            out.append(Offer("pass", words, a))
        elif isinstance(a, TakeDiscard):
            out.append(Offer("take", f"take {view.upcard} from the discard pile", a))
        elif isinstance(a, DrawStock):
            out.append(Offer("draw", "draw the top card of the stock", a))
        elif isinstance(a, Discard):
            out.append(Offer(str(a), f"discard {a.card}, keeping {after[a.card]} deadwood points", a))
        elif isinstance(a, Knock):
            left = after[a.card]
            what = "go gin" if left == 0 else f"knock with {left} deadwood points"
            melds = " ".join(f"[{m}]" for m in a.melds or ())
            out.append(Offer(str(a), f"discard {a.card} face down and {what}, laying down {melds}", a))
        elif isinstance(a, BigGin):
            out.append(Offer(str(a), "go big gin: lay down all 11 cards, no discard", a))
    for n, choice in enumerate(layoff_choices(view)):
        lay = ", ".join(f"{c} on meld {i + 1}" for c, i in choice.layoffs) or "nothing"
        melds = " ".join(f"[{m}]" for m in choice.melds) or "no melds"
        words = (
            f"lay down {melds}; lay off {lay}; deadwood {format_cards(choice.deadwood) or 'none'} "
            f"({choice.points} points)" + (" - the best plan" if n == 0 else "")
        )
        out.append(Offer(f"layoff {n + 1}", words, choice.action()))
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


def standard_history(view: PlayerView) -> list[str]:
    """The hand's whole public history, oldest first, one line per turn: who passed on, took or
    discarded which card, who drew from the stock (over which top card), the knock; and the card
    this player just drew. The discard pile is replayed from the public events alone."""
    me = view.player
    pile = list(view.discard_pile)
    for e in reversed(view.history):  # undo the pile's changes back to the deal
        if e.kind == "discard" and pile:
            pile.pop()
        elif e.kind == "take" and e.card is not None:
            pile.append(e.card)
    lines: list[str] = []
    if view.rules.opening is Opening.UPCARD and pile:
        lines.append(f"dealt: the upcard {pile[-1]}")
    for e in view.history:
        who = "you" if e.player == me else "opponent"
        top = pile[-1] if pile else None
        if e.kind == "pass":
            lines.append(f"{who} passed on {top}" if top is not None else f"{who} passed")
        elif e.kind == "take" and e.card is not None:
            pile.pop()
            lines.append(f"{who} took {e.card}")
        elif e.kind == "draw":
            lines.append(f"{who} drew from the stock" + (f" (not taking {top})" if top is not None else ""))
        elif e.kind == "discard" and e.card is not None:
            pile.append(e.card)
            lines.append(f"{who} discarded {e.card}")
        elif e.kind == "knock":
            lines.append(f"{who} knocked, discarding face down")
        else:
            lines.append(f"{who} {e.kind}")
    if view.drawn is not None:
        lines.append(f"you drew {view.drawn} (it is in your hand)")
    return [f"{n + 1}. {line}" for n, line in enumerate(lines)]


_RANKS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7"}
_RANKS |= {"eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "10": "T"}
_SUIT = {"club": "c", "diamond": "d", "heart": "h", "spade": "s"}
_CARD_WORDS = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|10|[2-9]|[ajqkt])\s+of\s+"
    r"(club|diamond|heart|spade)s?\b",
    re.IGNORECASE,
)
_CARD = "(?:10|[2-9ajqkt])(?:[cdhs]|[\u2663\u2666\u2665\u2660])"
_C = _CARD + r"(?![\w:])"
_M = r"(?:\s*\[[^\]]*\])"
_MENTION = re.compile(
    rf"(?P<biggin>\bbig[\s-]?gin\b(?P<bgmelds>{_M}*))"
    rf"|(?P<knock>\b(?:knock|gin)\b(?!\s+rummy))(?:[\s,:]*(?:(?:and|by)\s+)?(?:discard(?:ing)?|with|throwing)?"
    rf"\s*(?:the\s+)?(?P<kcard>{_C}))?(?P<kmelds>{_M}*)"
    rf"|(?P<layoff>\blay[\s-]?off\b)(?:\s+(?:plan\s+|#)?(?P<lnum>\d+)\b|\s+(?P<lnone>none|nothing)\b"
    rf"|(?P<lplan>{_M}+(?:\s+{_CARD}:\d+)*|(?:\s+{_CARD}:\d+)+))?"
    rf"|\bplan\s+#?(?P<pnum>\d+)\b"
    rf"|\bdiscard(?:ing)?\s+(?:the\s+)?(?P<dcard>{_C})"
    r"|\b(?P<word>take|pass|draw)\b",
    re.IGNORECASE,
)
_BARE = re.compile(rf"^\W*(?:the\s+)?(?P<card>{_C})\W*$", re.IGNORECASE)


def card_words(text: str) -> str:
    """``text`` with cards in words written as cards: ``the 2 of clubs`` -> ``the 2c``."""
    return _CARD_WORDS.sub(lambda m: _RANKS.get(m[1].lower(), m[1].upper()) + _SUIT[m[2].lower()], text)


def _meld_masks(text: str, view: PlayerView) -> frozenset[int] | None:
    if not text.strip():
        return None
    try:
        return frozenset(Meld(m, mr=view.meld_rules).mask for m in re.findall(r"\[([^\]]*)\]", text))
    except GinRummyError:
        return frozenset({-1})  # not melds: fits nothing


def standard_mentions(view: PlayerView, text: str, offers: list[Offer]) -> list[Mention]:
    """The moves ``text`` names, in order, each with the offers it fits (see :mod:`ginrummy.research.reply`):
    the notation of the list, and ``take it``, ``draw``, ``discard the 2 of clubs``, a bare ``2c``
    (the whole text), ``knock`` (the one knock card offered), ``knock, discarding 6s``, ``gin 6s``,
    ``big gin``, ``lay off`` (the best plan), ``layoff 2`` / ``plan 2``, ``layoff none`` (fits
    only where nothing to lay down is the plan offered)."""
    text = card_words(text)
    bare = _BARE.match(text)
    if bare:
        card = parse_card(bare["card"])
        return [Mention(0, bare["card"], _fits(offers, lambda a: isinstance(a, Discard) and a.card == card))]
    out = []
    for m in _MENTION.finditer(text):
        out.append(Mention(m.start(), m[0].strip(), _resolve(m, view, offers)))
    return out


def _fits(offers: list[Offer], test: Callable[[object], bool]) -> tuple[int, ...]:
    return tuple(i for i, o in enumerate(offers) if test(o.action))


def _first_per_card(offers: list[Offer], fits: tuple[int, ...]) -> tuple[int, ...]:
    seen: dict[object, int] = {}
    for i in fits:
        seen.setdefault(getattr(offers[i].action, "card", None), i)
    return tuple(seen.values())


def _resolve(m: re.Match[str], view: PlayerView, offers: list[Offer]) -> tuple[int, ...]:
    word = (m["word"] or "").lower()
    if word:
        kind = {"take": TakeDiscard, "pass": Pass, "draw": DrawStock}[word]
        return _fits(offers, lambda a: isinstance(a, kind))
    if m["dcard"]:
        card = parse_card(m["dcard"])
        return _fits(offers, lambda a: isinstance(a, Discard) and a.card == card)
    if m["biggin"]:
        melds = _meld_masks(m["bgmelds"], view)
        fits = _fits(offers, lambda a: isinstance(a, BigGin) and _same(a.melds, melds))
        return fits if melds is not None else fits[:1]
    if m["knock"]:
        return _knocks(m, view, offers)
    plans = _fits(offers, lambda a: isinstance(a, LayOff))
    number = m["lnum"] or m["pnum"]
    if number:
        n = int(number)
        return (plans[n - 1],) if 1 <= n <= len(plans) else ()
    if m["lnone"]:
        return tuple(i for i in plans if _same_plan(offers[i].action, LayOff((), ())))
    if m["lplan"]:
        try:
            written = parse_action("layoff " + m["lplan"].strip(), view.meld_rules)
        except GinRummyError:
            return ()
        return tuple(i for i in plans if _same_plan(offers[i].action, written))
    return plans[:1]


def _knocks(m: re.Match[str], view: PlayerView, offers: list[Offer]) -> tuple[int, ...]:
    card = parse_card(m["kcard"]) if m["kcard"] else None
    melds = _meld_masks(m["kmelds"], view)
    gin = m["knock"].lower() == "gin"
    hand = view.hand

    def fits(a: object) -> bool:
        if not isinstance(a, Knock) or (card is not None and a.card != card) or not _same(a.melds, melds):
            return False
        return not gin or sum(x.mask for x in a.melds or ()) == hand & ~(1 << a.card)

    found = _fits(offers, fits)
    return found if melds is not None else _first_per_card(offers, found)


def _same(melds: tuple[Meld, ...] | None, masks: frozenset[int] | None) -> bool:
    return masks is None or frozenset(x.mask for x in melds or ()) == masks


def _same_plan(offered: object, written: object) -> bool:
    if not isinstance(offered, LayOff) or not isinstance(written, LayOff):
        return False
    return _same(offered.melds, frozenset(x.mask for x in written.melds or ())) and set(
        offered.layoffs or ()
    ) == set(written.layoffs or ())
