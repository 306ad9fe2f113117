"""What the full-screen table of the standard game says in words: the prompt of each phase, the
keys, the knock limit, the deadwood, a knock to confirm, the discard pile, the layoff plans and a
plan of the person's own. Built from the person's view (and the flow) each time; nothing is kept.
Discard-pile pickup's words are in :mod:`ginrummy.cli.tui.pickup_words`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ginrummy.cards import Card, deadwood_points
from ginrummy.cli import render
from ginrummy.cli.commands import Meta
from ginrummy.cli.table import COMPUTER
from ginrummy.cli.table.layoffs import parse_layoff
from ginrummy.cli.tui.flow import TableFlow
from ginrummy.cli.tui.screens import checked_text
from ginrummy.errors import IllegalActionError
from ginrummy.hand.order import by_rank
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome, hand_points
from ginrummy.melds import best_arrangement, least_deadwood
from ginrummy.play import UNDO_RULE
from ginrummy.variants.standard.actions import BigGin, Knock, LayOff
from ginrummy.variants.standard.defense import LayoffChoice, custom_choice

__all__ = [
    "KEYS",
    "SHARED_KEYS",
    "STANDARD_KEYS",
    "deadwood_words",
    "help_lines",
    "knock_cards",
    "knock_text",
    "knock_words",
    "layoff_lines",
    "options",
    "own_plan",
    "pile_lines",
    "prompt",
    "turn_prompt",
    "upcard_text",
]

STANDARD_KEYS: tuple[tuple[str, str], ...] = (
    ("d, or click the stock", "draw from the stock"),
    ("t, or click the pile", "take the upcard or the top discard"),
    ("p", "pass the upcard"),
    ("click a card", "discard it"),
    ("← →, 1-9 and 0", "choose a card (0 is the 10th)"),
    ("r; Shift+← →", "sort your hand: melds first, by suit, by rank; move the chosen card (your own order)"),
    ("Enter or x", "discard the chosen card"),
    ("k / g", "knock / go gin with the chosen card (or the best one); asks first"),
    ("b", "big gin (all 11 cards in melds); asks first"),
    ("↑ ↓ and Enter, or a click", "after the computer knocks: how to lay down and lay off (best first)"),
    (
        "o (or e: from the highlighted plan), then type",
        "after the computer knocks: your own plan, e.g. [3c 4c 5c] Jh:2 Qh:2 (checked as you type)",
    ),
    (
        "r at a hand's or the game's end",
        "its review: each of your decisions rated, as ginrummy review shows it",
    ),
)
"""The keys and clicks of the standard game's table."""

SHARED_KEYS: tuple[tuple[str, str], ...] = (
    ("h", "hint: the strongest level's move and why (practice games; as h or hint in the line mode)"),
    ("u", "undo your last move (practice games; a discard while the computer waits to reply)"),
    ("v, or click the pile", "the whole discard pile (when the pile cannot be taken)"),
    ("s", "the score sheet, full size"),
    (
        "Enter",
        "at the end of a hand: the next hand (or g, a new game); at the end: play again (a), a new game (g: level, rules, "
        "target, practice or rated) or quit (q)",
    ),
    ("n", "a new game at any time: asks first, then level, rules, target, practice or rated"),
    ("click a key in the bar", "the same as pressing it"),
    ("?", "these keys (? or help in the line mode)"),
    ("q", "quit (asks first)"),
)
"""The keys and clicks of every table."""

KEYS = STANDARD_KEYS + SHARED_KEYS
"""The standard game's table's keys and clicks, with what each does (also in the README)."""


def help_lines(flow: TableFlow, keys: Sequence[tuple[str, str]] = KEYS) -> list[Text]:
    """The keys (``keys``: the standard game's table's by default) and the rules of undo."""
    lines = [Text.assemble((key, "bold yellow"), ": ", what) for key, what in keys]
    lines.append(Text(""))
    lines.append(Text(f"Undo: {UNDO_RULE}.", style="dim"))
    if not flow.practice:
        lines.append(Text("This is a rated game: no hints, no undo (--practice allows both).", style="dim"))
    return lines


def upcard_text(flow: TableFlow) -> Text:
    """The upcard (the top of the discard pile) in bold; ``-`` when the pile is empty."""
    view = flow.view
    return flow.card_text(view.upcard, "bold") if view.upcard is not None else Text("-")


def turn_prompt(flow: TableFlow) -> Text | None:
    """What every table's prompt says while it is not the person's turn (the hand is over, or the
    computer is playing) and at the offer of the upcard; ``None`` otherwise (the table says it)."""
    view = flow.view
    if flow.waiting:
        return Text(
            "The computer plays next: u takes your discard back (any other key: play on).", style="bold"
        )
    if not view.my_turn:
        return Text("The hand is over.") if view.phase is Phase.END else Text("The computer is playing...")
    if view.phase is Phase.OFFER:
        return Text.assemble("Take the upcard ", upcard_text(flow), " (t) or pass (p)?")
    return None


def prompt(flow: TableFlow) -> Text:
    """What the person may do now, in one line."""
    said = turn_prompt(flow)
    if said is not None:
        return said
    view = flow.standard
    up = upcard_text(flow)
    if view.phase is Phase.LAST_CHANCE:
        return Text.assemble("Take ", up, " only to knock (t), or pass (p)?")
    if view.phase is Phase.DRAW:
        take = Text.assemble(" or take ", up, " (t, or click the pile)") if view.may_take else Text("")
        return Text.assemble("Draw from the stock (d, or click it)", take, ".")
    if view.phase is Phase.LAYOFF:
        return Text("Lay down: choose your layoffs.")
    if view.must_knock:
        return Text("Last card of the stock: knock (k) or go gin (g).", style="bold")
    return Text("Discard: click a card, or ← → and Enter.")


def options(flow: TableFlow) -> Text:
    """What the person may lay down now, e.g. ``you can knock (k)``; empty when nothing."""
    view = flow.standard
    if not view.my_turn or view.phase is not Phase.DISCARD:
        return Text("")
    knocks = knock_cards(flow)
    if any(isinstance(a, BigGin) for a in view.legal_actions):
        return Text("big gin (b)!", style="bold green")
    if 0 in knocks.values():
        return Text("gin (g)!", style="bold green")
    if knocks:
        return Text("you can knock (k)", style="bold green")
    return Text("")


def pile_lines(flow: TableFlow) -> list[Text]:
    """The whole discard pile, bottom first, and the cards the computer is known to hold."""
    view = flow.view
    lines: list[Text] = []
    pile = view.discard_pile
    if not pile:
        lines.append(Text("The discard pile is empty."))
    row = Text()
    for i, card in enumerate(pile):
        if i and i % 10 == 0:
            lines.append(row)
            row = Text()
        row.append_text(flow.card_text(card, "bold" if i == len(pile) - 1 else ""))
        row.append(" ")
    if row.plain:
        lines.append(row)
    if pile:
        lines.append(
            Text.assemble(
                f"{render.cards(len(pile))}; the top one is ", flow.card_text(pile[-1], "bold"), "."
            )
        )
    known = view.opponent_known
    if known:
        lines.append(
            Text(f"{flow.names[COMPUTER]} took and still holds: ")
            + render.cards_text(by_rank(known), flow.glyphs)
        )
    return lines


def _undercut(flow: TableFlow, count: int) -> str:
    """``: yours at 10 or less undercuts`` (by the rules' undercut on a tie), or nothing."""
    under = [
        d
        for d in range(count + 1)
        if hand_points(flow.rules, knocker_count=count, defender_count=d, gin=False, big_gin=False)[0]
        is Outcome.UNDERCUT
    ]
    return f": yours at {max(under)} or less undercuts" if under else ""


def layoff_lines(flow: TableFlow, choices: Sequence[LayoffChoice]) -> tuple[list[Text], list[Text]]:
    """The layoff chooser's head (the knocker's melds, numbered, and deadwood; your hand) and one
    line per plan."""
    view = flow.standard
    knocker = flow.names[COMPUTER]
    count = deadwood_points(view.knocker_deadwood, view.meld_rules.ace_points)
    head = [
        Text(f"{knocker} laid down: ") + render.melds_text(view.knocker_melds, flow.glyphs, numbered=True),
        Text(f"{knocker}'s deadwood: ")
        + (
            render.cards_text(by_rank(view.knocker_deadwood), flow.glyphs)
            + Text(f" ({count})", style="bold")
            + Text(_undercut(flow, count), style="green")
            if view.knocker_deadwood
            else Text("none (gin)", style="bold")
        ),
        Text("Your hand: ") + render.cards_text(by_rank(view.hand), flow.glyphs),
    ]
    plans: list[Text] = []
    for n, plan in enumerate(choices):
        text = Text(f"{n + 1}. ", style="bold") + checked_text(plan, flow.glyphs)
        if n == 0:
            text.append(" (best)", style="green")

        plans.append(text)
    return head, plans


def knock_words(flow: TableFlow, short: bool = False) -> str:
    """The knock limit in force, with Oklahoma's knock card and doubling when the rules have
    them: ``knock limit 7 (knock card 7♠, a spade: points doubled)``, or ``short``
    ``knock limit 7 (7♠, doubled)``."""
    if flow.state is None:
        return f"knock limit {flow.rules.knock_limit}"
    view = flow.standard
    words = f"knock limit {view.knock_limit}"
    if view.knock_card is not None:
        card = view.knock_card.text(flow.glyphs)
        doubled = view.multiplier > 1
        if short:
            words += f" ({card}, doubled)" if doubled else f" ({card})"
        else:
            words += f" (knock card {card}, a spade: points doubled)" if doubled else f" (knock card {card})"
    return words


def deadwood_words(flow: TableFlow) -> str:
    """The person's deadwood: during their discard, after the best discard (the count the knock
    limit is compared with), e.g. ``deadwood 6 after your best discard``
    (:func:`ginrummy.cli.render.deadwood_words`)."""
    return render.deadwood_words(flow.standard)


def knock_cards(flow: TableFlow) -> dict[Card, int]:
    """The cards the person may knock (or go gin) with now, each with the deadwood left
    (points; 0 is gin), from the view's legal actions."""
    view = flow.standard
    out: dict[Card, int] = {}
    for a in view.legal_actions:
        if isinstance(a, Knock):
            out[a.card] = least_deadwood(view.hand & ~(1 << a.card), mr=view.meld_rules)
    return out


def knock_text(flow: TableFlow, card: Card) -> Text:
    """What knocking with ``card`` lays down, for the person to confirm."""
    view = flow.standard
    arr = best_arrangement(view.hand & ~(1 << card), mr=view.meld_rules)
    text = Text("Go gin" if arr.points == 0 else "Knock")
    text.append(", discarding ")
    text.append_text(flow.card_text(card))
    text.append(" face down, laying down ")
    text.append_text(render.melds_text(arr.melds, flow.glyphs))
    if arr.points:
        text.append(" with deadwood ")
        text.append_text(render.cards_text(by_rank(arr.deadwood), flow.glyphs))
        text.append(f" ({arr.points})")
    return text + Text(".")


def own_plan(flow: TableFlow, text: str) -> LayoffChoice:
    """The person's own layoff plan typed as in the line mode (:func:`ginrummy.cli.table.layoffs.parse_layoff`):
    their melds in brackets, then each card and the number of the knocker's meld it joins, in
    playing order (a card may join a meld another card just extended: ``Jh:2 Qh:2``), e.g.
    ``[3c 4c 5c] Jh:2``; a listed choice's number, or nothing, is that choice. Checked by the engine
    (:func:`ginrummy.variants.standard.defense.custom_choice`). Raises ``ValueError`` (a
    :class:`~ginrummy.errors.GinRummyError`) saying why a plan is not understood or not allowed."""
    view = flow.standard
    cmd = parse_layoff(text, view)
    if isinstance(cmd, Meta) or cmd.action is None:
        raise IllegalActionError("type a plan like [3c 4c 5c] Jh:2, or a choice's number")
    action: LayOff = cmd.action
    return custom_choice(view, action.melds or (), action.layoffs or ())
