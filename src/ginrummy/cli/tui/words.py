"""What the full-screen table says in words: the prompt of each phase, the keys, the discard pile,
the layoff plans. Built from the person's view (and the flow) each time; nothing is kept."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ginrummy.cli import render
from ginrummy.cli.table import COMPUTER
from ginrummy.cli.tui.flow import TableFlow
from ginrummy.hand.actions import BigGin
from ginrummy.hand.defense import LayoffChoice
from ginrummy.hand.order import by_rank
from ginrummy.hand.phase import Phase
from ginrummy.play import UNDO_RULE

__all__ = ["KEYS", "help_lines", "layoff_lines", "options", "pile_lines", "prompt"]

KEYS: tuple[tuple[str, str], ...] = (
    ("d, or click the stock", "draw from the stock"),
    ("t, or click the pile", "take the upcard or the top discard"),
    ("p", "pass the upcard"),
    ("click a card", "discard it"),
    ("← →, 1-9 and 0", "choose a card (0 is the 10th)"),
    ("Enter or x", "discard the chosen card"),
    ("k / g", "knock / go gin with the chosen card (or the best one); asks first"),
    ("b", "big gin (all 11 cards in melds); asks first"),
    ("↑ ↓ and Enter, or a click", "after the computer knocks: how to lay down and lay off (best first)"),
    ("h", "hint: the strongest level's move and why (practice games)"),
    ("u", "undo your last move (practice games)"),
    ("v, or click the pile", "the whole discard pile (when the pile cannot be taken)"),
    ("s", "the score sheet, full size"),
    ("Enter", "at the end of a hand: the next hand; at the end: play again (a) or quit (q)"),
    ("click a key in the bar", "the same as pressing it"),
    ("?", "these keys"),
    ("q", "quit (asks first)"),
)
"""The table's keys and clicks, with what each does (also in the README)."""


def help_lines(flow: TableFlow) -> list[Text]:
    lines = [Text.assemble((key, "bold yellow"), ": ", what) for key, what in KEYS]
    lines.append(Text(""))
    lines.append(Text(f"Undo: {UNDO_RULE}.", style="dim"))
    if not flow.practice:
        lines.append(Text("This is a rated game: no hints, no undo (--practice allows both).", style="dim"))
    return lines


def prompt(flow: TableFlow) -> Text:
    """What the person may do now, in one line."""
    view = flow.view
    if not view.my_turn:
        return Text("The hand is over.") if view.phase is Phase.END else Text("The computer is playing...")
    up = flow.card_text(view.upcard, "bold") if view.upcard is not None else Text("-")
    if view.phase is Phase.OFFER:
        return Text.assemble("Take the upcard ", up, " (t) or pass (p)?")
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
    view = flow.view
    if not view.my_turn or view.phase is not Phase.DISCARD:
        return Text("")
    knocks = flow.knock_cards()
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
            Text.assemble(f"{len(pile)} cards; the top one is ", flow.card_text(pile[-1], "bold"), ".")
        )
    known = view.opponent_known
    if known:
        lines.append(
            Text(f"{flow.names[COMPUTER]} took and still holds: ")
            + render.cards_text(by_rank(known), flow.glyphs)
        )
    return lines


def layoff_lines(flow: TableFlow, choices: Sequence[LayoffChoice]) -> tuple[list[Text], list[Text]]:
    """The layoff chooser's head (the knocker's melds, numbered; your hand) and one line per plan."""
    view = flow.view
    knocker = flow.names[COMPUTER]
    head = [
        Text(f"{knocker} laid down: ") + render.melds_text(view.knocker_melds, flow.glyphs, numbered=True),
        Text("Your hand: ") + render.cards_text(by_rank(view.hand), flow.glyphs),
    ]
    plans: list[Text] = []
    for n, plan in enumerate(choices):
        text = Text(f"{n + 1}. ", style="bold")
        text.append_text(render.melds_text(plan.melds, flow.glyphs))
        text.append("; lay off ")
        for k, (card, i) in enumerate(plan.layoffs):
            if k:
                text.append(", ")
            text.append_text(flow.card_text(card))
            text.append(f" on {i + 1}")
        if not plan.layoffs:
            text.append("nothing")
        text.append(f"; deadwood {plan.points}", style="bold")
        if n == 0:
            text.append(" (best)", style="green")
        plans.append(text)
    return head, plans
