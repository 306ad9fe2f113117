"""What the tables of every variant share: the header, the log of the hand in words, the score
sheet's panel, the prompt, the key bar; choosing a card with the keys; the end of a hand and of a
game, play again, quit; hints, undo, the discard pile, the sheet and the keys.

A table is a :class:`BaseTable` subclass per variant (:class:`~ginrummy.cli.tui.table.TableScreen`
for the standard game, :class:`~ginrummy.cli.tui.pickup.PickupTable` for discard-pile pickup) that
composes its middle part, draws it from the person's view and plays the variant's moves. Every
change goes through the flow (:class:`~ginrummy.cli.tui.flow.TableFlow`), then the screen is drawn
again from the view; the screen holds no game state (``selected`` is a cursor).

From 110x36 the table is *big*: cards of :data:`~ginrummy.cli.tui.widgets.BIG_WIDTH` columns and four
lines, the discard pile spread, and a wider score sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from ginrummy.cards import Card
from ginrummy.cli.tui import words
from ginrummy.cli.tui.flow import NewGame, TableFlow
from ginrummy.cli.tui.layout import (
    BIG,
    BIG_SIDE,
    BIG_SIDE_FROM,
    HOLD,
    MOST,
    SIDE,
    SORT_WORDS,
    SORTS,
    TALL,
    WIDE,
    Sort,
)
from ginrummy.cli.tui.newgame import NewGameScreen, ask_to_leave, choices_of, leave_game, presets_played
from ginrummy.cli.tui.review import ReviewScreen, can_review, reviewer
from ginrummy.cli.tui.screens import EndScreen, HelpScreen, PileScreen
from ginrummy.cli.tui.widgets import CardRow, KeyBar, Slot, TextBox, ascii_words
from ginrummy.errors import GinRummyError
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.order import HandLayout, by_rank
from ginrummy.hand.phase import Phase
from ginrummy.variants import AnyAction

__all__ = ["BaseTable", "capital"]


def capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _parsed(action: str) -> tuple[str, tuple[object, ...]]:
    _, name, params = parse(action)
    return name, params


class BaseTable(Screen[None]):
    """The parts every table shares (see the module docstring). :meth:`compose` lays out every
    table's widgets (``#header``; on the left ``#opponent-label``, ``#opponent``, the variant's
    own rows from :meth:`compose_middle`, ``#piles-label``, ``#piles``, ``#hand-label``, ``#hand``,
    ``#prompt``, ``#log``; ``#side`` on the right; ``#keys``). Subclasses implement
    :meth:`draw_table`, :meth:`header_text`, :meth:`prompt_text`, :meth:`order` and
    :meth:`help_lines`, and may add :meth:`compose_middle`, :meth:`your_turn` and their own
    :meth:`discard`. The keys every table binds alike (draw ``d``, pass ``p``, discard ``⏎``) act
    here; each table lists them in its ``BINDINGS``, in the order of its key bar."""

    SHARED: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(str(d), f"pick({d or 10})", str(d), show=False) for d in range(10)),
        Binding("r", "sort", "Sort"),
        Binding("shift+left", "shift(-1)", "Move left", show=False),
        Binding("shift+right", "shift(1)", "Move right", show=False),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("v", "pile", "Pile"),
        Binding("s", "sheet", "Sheet"),
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("n", "new_game", "New"),
        Binding("q", "quit_table", "Quit"),
    ]
    hold: float = HOLD
    """Seconds a practice game's computer holds its reply to the person's discard (:data:`HOLD`;
    a test may hold it for ever, so that a slow machine cannot let the reply in first)."""

    def __init__(self, flow: TableFlow) -> None:
        super().__init__()
        self.flow = flow
        self.selected: Card | None = None
        """The card chosen with the keys (a cursor, not game state)."""
        self.sort: Sort = "melds"
        """How the person's hand is shown (``r`` changes it; Shift+arrows make an order of one's own)."""
        self.own: list[Card] = []
        """The person's own order of their hand (:attr:`sort` ``own``)."""
        self.reply_timer: Timer | None = None
        """What lets the computer play its held reply (:meth:`act`)."""

    def on_mount(self) -> None:
        self.styles.align_horizontal = "center"  # wider than MOST columns: the table in the middle
        self.after_change()

    def on_resize(self) -> None:
        self.draw()

    def compose(self) -> ComposeResult:
        yield TextBox(id="header")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield TextBox(id="opponent-label")
                yield CardRow(id="opponent")
                yield from self.compose_middle()
                yield TextBox(id="piles-label")
                yield CardRow(id="piles")
                yield TextBox(id="hand-label")
                yield CardRow(id="hand", numbers=True)
                yield TextBox(id="prompt")
                yield TextBox(id="log", tail=True, head=1)
            yield TextBox(id="side", tail=True, head=3)
        yield KeyBar(id="keys")

    # -- what each table provides ----------------------------------------------------------

    def compose_middle(self) -> ComposeResult:
        """The variant's own rows, between the computer's hand and the piles (none by default)."""
        return iter(())

    def draw_table(self, big: bool) -> None:
        """Draw the variant's part of the table (cards, piles, melds) from the person's view."""
        raise NotImplementedError

    def header_text(self, wide: bool) -> Text:
        """The header line: the score and what is in force."""
        raise NotImplementedError

    def prompt_text(self) -> Text:
        """What the person may do now."""
        raise NotImplementedError

    def order(self) -> list[Card]:
        """The person's hand in display order (the order of the position keys)."""
        raise NotImplementedError

    def your_turn(self) -> None:
        """Open what the person's turn needs beyond the keys, if anything (a chooser)."""

    def help_lines(self) -> list[Text]:
        """The keys and clicks of this table."""
        raise NotImplementedError

    def arranged(self, layout: HandLayout) -> tuple[list[list[Slot]], int]:
        """The person's hand as shown, and how many of its groups are melds (framed): the melds
        then the deadwood (:attr:`sort` ``melds``), or one row in :meth:`sorted_hand`'s order."""
        if self.sort != "melds":
            return [list(self.sorted_hand(layout.order))], 0
        groups: list[list[Slot]] = [list(m.cards) for m in layout.melds]
        if layout.deadwood:
            groups.append(list(layout.deadwood))
        return groups, len(layout.melds)

    def sorted_hand(self, order: list[Card]) -> list[Card]:
        """The cards of ``order`` (melds first) as :attr:`sort` shows them: by suit, by rank, or in
        the person's own order (cards new to the hand at its end)."""
        if self.sort == "suit":
            return sorted(order)
        if self.sort == "rank":
            return by_rank(order)
        if self.sort == "own":
            mine = [c for c in self.own if c in order]
            self.own = mine + [c for c in order if c not in mine]
            return list(self.own)
        return order

    def side_width(self) -> int:
        """The score sheet panel's width (0: no panel): from 120 columns with big cards, wide
        enough for the sheet's one row per hand (:data:`BIG_SIDE`)."""
        if self.big and self.size.width >= BIG_SIDE_FROM:
            return BIG_SIDE
        return SIDE[self.size.width >= WIDE]

    # -- drawing ------------------------------------------------------------------------------

    @property
    def big(self) -> bool:
        """Whether the terminal is big enough for big cards (:data:`BIG`)."""
        return self.size.width >= BIG[0] and self.size.height >= BIG[1]

    def draw(self) -> None:
        """Draw every part of the table again from the person's view."""
        flow = self.flow
        if flow.state is None:
            return
        self.set_class(self.size.height >= TALL, "tall")
        side = self.query_one("#side", TextBox)
        width = self.side_width()
        side.display = width > 0
        if width and (side.styles.width is None or side.styles.width.value != width):
            side.styles.width = width
        self.fit(self.query_one("#header", TextBox), self.header_text(self.size.width >= WIDE), 2)
        self.draw_table(self.big)
        prompt = self.prompt_text()
        if flow.message is not None:
            prompt = prompt + Text("\n") + flow.message
        self.fit(
            self.query_one("#prompt", TextBox), ascii_words(prompt, flow.glyphs), 5
        )  # a hint: as it needs
        self.query_one("#log", TextBox).show(Text("\n").join(flow.log_lines()))
        if width:
            side.crop = flow.session.sheet_layout == "paper"  # the paper sheet's columns are fixed
            side.show(Text(flow.sheet(width - 2, compact=True, height=side.size.height or None)))
        bindings = [b for b in self.BINDINGS if isinstance(b, Binding)]
        keys = [
            (ascii_words(Text(b.key_display or b.key), flow.glyphs).plain, b.description, b.action)
            for b in bindings
            if b.show and self.offers(*_parsed(b.action))
        ]
        self.query_one("#keys", KeyBar).show(keys)

    def fit(self, box: TextBox, text: Text, most: int) -> None:
        """Show ``text`` in ``box``, as many lines high as it takes, up to ``most``."""
        width = box.size.width or self.size.width or 80
        lines = min(len(text.wrap(self.app.console, max(width, 20))), most)
        if box.styles.height is None or box.styles.height.value != lines:
            box.styles.height = lines
        box.show(text)

    def after_change(self) -> None:
        """Draw the table, then open what the flow now needs: the end of the hand or of the game,
        the notice of a forfeit, or what the person's turn needs (:meth:`your_turn`)."""
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
            buttons += [("review", "Review (r)")] if can_review(flow.session) else []
            # The sheet's button only where its panel is not beside the table (s opens it still)
            beside = bool(self.side_width())
            buttons += [] if beside else [("sheet", "Sheet (s)")]
            buttons += [("new", "New game (g)"), ("quit", "Quit (q)")]
            self.app.push_screen(
                EndScreen(
                    f"Hand {flow.hand_number} is over",
                    lines,
                    buttons,
                    id="hand-over",
                    over=self.over(),
                    keys_only=("sheet",) if beside else (),
                ),
                self._hand_over,
            )
        elif flow.stage == "game-over":
            self._game_over()
        elif flow.stage == "play" and flow.view.my_turn:
            if self.selected is None:
                self.selected = self.first_choice()
                self.draw()
            self.your_turn()

    def over(self) -> tuple[int, int] | None:
        """The table's columns (first, how many) when the sheet's panel is beside it, for a
        dialog to stay over the table (:class:`~ginrummy.cli.tui.screens.EndScreen`)."""
        side = self.side_width()
        if not side:
            return None
        used = min(self.app.size.width, MOST)  # laid out or not yet, the table's columns are these
        return (self.app.size.width - used) // 2, used - side

    def _hand_over(self, choice: str | None) -> None:
        if choice == "quit":
            self.action_quit_table()
        elif choice == "sheet":
            self.app.push_screen(self._sheet_screen(), lambda _: self.after_change())
        elif choice == "review":
            make = reviewer(self.flow.session, self.flow.hand_number)
            title = f"Review of hand {self.flow.hand_number}"
            self.app.push_screen(ReviewScreen(title, make), lambda _: self.after_change())
        elif choice == "new":
            self.action_new_game()
        else:
            self.flow.next()
            self.after_change()

    def _game_over(self) -> None:
        flow = self.flow
        if flow.all_over:
            buttons = [("again", "Play again (a)"), ("new", "New game (g)"), ("quit", "Quit (q)")]
            title = "The game is over" if flow.match.kind == "single" else "The match is over"
        else:
            buttons = [("next", "Next game (n)"), ("quit", "Quit (q)")]
            title = f"Game {len(flow.match.games)} of the match is over"
        if can_review(flow.session):
            buttons.insert(-1, ("review", "Review the game (r)"))
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
        if choice == "new":
            self.app.push_screen(NewGameScreen(choices_of(self.flow), presets_played()), self._new_game)
            return
        if choice == "review":
            make = reviewer(self.flow.session, None)
            self.app.push_screen(ReviewScreen("Review of the game", make), lambda _: self._game_over())
            return
        if choice == "again":
            self.flow.play_again()
        else:
            self.flow.next()
        self.selected = None
        self.after_change()

    def _new_game(self, choice: NewGame | None, back: Callable[[], None] | None = None) -> None:
        """Start the game chosen on the new-game screen at a table of its variant (or, cancelled
        or refused, ``back``: to the end of the game by default)."""
        back = back or self._game_over
        if choice is None:
            back()
            return
        try:
            self.flow.play_again(choice)
        except GinRummyError as exc:
            self.flow.say(str(exc), "Not allowed", style="red")
            back()
            return
        self.post_message(self.NewTable())

    class NewTable(Message):
        """The game now played needs a fresh table (its variant's): the application opens it."""

    def _sheet_screen(self) -> PileScreen:
        screen = PileScreen([Text(self.flow.sheet(76))])
        screen.title_text = "The score sheet"
        return screen

    # -- acting ---------------------------------------------------------------------------------

    def act(self, action: AnyAction) -> None:
        """Play the person's ``action`` through the flow, then draw and open what comes next. A
        practice game's discard holds the computer's reply for :data:`HOLD` seconds (or until the
        next key other than ``u``), while ``u`` may take the discard back."""
        if self.flow.act(action):
            self.selected = self.first_choice()
            if self.flow.waiting:
                self._stop_timer()
                self.reply_timer = self.set_timer(self.hold, self.reply)
        self.after_change()

    def reply(self) -> None:
        """Let the computer play its held reply now (see :meth:`act`)."""
        self._stop_timer()
        if self.flow.waiting:
            self.flow.reply()
            self.selected = self.first_choice()
            self.after_change()

    def _stop_timer(self) -> None:
        if self.reply_timer is not None:
            self.reply_timer.stop()
            self.reply_timer = None

    def act_all(self, actions: Sequence[AnyAction]) -> None:
        """Play the person's ``actions`` in order (until one is refused), then draw."""
        if self.flow.act_all(actions):
            self.selected = self.first_choice()
        self.after_change()

    def first_choice(self) -> Card | None:
        """Where the cursor starts when the person is to discard: on the card just drawn, else on
        the last card of the hand they may discard (never the card just taken, which the rules
        keep), so that the card that looks chosen is the one Enter discards."""
        if self.phase() is not Phase.DISCARD:
            return None
        view = self.flow.view
        if view.drawn is not None:
            return view.drawn
        free = [c for c in self.order() if c not in self.kept()]
        return free[-1] if free else None

    def kept(self) -> set[Card]:
        """The cards the person may not discard now (the table's rules say which)."""
        return set()

    def refuse(self, action: AnyAction) -> None:
        """Say why the engine refuses the person's ``action`` now (nothing is played), and draw."""
        self.flow.explain(action)
        self.draw()

    def phase(self) -> Phase | None:
        """The phase of the person's turn, ``None`` when it is not their turn."""
        flow = self.flow
        if flow.state is None or flow.stage != "play":
            return None
        view = flow.view
        return view.phase if view.my_turn else None

    def legal(self) -> Sequence[AnyAction]:
        """The person's legal actions now; none when it is not their turn."""
        return self.flow.view.legal_actions if self.phase() is not None else ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Every key acts: one that cannot do what it does now says why (as the line mode does)
        rather than nothing; :meth:`offers` says which keys the bar shows. A key other than undo
        (or those that only show something) lets a held reply be played first (:meth:`act`)."""
        if self.flow.waiting and action not in ("undo", "help", "sheet", "pile"):
            self.reply()
        return True

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether a key of every table does something now (its key is shown in the bar); a
        table checks its own keys, then asks here."""
        phase = self.phase()
        if action == "draw":
            return DrawStock() in self.legal()
        if action == "pass_upcard":
            return Pass() in self.legal()
        if action in ("discard", "move", "pick"):
            return phase is Phase.DISCARD
        if action == "undo" and self.flow.waiting:
            return True
        if action in ("hint", "undo"):
            return phase is not None and self.flow.practice
        return True

    def action_draw(self) -> None:
        self.act(DrawStock())

    def action_pass_upcard(self) -> None:
        self.act(Pass())

    def any_card(self) -> Card:
        """A card of the person's hand (the chosen one, else the first): for the engine to say why
        a discard or a knock is refused now."""
        order = self.order()
        return self.selected if self.selected in order else order[0]

    def action_discard(self) -> None:
        if self.phase() is not Phase.DISCARD:
            self.refuse(Discard(self.any_card()))
            return
        if self.selected is None:
            self.flow.say("choose a card first (click it, or ← → or its number)", "Which card?")
            self.draw()
            return
        self.discard(self.selected)

    def discard(self, card: Card) -> None:
        """Discard ``card``, ending the person's turn (the standard table knocks when it must)."""
        self.act(Discard(card))

    def action_move(self, step: int) -> None:
        order = self.order()
        if self.phase() is not Phase.DISCARD:
            self.refuse(Discard(self.any_card()))
            return
        i = order.index(self.selected) if self.selected in order else (len(order) if step < 0 else -1)
        self.choose(order[(i + step) % len(order)])

    def action_pick(self, position: int) -> None:
        order = self.order()
        if self.phase() is not Phase.DISCARD:
            self.refuse(Discard(self.any_card()))
        elif 1 <= position <= len(order):
            self.choose(order[position - 1])
        else:
            self.flow.say(f"your hand has {len(order)} cards: 1-9, then 0 for the 10th", "No such card")
            self.draw()

    def choose(self, card: Card) -> None:
        """Put the cursor on ``card``; what was said before (e.g. "choose a card first") is done with."""
        self.selected = card
        self.flow.message = None
        self.draw()

    async def on_key_bar_pressed(self, event: KeyBar.Pressed) -> None:
        await self.run_action(event.action)

    def action_sort(self) -> None:
        """Show the hand in the next order: melds first, by suit, by rank (then melds again)."""
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)] if self.sort in SORTS else "melds"
        self.flow.say(
            SORT_WORDS[self.sort] + " (r: another order; Shift+← →: move the chosen card)", style="green"
        )
        self.draw()

    def action_shift(self, step: int) -> None:
        """Move the chosen card one place left or right: the hand is then in the person's own order."""
        order = self.order()
        if self.selected not in order:
            self.flow.say("choose a card first (← → or its number), then Shift+← → moves it", "Which card?")
            self.draw()
            return
        i = order.index(self.selected)
        j = max(0, min(len(order) - 1, i + step))
        order[i], order[j] = order[j], order[i]
        self.own, self.sort = order, "own"
        self.flow.say(SORT_WORDS["own"], style="green")
        self.draw()

    def action_hint(self) -> None:
        hint = self.flow.hint()
        if hint is not None and hint.card is not None:
            self.selected = hint.card
        self.draw()

    def action_undo(self) -> None:
        if self.flow.undo():
            self._stop_timer()
            self.selected = self.first_choice()
        self.draw()

    def action_pile(self) -> None:
        self.app.push_screen(PileScreen(words.pile_lines(self.flow)))

    def action_sheet(self) -> None:
        self.app.push_screen(self._sheet_screen())

    def action_help(self) -> None:
        glyphs = self.flow.glyphs
        self.app.push_screen(HelpScreen([ascii_words(line, glyphs) for line in self.help_lines()]))

    def action_new_game(self) -> None:
        """``n`` (or the end of a hand's "New game"): a new game in place of the one under way, asked
        first as quitting asks (No highlighted); then the new-game screen, where Cancel goes back
        to this game untouched; a rated stored game is then kept to resume, or resigned."""
        if self.app.screen is not self:  # a dialog opened first (the held reply ended the hand)
            return
        question = Text("Leave this game for a new one? It is left unfinished.")

        def start(choice: NewGame | None) -> None:
            if choice is None:
                self.back_at_table()
            else:
                leave_game(self.app, self.flow, lambda: self._new_game(choice, self.back_at_table))

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(NewGameScreen(choices_of(self.flow), presets_played()), start)
            else:
                self.back_at_table()

        ask_to_leave(self.app, self.flow, question, "New game (y)", answer)

    def action_quit_table(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                leave_game(self.app, self.flow, self.app.exit, close=True)
            else:
                self.back_at_table()

        ask_to_leave(self.app, self.flow, Text("Quit the game? It is left unfinished."), "Quit (y)", answer)

    def back_at_table(self) -> None:
        """Back at the table after a question: reopen what the flow needs (the end of a hand)."""
        if self.app.screen is self:
            self.after_change()
