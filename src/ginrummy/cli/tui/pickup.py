"""The table of discard-pile pickup (``--rules pickup``, 002).

Top to bottom: the score; the computer's hand (face down, the cards it took from the pile and
still holds face up; what it was left holding at the end of a hand); the melds on the table,
numbered, with whose each is (the person's framed in green) and the points each player has put
there; the stock and the discard pile spread, newest on the right (click a card of it to take it
and every card above it); your hand (melds first, then the rest, with what it counts against
you); what to do now; the hand so far in words. The score sheet is on the right from 100 columns
(``s`` shows it anywhere). Taking several cards, laying a meld and adding to a table meld list
the person's legal choices (:mod:`ginrummy.cli.tui.pickup_words`), each checked again by the
engine when played; the end of a hand shows the scoring (cards on the table for, in hand
against, the gin bonus) in the line mode's words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ginrummy.cards import Card, cards_of
from ginrummy.cli import render
from ginrummy.cli.table import COMPUTER, HUMAN
from ginrummy.cli.tui import pickup_words, words
from ginrummy.cli.tui.base import BaseTable
from ginrummy.cli.tui.layout import CSS as BASE_CSS
from ginrummy.cli.tui.layout import SIDE, WIDE
from ginrummy.cli.tui.pickup_words import Choice
from ginrummy.cli.tui.screens import ChoiceScreen
from ginrummy.cli.tui.widgets import BIG_WIDTH, CARD_WIDTH, CardRow, Slot, TextBox, fitting
from ginrummy.hand.actions import DrawStock
from ginrummy.hand.order import by_rank, hand_layout
from ginrummy.hand.phase import Phase
from ginrummy.variants.pickup.actions import AddCard, LayMeld, Take
from ginrummy.variants.pickup.scoring import pickup_points

__all__ = ["PickupTable"]

CSS = (
    BASE_CSS
    + """
PickupTable { layout: vertical; }
#melds-text { height: 1; }
"""
)


_AFTER_DRAWING = "you {} once you have drawn (d) or taken from the pile (t)"


def _width(groups: Sequence[Sequence[Slot]], big: bool) -> int:
    """Columns a row of card groups takes."""
    per = BIG_WIDTH if big else CARD_WIDTH
    return sum(per * len(g) for g in groups) + max(len(groups) - 1, 0)


class PickupTable(BaseTable):
    """The table of discard-pile pickup (see the module docstring)."""

    DEFAULT_CSS = CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("p", "pass_upcard", "Pass"),
        Binding("m", "meld", "Meld"),
        Binding("a", "add", "Add"),
        Binding("enter,x,space", "discard", "Discard", key_display="⏎"),
        *BaseTable.SHARED,
    ]

    def compose_middle(self) -> ComposeResult:
        """The melds on the table: a line of the points on it, then the melds in words or as cards."""
        yield TextBox(id="melds-label")
        yield TextBox(id="melds-text")
        yield CardRow(id="melds", numbers=True)

    # -- drawing ------------------------------------------------------------------------------

    def side_width(self) -> int:
        """No score sheet panel below 100 columns (a hand that took several cards needs the room),
        and never wider than 44 columns (the melds on the table are shown as cards when they fit)."""
        return SIDE[True] if self.size.width >= WIDE else 0

    def header_text(self, wide: bool) -> Text:
        flow = self.flow
        header = Text(f"{flow.status()} · hand {flow.hand_number} · ")
        header.append(f"gin {flow.rules.gin_bonus}, no knocking", style="bold yellow")
        return header

    def prompt_text(self) -> Text:
        return pickup_words.prompt(self.flow)

    def help_lines(self) -> list[Text]:
        return words.help_lines(self.flow, pickup_words.KEYS + words.SHARED_KEYS)

    def order(self) -> list[Card]:
        return self.sorted_hand(hand_layout(self.flow.pickup.hand).order)

    def table_room(self) -> int:
        return self.query_one("#table").size.width or 76

    def draw_table(self, big: bool) -> None:
        flow = self.flow
        view = flow.pickup
        glyphs = flow.glyphs
        name = flow.names[COMPUTER]
        result = view.result
        opponent = self.query_one("#opponent", CardRow)
        if result is not None:
            left = by_rank(result.hands[COMPUTER])
            label = Text(f"{name} was left holding {len(left)} card{'s' * (len(left) != 1)}")
            groups: list[list[Slot]] = [list(left)] if left else []
        else:
            known = by_rank(view.opponent_known)
            count = view.opponent_hand_size
            label = Text(f"{name} ({flow.session.opponent}): {count} card{'s' * (count != 1)}")
            if known:
                label.append(" (took from the pile and holds: ")
                label.append_text(render.cards_text(known, glyphs))
                label.append(")")
            faces: list[Slot] = list(known)
            backs: list[Slot] = [None] * (count - len(known))
            groups = [g for g in (faces, backs) if g]
        opponent.display = big
        if big:
            opponent.show(groups, glyphs, big=True)
        self.query_one("#opponent-label", TextBox).show(label)
        self._draw_melds(big)
        self._draw_piles(big)

        hand = self.query_one("#hand", CardRow)
        layout = hand_layout(view.hand)
        if self.selected not in layout.order:
            self.selected = None
        mine, melds = self.arranged(layout)
        room = self.table_room()
        big = big and _width(mine, True) <= room
        spread = not big and _width(mine, False) > room  # many cards taken: fan the hand out
        hand.show(
            [self.order()] if spread else mine,
            glyphs,
            selected=self.selected if view.phase is Phase.DISCARD and view.my_turn else None,
            highlight=view.must_meld if view.must_meld is not None else view.drawn,
            melds=0 if spread else melds,
            big=big,
            spread=spread,
        )
        label = Text(f"Your hand ({render.cards(view.hand.bit_count())}): ", style="bold")
        label.append(f"counts {pickup_points(view.hand)} against you")
        self.query_one("#hand-label", TextBox).show(label)

    def _draw_melds(self, big: bool) -> None:
        """The melds on the table: as cards when they fit (big), else in words."""
        flow = self.flow
        view = flow.pickup
        on = view.table_points
        label = Text("On the table: ", style="bold")
        label.append(f"you {on[HUMAN]}, {flow.names[COMPUTER]} {on[COMPUTER]} points")
        self.query_one("#melds-label", TextBox).show(label)
        row = self.query_one("#melds", CardRow)
        text = self.query_one("#melds-text", TextBox)
        groups: list[list[Slot]] = [list(m.cards) for m in view.table]
        as_cards = big and bool(groups) and _width(groups, False) <= self.table_room()
        row.display = as_cards
        text.display = not as_cards
        if as_cards:
            who = ["you" if p == HUMAN else flow.names[COMPUTER] for p in view.table_owners]
            row.show(
                groups,
                flow.glyphs,
                frames=["green" if p == HUMAN else "bright_black" for p in view.table_owners],
                labels=[f"{i + 1} {w}" for i, w in enumerate(who)],
            )
        else:
            self.fit(text, pickup_words.table_text(flow, self.table_room()), 3)

    def _draw_piles(self, big: bool) -> None:
        """The stock, and the discard pile spread (newest on the right), each card clickable."""
        flow = self.flow
        view = flow.pickup
        size = len(view.discard_pile)
        stock: Slot = "stock" if view.stock_size else "empty"
        room = self.table_room() - (BIG_WIDTH if big else CARD_WIDTH) - 1
        cards, left = fitting(list(view.discard_pile), room, big)
        label = Text(
            f"Stock: {render.cards(view.stock_size)} · Discard pile: {render.cards(size) if size else 'empty'}"
        )
        if size > 1:
            label.append(", newest on the right", style="dim")
        if left:
            label.append(f" ({left} older not shown: v)", style="dim")
        self.query_one("#piles-label", TextBox).show(label)
        spread: list[Slot] = list(cards) or ["empty"]
        keys: list[Hashable] = ["stock", *(cards or ["pile"])]
        self.query_one("#piles", CardRow).show(
            [[stock], spread], flow.glyphs, keys=keys, big=big, spread=True
        )

    # -- acting ---------------------------------------------------------------------------------

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        kind = {"take": Take, "meld": LayMeld, "add": AddCard}.get(action)
        if kind is not None:
            return any(isinstance(a, kind) for a in self.legal())
        return super().offers(action, parameters)

    def kept(self) -> set[Card]:
        view = self.flow.pickup
        return set(cards_of(view.taken)) | ({view.must_meld} if view.must_meld is not None else set())

    def _choose(self, title: str, choices: list[Choice], none: str) -> None:
        """List the choices to choose from (even one: nothing is played before the person sees
        it), or say why there are none."""
        if not choices:
            self.flow.say(none if self.phase() is not None else "it is not your turn", "Not allowed")
            self.draw()
        else:

            def chosen(index: int | None) -> None:
                if index is not None and 0 <= index < len(choices):
                    self.act_all(choices[index].actions)

            self.app.push_screen(ChoiceScreen(title, [c.text for c in choices]), chosen)

    def action_take(self) -> None:
        drawing = self.phase() in (Phase.OFFER, Phase.DRAW)
        none = "nothing to take" if drawing else "you have drawn this turn: lay melds (m), add (a) or discard"
        self._choose("Take from the discard pile", pickup_words.take_choices(self.flow), none)

    def action_meld(self) -> None:
        none = "no meld to lay" if self.phase() is Phase.DISCARD else _AFTER_DRAWING.format("lay melds")
        self._choose("Lay a meld on the table", pickup_words.meld_choices(self.flow), none)

    def action_add(self) -> None:
        none = "no card fits a table meld" if self.phase() is Phase.DISCARD else _AFTER_DRAWING.format("add")
        self._choose("Add a card to a table meld", pickup_words.add_choices(self.flow), none)

    def on_card_row_clicked(self, event: CardRow.Clicked) -> None:
        phase = self.phase()
        key: Hashable = event.key
        view = self.flow.pickup
        if event.row.id == "piles":
            if key == "stock" and phase is Phase.DRAW:
                self.act(DrawStock())
            elif isinstance(key, Card) and phase in (Phase.OFFER, Phase.DRAW) and key in view.discard_pile:
                self.act(Take(len(view.discard_pile) - view.discard_pile.index(key)))
            elif key != "stock":
                self.action_pile()
        elif event.row.id == "hand" and isinstance(key, Card) and phase is Phase.DISCARD:
            self.selected = key
            self.discard(key)
