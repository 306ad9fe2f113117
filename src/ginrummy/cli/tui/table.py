"""The table of the standard game: the main screen of ``ginrummy play`` in a terminal.

Top to bottom on the left: the score and the knock limit, the computer's hand (face down, the
cards it took from the discard pile face up; laid down at the end of a hand), the stock and the
discard pile (from 110x36 spread, newest on the right), your hand (melds first, framed in green,
then the deadwood; the deadwood after your best discard), what to do now, and the hand so far in
words. On the right, the score sheet. Keys and clicks are listed in
:data:`ginrummy.cli.tui.words.KEYS`; what every table shares is in :mod:`ginrummy.cli.tui.base`.
After the computer knocks, the layoff chooser lists the plans best first and takes a plan of the
person's own, typed and checked as it is typed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from ginrummy.cards import Card
from ginrummy.cli import render
from ginrummy.cli.table import COMPUTER
from ginrummy.cli.tui import words
from ginrummy.cli.tui.base import BaseTable, capital
from ginrummy.cli.tui.layout import CSS
from ginrummy.cli.tui.screens import ConfirmScreen, LayoffScreen
from ginrummy.cli.tui.widgets import BIG_WIDTH, CardRow, Slot, TextBox, fitting
from ginrummy.hand.order import by_rank, hand_layout
from ginrummy.hand.phase import Phase
from ginrummy.melds import best_discards
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, TakeDiscard
from ginrummy.variants.standard.defense import LayoffChoice

__all__ = ["TableScreen"]


def _joined(text: Text) -> Text:
    return Text(": ") + text if text.plain else text


class TableScreen(BaseTable):
    """The table of the standard game (see the module docstring)."""

    DEFAULT_CSS = "TableScreen { layout: vertical; }\n" + CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("p", "pass_upcard", "Pass"),
        Binding("enter,x,space", "discard", "Discard", key_display="⏎"),
        Binding("k", "knock", "Knock"),
        Binding("g", "gin", "Gin"),
        Binding("b", "big_gin", "Big gin"),
        *BaseTable.SHARED,
    ]

    # -- drawing ------------------------------------------------------------------------------

    def header_text(self, wide: bool) -> Text:
        header = Text(f"{self.flow.status(short=not wide)} · hand {self.flow.hand_number} · ")
        header.append(words.knock_words(self.flow, short=not wide), style="bold yellow")
        return header

    def prompt_text(self) -> Text:
        return words.prompt(self.flow)

    def help_lines(self) -> list[Text]:
        return words.help_lines(self.flow)

    def order(self) -> list[Card]:
        view = self.flow.standard
        return self.sorted_hand(hand_layout(view.hand, view.meld_rules).order)

    def draw_table(self, big: bool) -> None:
        flow = self.flow
        view = flow.standard
        glyphs = flow.glyphs
        result = view.result
        opponent = self.query_one("#opponent", CardRow)
        name = flow.names[COMPUTER]
        if result is not None and result.hands[COMPUTER]:
            layout = hand_layout(result.hands[COMPUTER], view.meld_rules)
            groups: list[list[Slot]] = [list(m.cards) for m in layout.melds]
            if layout.deadwood:
                groups.append(list(layout.deadwood))
            opponent.show(groups, glyphs, melds=len(layout.melds), big=big)
            if result.knocker == COMPUTER:
                said = f"deadwood {result.knocker_count}"
            elif result.defense is not None and result.defense.layoffs:
                said = f"deadwood {result.defender_count} after layoffs"
            else:  # a gin (nothing may be laid off), or nothing that fitted
                said = f"deadwood {result.defender_count}"
            label = Text(f"{name} laid down: {said}")
        else:
            known, count = view.opponent_known, view.opponent_hand_size
            shown: list[Slot] = list(by_rank(known))
            hidden: list[Slot] = [None] * (count - len(shown))
            opponent.show([g for g in (shown, hidden) if g], glyphs, big=big)
            label = Text(f"{name} ({flow.session.opponent}): {render.cards(count)}")
            if shown:
                label.append(f" ({len(shown)} from the pile)")
        self.query_one("#opponent-label", TextBox).show(label)
        self._draw_piles(big)

        hand = self.query_one("#hand", CardRow)
        layout = hand_layout(view.hand, view.meld_rules)
        if self.selected not in layout.order:
            self.selected = None
        mine, melds = self.arranged(layout)
        discarding = view.phase is Phase.DISCARD and view.my_turn
        hand.show(
            mine,
            glyphs,
            selected=self.selected if discarding else None,
            highlight=view.drawn if view.drawn is not None else view.taken,
            melds=melds,
            big=big,
        )
        label = Text("Your hand: ", style="bold")
        label.append(words.deadwood_words(flow) if view.my_turn else f"deadwood {layout.points}")
        self.query_one("#hand-label", TextBox).show(label)

    def _draw_piles(self, big: bool) -> None:
        """The stock and the discard pile: its top card with the counts beside it, or (big) the
        pile spread, newest on the right, under a line of the counts."""
        flow = self.flow
        view = flow.standard
        first_turn = view.phase in (Phase.OFFER, Phase.LAST_CHANCE)
        stock: Slot = "stock" if view.stock_size else "empty"
        size = len(view.discard_pile)
        pile_name = "Upcard" if first_turn else "Discard pile"
        counts = Text(f"Stock: {render.cards(view.stock_size)}")
        piles = self.query_one("#piles", CardRow)
        label = self.query_one("#piles-label", TextBox)
        label.display = big
        knock = Text(capital(words.knock_words(flow, short=True)), style="yellow") + _joined(
            words.options(flow)
        )
        if big:
            room = (self.query_one("#table").size.width or 70) - BIG_WIDTH - 1
            cards, left = fitting(list(view.discard_pile), room, big)
            counts.append(f" · {pile_name}: {render.cards(size) if size else 'empty'}")
            counts.append(
                f", newest on the right ({left} older not shown; v shows all)" if left else " (v shows all)",
                style="dim",
            )
            options = words.options(flow)
            self.fit(label, counts + (Text(" · ") + options if options.plain else Text()), 2)
            spread: list[Slot] = list(cards) or ["empty"]
            piles.show(
                [[stock], spread], flow.glyphs, keys=["stock"] + ["pile"] * len(spread), big=True, spread=True
            )
            return
        up = view.upcard
        knock = Text(capital(words.knock_words(flow, short=True)), style="yellow") + _joined(
            words.options(flow)
        )
        beside = [
            counts,
            Text(f"{pile_name}: {render.cards(size)}") + Text(" (v shows all)", style="dim")
            if size
            else Text(f"{pile_name}: empty"),
            knock,
        ]
        pile: Slot = up if up is not None else "empty"
        piles.show([[stock], [pile]], flow.glyphs, beside=beside, keys=["stock", "pile"])

    def your_turn(self) -> None:
        """After the computer knocks: the layoff chooser (the plans best first, or one's own)."""
        flow = self.flow
        if not flow.choosing_layoffs:
            return
        choices = flow.layoff_choices()
        head, plans = words.layoff_lines(flow, choices)

        def check(text: str) -> LayoffChoice:
            return words.own_plan(flow, text)

        def chosen(choice: LayoffChoice | int | None) -> None:
            if isinstance(choice, LayoffChoice):
                self.act(choice.action())
            else:
                self.act(choices[choice or 0].action())

        notations = [str(choice.action()).removeprefix("layoff").strip() for choice in choices]
        self.app.push_screen(LayoffScreen(head, plans, check, flow.glyphs, notations), chosen)

    # -- acting ---------------------------------------------------------------------------------

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action == "take":
            return TakeDiscard() in self.legal()
        if action == "knock":
            return any(isinstance(a, Knock) for a in self.legal())
        if action == "gin":
            return self.phase() is Phase.DISCARD and 0 in words.knock_cards(self.flow).values()
        if action == "big_gin":
            return any(isinstance(a, BigGin) for a in self.legal())
        return super().offers(action, parameters)

    def action_take(self) -> None:
        self.act(TakeDiscard())

    def discard(self, card: Card) -> None:
        """Discard ``card``; on the last card of the stock, knock with it (asks first)."""
        if self.flow.standard.must_knock:
            self._knock(card)
        else:
            self.act(Discard(card))

    def _knock(self, card: Card | None, gin: bool = False) -> None:
        """Knock (or go gin) discarding ``card``, or the best card to do it with; asks first."""
        choices = words.knock_cards(self.flow)
        if gin:
            choices = {c: d for c, d in choices.items() if d == 0}
        if not choices:
            self._refuse_knock(card, gin)
            return
        if card not in choices:
            card = min(choices, key=lambda c: (choices[c], -c))
        self.selected = card
        self.draw()
        knock = Knock(card)
        self.app.push_screen(
            ConfirmScreen(words.knock_text(self.flow, card)), lambda yes: self.act(knock) if yes else None
        )

    def kept(self) -> set[Card]:
        taken = self.flow.standard.taken
        return set() if taken is None else {taken}

    def _refuse_knock(self, card: Card | None, gin: bool) -> None:
        """Say why the person may not knock (or go gin) now: the engine's reason, or for gin what
        the best discard leaves (as the line mode says it)."""
        flow = self.flow
        if self.phase() is not Phase.DISCARD or not gin:
            if card not in self.order():
                card = (
                    best_discards(flow.standard.hand, mr=flow.standard.meld_rules)[1][0]
                    if self.phase() is Phase.DISCARD
                    else self.any_card()
                )
            flow.explain(Knock(card))
            if gin and flow.message is not None:
                flow.message = Text(
                    flow.message.plain.replace("cannot knock", "cannot go gin"), style="yellow"
                )
            self.draw()
            return
        view = flow.standard
        count, cards = best_discards(view.hand, mr=view.meld_rules)
        best = flow.card_text(cards[0]).plain
        more = (
            f" (to knock: k, discarding {best})"
            if any(isinstance(a, Knock) for a in view.legal_actions)
            else ""
        )
        flow.say(
            f"that is not gin: your best discard, {best}, leaves {count} points of deadwood{more}",
            "Not allowed",
        )
        self.draw()

    def action_knock(self) -> None:
        self._knock(self.selected)

    def action_gin(self) -> None:
        self._knock(self.selected, gin=True)

    def action_big_gin(self) -> None:
        if not any(isinstance(a, BigGin) for a in self.legal()):
            self.refuse(BigGin())
            return
        self.app.push_screen(
            ConfirmScreen(Text("Go big gin: all 11 cards in melds?")),
            lambda yes: self.act(BigGin()) if yes else None,
        )

    def on_card_row_clicked(self, event: CardRow.Clicked) -> None:
        phase = self.phase()
        key: Hashable = event.key
        if event.row.id == "piles":
            if key == "stock" and phase is Phase.DRAW:
                self.act(DrawStock())
            elif key == "pile" and phase in (Phase.OFFER, Phase.LAST_CHANCE, Phase.DRAW):
                self.act(TakeDiscard())
            elif key == "pile":
                self.action_pile()
        elif event.row.id == "hand" and isinstance(key, Card) and phase is Phase.DISCARD:
            self.selected = key
            self.discard(key)
