"""What the table of discard-pile pickup (002) says in words: the prompt of each phase, the keys,
the melds on the table, and the choices listed when the person takes from the discard pile, lays
a meld or adds to a table meld (each one a legal action of their view). Built from the person's
view each time; nothing is kept."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text

from ginrummy.cli import render
from ginrummy.cli.table import HUMAN
from ginrummy.cli.table.pickup_commands import bulk_adds, bulk_melds
from ginrummy.cli.tui import words
from ginrummy.cli.tui.base import capital
from ginrummy.cli.tui.flow import TableFlow
from ginrummy.hand.phase import Phase
from ginrummy.melds import fits_meld
from ginrummy.variants.pickup import PickupView, addable_cards
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take
from ginrummy.variants.pickup.legality import card_mask
from ginrummy.variants.pickup.scoring import pickup_points

__all__ = ["KEYS", "Choice", "add_choices", "meld_choices", "owner", "prompt", "table_text", "take_choices"]

KEYS: tuple[tuple[str, str], ...] = (
    ("d, or click the stock", "draw from the stock"),
    ("t", "take from the discard pile: the top card, or (when you may take more) a list of how many"),
    ("click a card of the pile", "take it and every card above it"),
    ("p", "pass the upcard"),
    ("m", "lay a meld on the table (listed; the first lays every meld of your best arrangement)"),
    (
        "a",
        "add a card to a table meld, yours or the computer's (listed; the first adds every card that fits)",
    ),
    ("click a card, or ← → (1-9, 0) and Enter", "discard it, ending your turn"),
)
"""The keys and clicks of the pickup table that the standard game's has not (also in the README)."""


class Choice(NamedTuple):
    """One line of a list to choose from: its ``text`` and the ``actions`` it plays, in order."""

    text: Text
    actions: tuple[PickupAction, ...]


def owner(flow: TableFlow, player: int) -> str:
    """``yours`` or ``Computer's``."""
    return "yours" if player == HUMAN else f"{flow.names[player]}'s"


def prompt(flow: TableFlow) -> Text:
    """What the person may do now, in one line."""
    said = words.turn_prompt(flow)
    if said is not None:
        return said
    view = flow.pickup
    if view.phase is Phase.DRAW:
        if view.draw_only:
            return Text("Draw from the stock (d, or click it).")
        return Text(
            "Draw (d), or take from the pile (t, or click a card of it: that card and those above it)."
        )
    if view.must_meld is not None:
        return Text.assemble(
            "Lay ",
            flow.card_text(view.must_meld, "bold"),
            " on the table: in a meld (m) or on a table meld (a).",
            style="bold",
        )
    legal = view.legal_actions
    plays = [
        w
        for w, kind in (("lay melds (m)", LayMeld), ("add to table melds (a)", AddCard))
        if any(isinstance(a, kind) for a in legal)
    ]
    first = (" and ".join(plays) + ", then discard") if plays else "Discard"
    return Text(capital(first) + ": click a card, or ← → and Enter.")


def table_text(flow: TableFlow, width: int = 80) -> Text:
    """The melds on the table, numbered, with whose each is, in lines of ``width`` columns that
    never break a meld: ``1 [7♣ 7♦ 7♠] yours  2 [..] Computer's``."""
    view = flow.pickup
    if not view.table:
        return Text("No melds on the table yet.", style="dim")
    lines = [Text()]
    for i, (meld, who) in enumerate(zip(view.table, view.table_owners, strict=True)):
        part = Text(f"{i + 1} ", style="bold") + render.meld_text(meld, flow.glyphs)
        part.append(f" {owner(flow, who)}", style="dim")
        line = lines[-1]
        if line.plain and line.cell_len + 2 + part.cell_len > width:
            lines.append(Text())
            line = lines[-1]
        if line.plain:
            line.append("  ")
        line.append_text(part)
    return Text("\n").join(lines)


def _where(view: PickupView, card: int, hand: int) -> str:
    """Where the deepest card of a take can go: in a meld from the hand, or on a table meld."""
    if fits_meld(card, hand & ~(1 << card)):
        return "in a meld with your cards"
    for i, meld in enumerate(view.table):
        if addable_cards(meld.mask) >> card & 1:
            return f"on table meld {i + 1}"
    return "on a table meld"


def take_choices(flow: TableFlow) -> list[Choice]:
    """Each legal take from the discard pile: the cards taken (top first) and, for more than one,
    the deepest, which must go on the table this turn, and where it can go."""
    view = flow.pickup
    pile = view.discard_pile
    out: list[Choice] = []
    for action in view.legal_actions:
        if not isinstance(action, Take):
            continue
        taken = pile[-action.count :]
        text = Text(f"{action.count} card{'s' * (action.count > 1)}: ", style="bold")
        text.append_text(render.cards_text(reversed(taken), flow.glyphs))
        if action.count > 1:
            deepest = taken[0]
            text.append("; then lay ")
            text.append_text(flow.card_text(deepest, "bold"))
            text.append(" " + _where(view, deepest, view.hand | card_mask(taken)))
        out.append(Choice(text, (action,)))
    return out


def meld_choices(flow: TableFlow) -> list[Choice]:
    """Every meld of the best arrangement at once (when that is more than one), then each meld
    the person may lay now, with what it puts on the table for them (points, 002)."""
    view = flow.pickup
    legal = [a for a in view.legal_actions if isinstance(a, LayMeld)]
    out: list[Choice] = []
    every = bulk_melds(view)
    if len(every) > 1:
        melds = [a.meld for a in every if isinstance(a, LayMeld)]
        text = Text("Every meld: ", style="bold") + render.melds_text(melds, flow.glyphs)
        text.append(f" (+{sum(pickup_points(m.mask) for m in melds)})", style="green")
        out.append(Choice(text, every))
    for action in legal:
        text = render.meld_text(action.meld, flow.glyphs)
        text.append(f" (+{pickup_points(action.meld.mask)})", style="green")
        out.append(Choice(text, (action,)))
    return out


def add_choices(flow: TableFlow) -> list[Choice]:
    """Every card that fits at once (when that is more than one, chains included), then each card
    the person may add now, with the table meld it joins and whose that meld is."""
    view = flow.pickup
    out: list[Choice] = []
    every = bulk_adds(view)
    if len(every) > 1:
        text = Text("Every card that fits: ", style="bold")
        for k, a in enumerate(every):
            if isinstance(a, AddCard):
                text.append(", " if k else "")
                text.append_text(flow.card_text(a.card))
                text.append(f" on {a.meld + 1}")
        out.append(Choice(text, every))
    for action in view.legal_actions:
        if isinstance(action, AddCard):
            text = flow.card_text(action.card, "bold") + Text(f" on table meld {action.meld + 1} ")
            text.append_text(render.meld_text(view.table[action.meld], flow.glyphs))
            text.append(f" {owner(flow, view.table_owners[action.meld])}", style="dim")
            out.append(Choice(text, (action,)))
    return out
