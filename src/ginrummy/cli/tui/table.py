"""The table: the main screen of ``ginrummy play`` in a terminal.

Top to bottom on the left: the score and the knock limit, the computer's hand (face down, the
cards it took from the discard pile face up; laid down at the end of a hand), the stock and the
discard pile, your hand (melds first, framed in green, then the deadwood; the deadwood after
your best discard), what to do now, and the hand so far in words. On the right, the score sheet.
Keys and clicks are listed in :data:`ginrummy.cli.tui.words.KEYS`. Every change goes through the
flow (:class:`~ginrummy.cli.tui.flow.TableFlow`), then the screen is drawn again from the view.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ginrummy.cards import Card
from ginrummy.cli.table import COMPUTER
from ginrummy.cli.tui import words
from ginrummy.cli.tui.flow import TableFlow
from ginrummy.cli.tui.screens import ConfirmScreen, EndScreen, HelpScreen, LayoffScreen, PileScreen
from ginrummy.cli.tui.widgets import CardRow, KeyBar, Slot, TextBox
from ginrummy.hand.actions import BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.hand.order import by_rank, hand_layout
from ginrummy.hand.phase import Phase
from ginrummy.variants import AnyAction

__all__ = ["TableScreen"]

WIDE = 100
"""From this many columns the score sheet's panel is wider."""
SIDE = {False: 32, True: 44}
"""The score sheet panel's width (columns) below and from :data:`WIDE` columns."""


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _joined(text: Text) -> Text:
    return Text(": ") + text if text.plain else text


def _parsed(action: str) -> tuple[str, tuple[object, ...]]:
    _, name, params = parse(action)
    return name, params


class TableScreen(Screen[None]):
    """The table (see the module docstring). ``selected`` is the card the keys would discard."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #header { background: $panel; text-style: bold; }
    #main { height: 1fr; }
    #table { width: 1fr; }
    #side { width: 32; height: 1fr; border-left: solid $panel-lighten-2; padding: 0 0 0 1; }
    #prompt { height: 1; }
    #log { height: 1fr; border-top: solid $panel-lighten-2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("p", "pass_upcard", "Pass"),
        Binding("enter,x,space", "discard", "Discard", key_display="⏎"),
        Binding("k", "knock", "Knock"),
        Binding("g", "gin", "Gin"),
        Binding("b", "big_gin", "Big gin"),
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(str(d), f"pick({d or 10})", str(d), show=False) for d in range(10)),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("v", "pile", "Pile"),
        Binding("s", "sheet", "Sheet"),
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(self, flow: TableFlow) -> None:
        super().__init__()
        self.flow = flow
        self.selected: Card | None = None
        """The card chosen with the keys (a cursor, not game state)."""

    def compose(self) -> ComposeResult:
        yield TextBox(id="header")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield TextBox(id="opponent-label")
                yield CardRow(id="opponent")
                yield CardRow(id="piles")
                yield TextBox(id="hand-label")
                yield CardRow(id="hand", numbers=True)
                yield TextBox(id="prompt")
                yield TextBox(id="log", tail=True, head=1)
            yield TextBox(id="side", tail=True, head=3)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.after_change()

    def on_resize(self) -> None:
        self.draw()

    # -- drawing ------------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw every part of the table again from the person's view."""
        flow = self.flow
        if flow.state is None:
            return
        view = flow.view
        glyphs = flow.glyphs
        wide = self.size.width >= WIDE
        side = self.query_one("#side", TextBox)
        if side.styles.width is None or side.styles.width.value != SIDE[wide]:
            side.styles.width = SIDE[wide]
        header = Text(f"{flow.status()} · hand {flow.hand_number} · ")
        header.append(flow.knock_words(short=not wide), style="bold yellow")
        self._fit(self.query_one("#header", TextBox), header, 2)  # Hollywood's three scores may wrap

        result = view.result
        opponent = self.query_one("#opponent", CardRow)
        name = flow.names[COMPUTER]
        if result is not None and result.hands[COMPUTER]:
            layout = hand_layout(result.hands[COMPUTER], view.meld_rules)
            groups: list[list[Slot]] = [list(m.cards) for m in layout.melds]
            if layout.deadwood:
                groups.append(list(layout.deadwood))
            opponent.show(groups, glyphs, melds=len(layout.melds))
            if result.knocker == COMPUTER:
                said = f"deadwood {result.knocker_count}"
            else:
                said = f"deadwood {result.defender_count} after layoffs"
            label = Text(f"{name} laid down: {said}")
        else:
            known, count = flow.computer_cards()
            shown: list[Slot] = list(by_rank(known))
            hidden: list[Slot] = [None] * (count - len(shown))
            opponent.show([g for g in (shown, hidden) if g], glyphs)
            label = Text(f"{name} ({flow.session.opponent}): {count} cards")
            if shown:
                label.append(f" ({len(shown)} from the pile)")
        self.query_one("#opponent-label", TextBox).show(label)

        up = view.upcard
        first_turn = view.phase in (Phase.OFFER, Phase.LAST_CHANCE)
        stock: Slot = "stock" if view.stock_size else "empty"
        pile: Slot = up if up is not None else "empty"
        pile_name = "Upcard" if first_turn else "Discard pile"
        beside = [
            Text(f"Stock: {view.stock_size} cards"),
            Text(f"{pile_name}: {len(view.discard_pile)} card{'s' * (len(view.discard_pile) != 1)}")
            + Text(" (v shows all)", style="dim"),
            Text(_capital(flow.knock_words(short=True)), style="yellow") + _joined(words.options(flow)),
        ]
        self.query_one("#piles", CardRow).show(
            [[stock], [pile]], glyphs, beside=beside, keys=["stock", "pile"]
        )

        hand = self.query_one("#hand", CardRow)
        layout = hand_layout(view.hand, view.meld_rules)
        order = layout.order
        if self.selected not in order:
            self.selected = None
        mine: list[list[Slot]] = [list(m.cards) for m in layout.melds]
        if layout.deadwood:
            mine.append(list(layout.deadwood))
        discarding = view.phase is Phase.DISCARD and view.my_turn
        hand.show(
            mine,
            glyphs,
            selected=self.selected if discarding else None,
            highlight=view.drawn if view.drawn is not None else view.taken,
            melds=len(layout.melds),
        )
        label = Text("Your hand: ", style="bold")
        label.append(flow.deadwood_words() if view.my_turn else f"deadwood {layout.points}")
        self.query_one("#hand-label", TextBox).show(label)

        prompt = words.prompt(flow)
        if flow.message is not None:
            prompt = prompt + Text("\n") + flow.message
        self._fit(self.query_one("#prompt", TextBox), prompt, 5)  # a hint takes the lines it needs
        self.query_one("#log", TextBox).show(Text("\n").join(flow.log_lines()))
        side.crop = flow.session.sheet_layout == "paper"  # the paper sheet's columns are fixed
        side.show(Text(flow.sheet(SIDE[wide] - 2)))
        keys = [
            (b.key_display or b.key, b.description, b.action)
            for b in self.BINDINGS
            if isinstance(b, Binding) and b.show and self.check_action(*_parsed(b.action))
        ]
        self.query_one("#keys", KeyBar).show(keys)

    def _fit(self, box: TextBox, text: Text, most: int) -> None:
        """Show ``text`` in ``box``, as many lines high as it takes, up to ``most``."""
        width = box.size.width or self.size.width or 80
        lines = min(len(text.wrap(self.app.console, max(width, 20))), most)
        if box.styles.height is None or box.styles.height.value != lines:
            box.styles.height = lines
        box.show(text)

    def after_change(self) -> None:
        """Draw the table, then open what the flow now needs: the end of the hand, the layoff
        chooser, or the notice of a forfeit."""
        self.draw()
        flow = self.flow
        if flow.stage == "forfeit":
            self.app.push_screen(
                EndScreen("The computer forfeits", [Text(flow.forfeit or "")], [("quit", "Quit (q)")]),
                lambda _: self.app.exit(),
            )
        elif flow.stage == "hand-over":
            over = flow.game.is_over
            lines = [*flow.result_lines(), Text(""), Text(flow.status(), style="dim")]
            buttons = [("next", "The end of the game (Enter)" if over else "Next hand (Enter)")]
            buttons += [("sheet", "Sheet (s)"), ("quit", "Quit (q)")]
            self.app.push_screen(
                EndScreen(f"Hand {flow.hand_number} is over", lines, buttons, id="hand-over"),
                self._hand_over,
            )
        elif flow.stage == "game-over":
            self._game_over()
        elif flow.choosing_layoffs:
            choices = flow.layoff_choices()
            head, plans = words.layoff_lines(flow, choices)
            self.app.push_screen(LayoffScreen(head, plans), lambda i: self._act(choices[i or 0].action()))

    def _hand_over(self, choice: str | None) -> None:
        if choice == "quit":
            self.action_quit_table()
        elif choice == "sheet":
            self.app.push_screen(self._sheet_screen(), lambda _: self.after_change())
        else:
            self.flow.next()
            self.after_change()

    def _game_over(self) -> None:
        flow = self.flow
        if flow.all_over:
            buttons = [("again", "Play again (a)"), ("quit", "Quit (q)")]
            title = "The game is over" if flow.match.kind == "single" else "The match is over"
        else:
            buttons = [("next", "Next game (n)"), ("quit", "Quit (q)")]
            title = f"Game {len(flow.match.games)} of the match is over"
        summary = flow.summary()
        if summary and summary[0].plain == "Game over.":
            summary = summary[1:]
        lines = [*summary, Text(""), Text(flow.sheet(72))]
        self.app.push_screen(EndScreen(title, lines, buttons, id="game-over"), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "quit":
            self.flow.close()
            self.app.exit()
            return
        if choice == "again":
            self.flow.play_again()
        else:
            self.flow.next()
        self.selected = None
        self.after_change()

    def _sheet_screen(self) -> PileScreen:
        screen = PileScreen([Text(self.flow.sheet(76))])
        screen.title_text = "The score sheet"
        return screen

    # -- acting ---------------------------------------------------------------------------------

    def _act(self, action: AnyAction) -> None:
        if self.flow.act(action):
            self.selected = None
        self.after_change()

    def _phase(self) -> Phase | None:
        flow = self.flow
        if flow.state is None or flow.stage != "play":
            return None
        view = flow.view
        return view.phase if view.my_turn else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self._phase()
        legal = self.flow.view.legal_actions if phase is not None else ()
        if action == "draw":
            return DrawStock() in legal
        if action == "take":
            return TakeDiscard() in legal
        if action == "pass_upcard":
            return Pass() in legal
        if action in ("discard", "move", "pick"):
            return phase is Phase.DISCARD
        if action == "knock":
            return any(isinstance(a, Knock) for a in legal)
        if action == "gin":
            return phase is Phase.DISCARD and 0 in self.flow.knock_cards().values()
        if action == "big_gin":
            return any(isinstance(a, BigGin) for a in legal)
        if action in ("hint", "undo"):
            return phase is not None and self.flow.practice
        return True

    def action_draw(self) -> None:
        self._act(DrawStock())

    def action_take(self) -> None:
        self._act(TakeDiscard())

    def action_pass_upcard(self) -> None:
        self._act(Pass())

    def _order(self) -> list[Card]:
        view = self.flow.view
        return hand_layout(view.hand, view.meld_rules).order

    def action_move(self, step: int) -> None:
        order = self._order()
        i = order.index(self.selected) if self.selected in order else (len(order) if step < 0 else -1)
        self.selected = order[(i + step) % len(order)]
        self.draw()

    def action_pick(self, position: int) -> None:
        order = self._order()
        if 1 <= position <= len(order):
            self.selected = order[position - 1]
        self.draw()

    def action_discard(self) -> None:
        if self.selected is None:
            self.flow.say("choose a card first (click it, or ← → or its number)", "Which card?")
            self.draw()
            return
        self._discard(self.selected)

    def _discard(self, card: Card) -> None:
        view = self.flow.view
        if view.must_knock:
            self._knock(card)
        else:
            self._act(Discard(card))

    def _knock(self, card: Card | None, gin: bool = False) -> None:
        """Knock (or go gin) discarding ``card``, or the best card to do it with; asks first."""
        choices = self.flow.knock_cards()
        if gin:
            choices = {c: d for c, d in choices.items() if d == 0}
        if not choices:
            self.flow.say("not with these cards", "Not allowed")
            self.draw()
            return
        if card not in choices:
            card = min(choices, key=lambda c: (choices[c], -c))
        self.selected = card
        self.draw()
        knock = Knock(card)
        self.app.push_screen(
            ConfirmScreen(self.flow.knock_text(card)), lambda yes: self._act(knock) if yes else None
        )

    def action_knock(self) -> None:
        self._knock(self.selected)

    def action_gin(self) -> None:
        self._knock(self.selected, gin=True)

    def action_big_gin(self) -> None:
        self.app.push_screen(
            ConfirmScreen(Text("Go big gin: all 11 cards in melds?")),
            lambda yes: self._act(BigGin()) if yes else None,
        )

    async def on_key_bar_pressed(self, event: KeyBar.Pressed) -> None:
        await self.run_action(event.action)

    def on_card_row_clicked(self, event: CardRow.Clicked) -> None:
        phase = self._phase()
        key: Hashable = event.key
        if event.row.id == "piles":
            if key == "stock" and phase is Phase.DRAW:
                self._act(DrawStock())
            elif key == "pile" and phase in (Phase.OFFER, Phase.LAST_CHANCE, Phase.DRAW):
                self._act(TakeDiscard())
            elif key == "pile":
                self.action_pile()
        elif event.row.id == "hand" and isinstance(key, Card) and phase is Phase.DISCARD:
            self.selected = key
            self._discard(key)

    def action_hint(self) -> None:
        hint = self.flow.hint()
        if hint is not None and hint.card is not None:
            self.selected = hint.card
        self.draw()

    def action_undo(self) -> None:
        self.flow.undo()
        self.draw()

    def action_pile(self) -> None:
        self.app.push_screen(PileScreen(words.pile_lines(self.flow)))

    def action_sheet(self) -> None:
        self.app.push_screen(self._sheet_screen())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(words.help_lines(self.flow)))

    def action_quit_table(self) -> None:
        question = Text("Quit the game? It is left unfinished.")
        if self.flow.session.save_path is not None:
            question.append(f" It is saved to {self.flow.session.save_path}.")

        def answer(yes: bool | None) -> None:
            if yes:
                self.flow.close()
                self.app.exit()
            elif self.app.screen is self:  # back at the table: reopen what the flow needs
                self.after_change()

        self.app.push_screen(ConfirmScreen(question), answer)
