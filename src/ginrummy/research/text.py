"""A text harness for language models: any player's view as a prompt, a free-text reply as an action.

:func:`render` writes what the player may see (nothing else): the rules in force, the player's
hand arranged in melds with its deadwood, the upcard and the whole discard pile, the stock count
and the dead-hand rule, the opponent's card count and known cards, the knocker's melds during the
layoffs, the last actions, and every legal move in words, in the engine's notation. It reads the
view alone, for every variant (discard-pile pickup too). :func:`parse_reply` reads a reply (the
move may be anywhere in it, e.g. after some reasoning, in quotes or backticks) and returns the
action, or raises :class:`ReplyError` naming the legal moves. :class:`ModelAgent` plays a seat
with any ``model(prompt) -> reply`` function, re-asking with the error on a bad reply. Nothing
here touches the network: the model function is the caller's.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> print(render(view).splitlines()[0])
You are player 0 in a hand of Gin Rummy; player 1 dealt.
>>> parse_reply(view, "I'll take it. Move: `take`")
TakeDiscard()
>>> parse_reply(view, "discard Kh")
Traceback (most recent call last):
...
ginrummy.research.text.ReplyError: 'discard Kh' is not a legal move now; legal moves: take, pass
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ginrummy.cards import format_cards
from ginrummy.errors import GinRummyError, IllegalActionError
from ginrummy.hand.phase import Phase
from ginrummy.melds import arrangements, discard_deadwoods, meld_rules
from ginrummy.rules import Aces, KnockCard, Rules
from ginrummy.variants import AnyAction, AnyView, parse_any_action
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = ["ModelAgent", "ReplyError", "legal_moves", "parse_reply", "render", "rules_text"]


class ReplyError(IllegalActionError):
    """A reply that names no legal move; the message lists the legal moves."""


def rules_text(rules: Rules) -> str:
    """The rules of a hand that matter for play, in one paragraph."""
    if rules.discard_pickup:
        return (
            "Discard-pile pickup gin: no knocking; you may take several cards from the top of the discard "
            "pile (the deepest one taken must be melded at once); melds go on the table and either player "
            "may add to them; at gin, table cards count for you and hand cards against (A 15, 2-9 5, "
            f"10-K 10); gin bonus {rules.gin_bonus}."
        )
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


def legal_moves(view: AnyView) -> list[tuple[str, str]]:
    """Each legal move as ``(notation, words)``: the notation to reply with and what it does."""
    acts = view.legal_actions
    if not isinstance(view, PlayerView):
        return [(str(a), str(a)) for a in acts]
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


def render(view: AnyView, last: int = 8) -> str:
    """``view`` as a prompt (see the module docstring); ``last``: how many recent actions to show."""
    me, rules = view.player, view.rules
    lines = [
        f"You are player {me} in a hand of Gin Rummy; "
        + ("you dealt." if view.dealer == me else f"player {1 - me} dealt."),
        "Rules: " + rules_text(rules),
    ]
    mr = meld_rules(rules)
    if isinstance(view, PlayerView):
        arr = arrangements(view.hand, mr=mr)[0]
        melds = " ".join(f"[{m}]" for m in arr.melds) or "none"
        lines.append(
            f"Your hand ({view.hand.bit_count()} cards): melds {melds}; deadwood "
            f"{format_cards(arr.deadwood) or 'none'} ({arr.points} points)."
        )
        if view.knock_card is not None:
            lines.append(
                f"Knock card: {view.knock_card}; knock limit this hand: {view.knock_limit}"
                + (" (points doubled)." if view.multiplier > 1 else ".")
            )
    else:
        lines.append(f"Your hand ({view.hand.bit_count()} cards): {format_cards(view.hand)}.")
        table = "; ".join(
            f"{i + 1}: [{m}] (player {o})"
            for i, (m, o) in enumerate(zip(view.table, view.table_owners, strict=True))
        )
        lines.append(f"Table melds: {table or 'none'}.")
    pile = view.discard_pile
    lines.append(
        f"Upcard (top of the discard pile): {pile[-1] if pile else 'none'}; the pile, bottom to top: "
        f"{format_cards(pile) if pile else 'empty'}."
    )
    lines.append(f"Stock: {view.stock_size} cards.")
    lines.append(
        f"Opponent: {view.opponent_hand_size} cards; known to hold (taken from the pile): "
        f"{format_cards(view.opponent_known) or 'none'}."
    )
    if isinstance(view, PlayerView) and view.knocker is not None:
        who = "You" if view.knocker == me else "Your opponent"
        melds = " ".join(f"{i + 1}: [{m}]" for i, m in enumerate(view.knocker_melds))
        lines.append(
            f"{who} knocked, laying down melds {melds}; deadwood {format_cards(view.knocker_deadwood) or 'none'}."
        )
    history = view.history[-last:] if last else ()
    if history:
        said = [f"{'you' if e.player == me else 'opponent'} {e.kind}" + _shown(e) for e in history]
        lines.append("Last actions: " + "; ".join(said) + ".")
    if view.result is not None:
        lines.append(f"The hand is over: {view.result.describe(('Player 0', 'Player 1'))}.")
    elif not view.my_turn:
        lines.append(f"It is player {view.to_act}'s turn, not yours.")
    else:
        lines.append("Legal moves:")
        lines.extend(f"- {n}: {w}" for n, w in legal_moves(view))
        lines.append("Reply with exactly one legal move, written as on the left above (e.g. `discard 7h`).")
    return "\n".join(lines)


def _shown(event: object) -> str:
    card = getattr(event, "card", None)
    cards = getattr(event, "cards", ())
    if card is not None:
        return f" {card}"
    return f" {format_cards(cards)}" if cards else ""


_MOVE = re.compile(
    r"(big-gin|biggin|layoff none|layoff(?:\s+\[[^\]]*\])*(?:\s+\w{2,3}:\d+)*|pass|take(?:\s+\d+)?|draw"
    r"|discard\s+\w{2,3}|(?:knock|gin)\s+\w{2,3}(?:\s+\[[^\]]*\])*|meld\s+\[[^\]]*\]|add\s+\w{2,3}:\d+)",
    re.IGNORECASE,
)


def parse_reply(view: AnyView, reply: str) -> AnyAction:
    """The legal action a free-text ``reply`` names in ``view``: the whole reply if it is a move,
    else the last move written in it. Raises :class:`ReplyError` (an ``IllegalActionError``)
    naming the legal moves when no legal move is found. A knock or layoff with explicit melds is
    read as written; the engine checks it when it is played."""
    legal = list(view.legal_actions)
    names = ", ".join(n for n, _ in legal_moves(view)) or "none (it is not your turn)"
    text = reply.strip().strip("`'\".").strip()
    candidates = [text, *reversed([m.group(0) for m in _MOVE.finditer(reply)])]
    tried = None
    for cand in candidates:
        try:
            action = parse_any_action(cand, view.rules)
        except GinRummyError:
            continue
        tried = tried or cand
        if _allowed(action, legal):
            return action
    if tried is None:
        raise ReplyError(f"the reply names no move; legal moves: {names}")
    raise ReplyError(f"{tried!r} is not a legal move now; legal moves: {names}")


def _allowed(action: AnyAction, legal: list[AnyAction]) -> bool:
    if action in legal:
        return True
    if isinstance(action, Knock):  # another arrangement: the engine checks the melds
        return any(isinstance(a, Knock) and a.card == action.card for a in legal)
    if isinstance(action, BigGin):
        return any(isinstance(a, BigGin) for a in legal)
    return isinstance(action, LayOff) and any(isinstance(a, LayOff) for a in legal)


class ModelAgent:
    """An :class:`~ginrummy.play.Agent` that asks ``model(prompt) -> reply`` (a language model
    behind any client, or a script) for each move: the prompt is :func:`render` of its view; on a
    reply with no legal move it asks again with the error appended, up to ``retries`` times, then
    raises the :class:`ReplyError`. ``transcript`` keeps every ``(prompt, reply)``."""

    def __init__(self, model: Callable[[str], str], name: str = "model", retries: int = 2) -> None:
        self.model = model
        self.name = name
        self.retries = retries
        self.transcript: list[tuple[str, str]] = []

    def act(self, view: AnyView) -> AnyAction:
        prompt = render(view)
        for attempt in range(self.retries + 1):
            reply = self.model(prompt)
            self.transcript.append((prompt, reply))
            try:
                return parse_reply(view, reply)
            except ReplyError as exc:
                if attempt == self.retries:
                    raise
                prompt = f"{render(view)}\nYour last reply was refused: {exc}"
        raise AssertionError("unreachable")
